/**
 * All builtins, grouped as in the language reference. Adding a builtin means adding
 * one spec to one group file (and its tests).
 */
import { ARITHMETIC } from "./arithmetic.js";
import { COLLECTIONS } from "./collections.js";
import { COMPARISON } from "./comparison.js";
import { INTERNAL } from "./internal.js";
import { IO } from "./io.js";
import { PARALLEL } from "./parallel.js";
import { PREDICATES } from "./predicates.js";
import { defineBuiltins, Registry, type BuiltinSpec } from "./registry.js";
import { SEQUENCES } from "./sequences.js";
import { STRINGS } from "./strings.js";

export const BUILTIN_GROUPS: readonly { readonly title: string; readonly specs: readonly BuiltinSpec[] }[] = [
  { title: "Arithmetic", specs: ARITHMETIC },
  { title: "Comparison and logic", specs: COMPARISON },
  { title: "Predicates", specs: PREDICATES },
  { title: "Collections and maps", specs: COLLECTIONS },
  { title: "Sequences", specs: SEQUENCES },
  { title: "Strings", specs: STRINGS },
  { title: "Output", specs: IO },
  { title: "Parallel calls", specs: PARALLEL },
  { title: "Internal", specs: INTERNAL },
];

/** The registry every evaluation uses (immutable; built once per process). */
export const REGISTRY = new Registry(defineBuiltins(BUILTIN_GROUPS.flatMap((g) => g.specs)));
