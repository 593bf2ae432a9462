import type { BuiltinSpec } from "./registry.js";

export const WALK: BuiltinSpec[] = [];
