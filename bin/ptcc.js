#!/usr/bin/env node
// The ptcc command: runs the compiled CLI (npm install builds dist/ through `prepare`).
import "../dist/cli/main.js";
