import type { BuiltinSpec } from "./registry.js";

export const FUNCTIONS: BuiltinSpec[] = [];
