#!/usr/bin/env node
// The ptcc command: runs the bundled CLI (`npm install` builds dist/ through `prepare`).
import "../dist/bundle/ptcc.mjs";
