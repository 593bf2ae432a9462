/** Conformance cases for output and parallel builtins (see case.ts for the markings). */
import { CaseTable } from "./case.js";

const t = new CaseTable();
const NO_PMAP = "ClojureScript has no pmap/pcalls; the JVM runs them in threads and returns map's result";
const PRINT_LINES = "ptcc keeps print/pr output line by line; a later println adds a line of its own";

t.group("println", [
  ["strings unquoted", '(println "a" "b")'],
  ["values", '(println 1 :k [1 "x"] {:a nil} nil)'],
  ["returns nil", "(println)"],
  ["several lines", '(do (println "one") (println "two") 3)'],
]);
t.group("prn", [
  ["strings quoted", '(prn "a" 1 :k)'],
  ["nested", '(prn {:a ["x" \\c]})', { ignoreOutput: "nbb prints characters as one-character strings" }],
]);
t.group("print", [
  ["one line", '(print "done")', { ignoreOutput: PRINT_LINES }],
  ["returns nil", "(print 1 2)", { ignoreOutput: PRINT_LINES }],
]);
t.group("pr", [
  ["readable", '(pr "x" [1])', { ignoreOutput: PRINT_LINES }],
  ["returns nil", "(pr)", { ignoreOutput: PRINT_LINES }],
]);
t.group("pmap", [
  ["like map", "(pmap inc [1 2 3])", { differs: NO_PMAP, expected: "(2 3 4)" }],
  ["several colls", "(pmap + [1 2] [10 20 30])", { differs: NO_PMAP, expected: "(11 22)" }],
  ["empty", "(pmap inc [])", { differs: NO_PMAP, expected: "()" }],
  ["keyword", "(pmap :a [{:a 1} {:a 2}])", { differs: NO_PMAP, expected: "(1 2)" }],
  ["closure", "(let [k 10] (vec (pmap #(* k %) (range 4))))", { differs: NO_PMAP, expected: "[0 10 20 30]" }],
  ["same as map", "(= (pmap inc (range 40)) (map inc (range 40)))", { differs: NO_PMAP, expected: "true" }],
]);
t.group("pcalls", [
  ["results in order", "(pcalls (fn [] 1) (fn [] (+ 1 1)))", { differs: NO_PMAP, expected: "(1 2)" }],
  ["none", "(pcalls)", { differs: NO_PMAP, expected: "()" }],
  ["not a function", "(pcalls 1)", { differs: NO_PMAP, expectError: "type" }],
]);
const TASKS = "task is PTC-Lisp's own: a value kept per run and id";
t.group("task-reset", [
  ["forgets a kept value", '(do (task "a" 1) (task-reset "a") (task "a" 2))', { differs: TASKS, expected: "2" }],
  ["nothing kept", '(task-reset "none")', { differs: TASKS, expected: "false" }],
  ["a keyword id", "(do (task :a 1) (task-reset :a))", { differs: TASKS, expected: "true" }],
  ["not an id", "(task-reset 1)", { differs: TASKS, expectError: "type" }],
]);
t.group("budget/remaining", [
  [
    "outside an agent run every limit is nil",
    "(budget/remaining)",
    {
      differs: "PTC-Lisp's own: an agent run's limits",
      expected: "{:turns nil, :turn-budget nil, :tokens nil, :depth nil, :llm-requests nil, :ms nil}",
    },
  ],
]);

export const CASES = t.cases;
