import type { BuiltinSpec } from "./registry.js";

export const PARSING: BuiltinSpec[] = [];
