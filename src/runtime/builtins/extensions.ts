import type { BuiltinSpec } from "./registry.js";

export const EXTENSIONS: BuiltinSpec[] = [];
