import type { BuiltinSpec } from "./registry.js";

export const MAPS: BuiltinSpec[] = [];
