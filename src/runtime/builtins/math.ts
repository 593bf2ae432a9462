import type { BuiltinSpec } from "./registry.js";

export const MATH: BuiltinSpec[] = [];
