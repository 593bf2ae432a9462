/** Every builtin conformance table, by group (each group's file is owned by one author). */
import type { ConformanceCase } from "./case.js";
import { CASES as COLLECTIONS } from "./builtins-collections.cases.js";
import { CASES as CORE } from "./builtins-core.cases.js";
import { CASES as LAST_MILE } from "./builtins-last-mile.cases.js";
import { CASES as NUMBERS } from "./builtins-numbers.cases.js";
import { CASES as SEQUENCES } from "./builtins-sequences.cases.js";
import { CASES as STRINGS } from "./builtins-strings.cases.js";
import { CASES as ISSUE27 } from "./issue27.cases.js";

export const TABLES: readonly (readonly [string, readonly ConformanceCase[]])[] = [
  ["sequences (builtins agree with Clojure)", SEQUENCES],
  ["collections, maps, sets, walk, extensions (builtins agree with Clojure)", COLLECTIONS],
  ["strings, regex, parsing, interop (builtins agree with Clojure)", STRINGS],
  ["numbers, predicates, functions (builtins agree with Clojure)", NUMBERS],
  ["output and parallel calls (builtins agree with Clojure)", CORE],
  ["the last mile: missing names, nil-punning, laziness (builtins agree with Clojure)", LAST_MILE],
  ["streaming reductions, shared structure, self-reference (issue 27)", ISSUE27],
];
