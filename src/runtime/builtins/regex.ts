import type { BuiltinSpec } from "./registry.js";

export const REGEX: BuiltinSpec[] = [];
