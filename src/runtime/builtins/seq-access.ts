import type { BuiltinSpec } from "./registry.js";

export const SEQ_ACCESS: BuiltinSpec[] = [];
