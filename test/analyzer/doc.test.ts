/** doc, apropos and dir: the reference, printed on demand from the registry. */
import { describe, expect, it } from "vitest";
import { evaluateSync } from "../../src/index.js";
import { Session } from "../../src/evaluator/session.js";

function printed(program: string): string {
  const r = evaluateSync(program);
  if (!r.ok) throw new Error(r.error.format());
  expect(r.printed).toBe("nil");
  return r.output.join("\n");
}

function error(program: string): string {
  const r = evaluateSync(program);
  if (r.ok) throw new Error(`expected an error, got ${r.printed}`);
  return r.error.format();
}

describe("doc", () => {
  it.each([
    ["(doc inc)", "inc ([x])\n  x plus one.\n  (inc 41) => 42"],
    ["(doc clojure.string/join)", "clojure.string/join ([coll] [separator coll])\n  The text of the items joined"],
    ["(doc str/join)", "clojure.string/join ([coll] [separator coll])"],
    ['(doc "str/join")', "clojure.string/join ([coll] [separator coll])"],
    ["(doc upcase)", "clojure.string/upper-case ([s])\n  s in upper case.\n  Also called upcase."],
    ["(doc if)", "(if test then else?) (special form)\n  Evaluate then if test is truthy"],
    ["(doc doc)", "(doc name) (special form)"],
    ["(doc Math/floor)", "Math/floor ([x])\n  Java's Math.floor"],
    ["(doc .toUpperCase)", ".toUpperCase ([s])\n  A string in upper case."],
    ["(doc sum-by)", "sum-by ([key coll])\n  The sum of a field"],
    ["(doc data/x)", "data/x is input data: see the data/ section of the mission."],
  ])("%s", (program, start) => {
    expect(printed(program).startsWith(start)).toBe(true);
  });

  it("a definition of an earlier program: its parameters and docstring", () => {
    const s = new Session();
    expect(s.evaluateSync('(defn big? "Over 100" [o] (> o 100))').ok).toBe(true);
    const r = s.evaluateSync("(doc big?)");
    expect(r.ok && r.output.join("\n")).toBe("user/big? ([o])\n  Over 100");
  });

  // doc renders while the program is analyzed, before its defn has run (issue 27 §3).
  it.each([
    ['(defn g "Doubles" [x] (* 2 x)) (doc g)', "user/g ([x])\n  Doubles"],
    ['(do (defn g "Doubles" [x] (* 2 x)) (doc g))', "user/g ([x])\n  Doubles"],
    ["(defn g ([x] x) ([x y] y)) (doc g)", "user/g ([x] [x y])\n  (your definition; no docstring)"],
    ['(def h "Half" (fn [x] (/ x 2))) (doc h)', "user/h ([x])\n  Half"],
    ['(def n "A count" 3) (doc n)', "user/n\n  A count"],
    ['(defn g "First" [x] x) (defn g "Second" [x] x) (doc g)', "user/g ([x])\n  Second"],
  ])("a definition earlier in the same program: %s", (program, expected) => {
    expect(printed(program)).toBe(expected);
  });

  it("a definition of this program replaces an earlier program's", () => {
    const s = new Session();
    expect(s.evaluateSync('(defn g "Old" [x] x)').ok).toBe(true);
    const r = s.evaluateSync('(defn g "New" [x y] x) (doc g)');
    expect(r.ok && r.output.join("\n")).toBe("user/g ([x y])\n  New");
  });

  it.each([
    ["(doc fliter)", "undefined symbol fliter at 1:6 — did you mean filter?"],
    ["(doc str/jion)", "clojure.string/jion is not available at 1:6 — did you mean clojure.string/join?"],
    ["(doc 42)", "doc takes a name, got 42 at 1:6"],
    ["(doc)", "doc needs 1 argument, got 0 at 1:1"],
    ["(doc tool/search)", "unknown tool search at 1:6"],
  ])("%s fails: %s", (program, message) => {
    expect(error(program).startsWith(message)).toBe(true);
  });
});

describe("apropos", () => {
  it("one line per name that contains the part, special forms included", () => {
    const out = printed('(apropos "upper")').split("\n");
    expect(out).toContain("(clojure.string/upper-case [s]) ; s in upper case.");
    expect(out).toContain("(.toUpperCase [s]) ; A string in upper case.");
    expect(printed('(apropos "when")')).toContain("(when test body...) ; ");
  });

  it("many matches: the first in full, the rest by name", () => {
    const out = printed('(apropos "e")').split("\n");
    expect(out).toHaveLength(31);
    expect(out[30]).toMatch(/^;; and \d+ more: /);
  });

  it.each([['(apropos "zzzq")', ';; no name contains "zzzq"; (dir clojure.core) lists the core functions']])(
    "%s",
    (program, text) => {
      expect(printed(program)).toBe(text);
    },
  );

  it("needs a string", () => {
    expect(error("(apropos 1)")).toBe(
      'apropos takes a part of a name as a string, got 1 at 1:10 — write (apropos "split")',
    );
  });
});

describe("dir", () => {
  it("a small namespace entry by entry; clojure.core by name", () => {
    expect(printed("(dir clojure.set)").split("\n")[0]).toMatch(/^\(clojure\.set\/\S+ \[/);
    expect(printed("(dir set)")).toBe(printed("(dir clojure.set)"));
    expect(printed("(dir Math)")).toContain("(Math/floor [x]) ; Java's Math.floor");
    const core = printed("(dir clojure.core)");
    expect(core).toContain(" map map-entry? map-indexed map? mapcat ");
    expect(core.endsWith(";; (doc name) shows one of them")).toBe(true);
  });

  it("an unknown namespace lists the known ones", () => {
    expect(error("(dir clojure.io)")).toContain("dir takes a namespace, got clojure.io at 1:6 — the namespaces are");
  });
});
