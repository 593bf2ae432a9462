/**
 * All builtins, grouped as in the language reference. Adding a builtin means adding
 * one spec to one group file (and its tests).
 */
import { ARITHMETIC } from "./arithmetic.js";
import { COLLECTIONS } from "./collections.js";
import { COMPARISON } from "./comparison.js";
import { EXTENSIONS } from "./extensions.js";
import { FUNCTIONS } from "./functions.js";
import { GENERATORS } from "./generators.js";
import { INTERNAL } from "./internal.js";
import { INTEROP } from "./interop/index.js";
import { IO } from "./io.js";
import { JSON_BUILTINS } from "./json.js";
import { MACHINE_INTS } from "./machine-ints.js";
import { MAPS } from "./maps.js";
import { MATH } from "./math.js";
import { PARALLEL } from "./parallel.js";
import { PARSING } from "./parsing.js";
import { PREDICATES } from "./predicates.js";
import { REGEX } from "./regex.js";
import { defineBuiltins, Registry, type BuiltinSpec } from "./registry.js";
import { SEQ_ACCESS } from "./seq-access.js";
import { SEQUENCES } from "./sequences.js";
import { SETS } from "./sets.js";
import { TASKS } from "./tasks.js";
import { STRINGS } from "./strings.js";
import { WALK } from "./walk.js";

export const BUILTIN_GROUPS: readonly { readonly title: string; readonly specs: readonly BuiltinSpec[] }[] = [
  { title: "Arithmetic", specs: ARITHMETIC },
  { title: "Math", specs: MATH },
  { title: "Machine integers (JVM semantics)", specs: MACHINE_INTS },
  { title: "Comparison and logic", specs: COMPARISON },
  { title: "Predicates", specs: PREDICATES },
  { title: "Functions", specs: FUNCTIONS },
  { title: "Collections", specs: COLLECTIONS },
  { title: "Maps", specs: MAPS },
  { title: "Sets (clojure.set)", specs: SETS },
  { title: "Sequences", specs: SEQUENCES },
  { title: "Sequence access", specs: SEQ_ACCESS },
  { title: "Lazy generators", specs: GENERATORS },
  { title: "Tree walking (clojure.walk)", specs: WALK },
  { title: "Strings (clojure.string)", specs: STRINGS },
  { title: "Regular expressions", specs: REGEX },
  { title: "Parsing", specs: PARSING },
  { title: "JSON text (json/)", specs: JSON_BUILTINS },
  { title: "PTC extensions", specs: EXTENSIONS },
  { title: "Output", specs: IO },
  { title: "Parallel calls", specs: PARALLEL },
  { title: "Tasks", specs: TASKS },
  { title: "Java interop", specs: INTEROP },
  { title: "Internal", specs: INTERNAL },
];

/** The registry every evaluation uses (immutable; built once per process). */
export const REGISTRY = new Registry(defineBuiltins(BUILTIN_GROUPS.flatMap((g) => g.specs)));
