import type { BuiltinSpec } from "./registry.js";

export const GENERATORS: BuiltinSpec[] = [];
