import type { BuiltinSpec } from "./registry.js";

export const SETS: BuiltinSpec[] = [];
