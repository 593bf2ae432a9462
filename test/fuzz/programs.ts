/**
 * Random PTC-Lisp programs, from the grammar and the registry (fast-check arbitraries):
 * calls of every builtin (with right and wrong arities), special forms, literals with
 * edge numbers and control characters, regexes with counted repeats and nested
 * quantifiers, lazy and infinite seqs, values that share their parts or nest deeply (the
 * hostile pool, def'd as `h0`…), tool calls answered by random host values — and text
 * mangled past the grammar, for the reader. Also random host values for tools and inputs.
 */
import fc from "fast-check";
import { REGISTRY } from "../../src/runtime/builtins/index.js";
import { HOSTILE_EXPRESSIONS } from "./hostile-values.js";

/** How each builtin is spelled at the head of a call, taken from its own examples. */
export const CALL_HEADS: readonly { readonly head: string; readonly min: number; readonly max: number }[] = (() => {
  const out: { head: string; min: number; max: number }[] = [];
  for (const d of REGISTRY.all) {
    if (d.ns === "ptc.internal") continue;
    let head: string | null = null;
    for (const e of d.examples) {
      const m = /^\(\s*([^\s()[\]{}"]+)/.exec(e.code);
      const h = m?.[1];
      if (h === undefined) continue;
      const bare = h.includes("/") && h !== "/" ? h.slice(h.lastIndexOf("/") + 1) : h;
      if (bare === d.name || h === d.name || h.replace("/", ".") === d.name) {
        head = h;
        break;
      }
    }
    if (head !== null) out.push({ head, min: d.minArity, max: Math.min(d.maxArity, d.minArity + 3) });
  }
  return out;
})();

/** The pool's names: the prelude defines `h0`, `h1`… as the hostile expressions. */
export const POOL_NAMES: readonly string[] = HOSTILE_EXPRESSIONS.map((_, i) => `h${i}`);

/** The prelude every fuzz session starts with. */
export const PRELUDE: string = HOSTILE_EXPRESSIONS.map((e, i) => `(def h${i} ${e})`).join("\n");

/** The part of the prelude a program uses (its `h` names), for a session made for one program. */
export function preludeFor(program: string): string {
  const used = new Set([...program.matchAll(/\bh(\d+)\b/g)].map((m) => Number(m[1])));
  return [...used]
    .filter((i) => i < HOSTILE_EXPRESSIONS.length)
    .map((i) => `(def h${i} ${HOSTILE_EXPRESSIONS[i]!})`)
    .join("\n");
}

/** Tools the fuzz sessions offer (answered by random host values). */
export const TOOL_NAMES: readonly string[] = ["t", "search", "get-item"];

const LOCALS = ["x", "y", "acc", "xs", "m"];

const CONTROL_CHARS = ["\\u001b", "\\u0007", "\\r", "\\b", "\\u0000", "\\u009b", "\\u202e", "\\t", "\\n"];

const REGEXES = [
  "a+",
  "(a+)+b",
  "(a|aa)*c",
  "a{1000}b",
  "(a{100}){100}",
  "(?i)AB",
  "\\\\d{3}-\\\\d{2}",
  "(?<y>\\\\d{4})",
  "[^\\\\s]+",
  "(.*)*x",
  "(?=a{50})a",
  "\\\\bword\\\\b",
  "",
  ".",
  "(a)\\\\1",
  "\\\\p{L}+",
];

/** Pipelines a program might run over a value `$X` (and another, `$Y`). */
const PIPELINES = [
  "(->> $X (take 50) (filter some?) (map str) (take 10) vec)",
  "(reduce (fn [a x] (if (number? x) (+ a x) a)) 0 (take 100 $X))",
  "(into {} (map (fn [x] [x x]) (take 5 $X)))",
  "(group-by type (take 20 $X))",
  "(sort-by str (take 20 $X))",
  "(frequencies (take 50 $X))",
  '(clojure.string/join "," (take 10 $X))',
  '(re-seq #"[a-z]+" (str $X))',
  "(update-in {:a {:b 1}} [:a :b] (constantly $X))",
  "(assoc-in {} [:a :b] $X)",
  "(= $X $Y)",
  "(compare (str $X) (str $Y))",
  "(hash [$X $Y])",
  "(get {$X 1} $Y)",
  "(contains? #{$X} $Y)",
  "(distinct [$X $Y $X])",
  "(pr-str [$X $Y])",
  "(count (str $X $Y))",
  "(merge {:a $X} {:b $Y})",
  "(zipmap (take 5 (range)) (repeat $X))",
  "(mapv (fn [x] (if (map? x) (keys x) x)) (take 10 $X))",
  "(clojure.walk/postwalk identity $X)",
  "(flatten [$X $Y])",
  "(tree-seq coll? seq $X)",
  "(concat (take 5 $X) (take 5 $Y))",
  "(interleave (take 5 $X) (take 5 $Y))",
  "(partition-all 3 (take 10 $X))",
  "(some #(= % $Y) (take 20 $X))",
  '(format "%s|%s" $X $Y)',
  "(select-keys $X [:a :b 0])",
];

const arbInt = fc.oneof(
  fc.integer({ min: -5, max: 40 }).map(String),
  fc.constantFrom("0", "-1", "9007199254740991", "-9007199254740991", "2147483648", "1000000", "100000000"),
);
const arbFloat = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }).map((d) => {
    const s = String(d);
    return /[.eE]/.test(s) ? s.replace("e", "E") : `${s}.0`;
  }),
  fc.constantFrom("##NaN", "##Inf", "##-Inf", "-0.0", "1e300", "0.1"),
);
const arbStringBody = fc.oneof(
  fc.string({ maxLength: 12 }).map((s) => s.replace(/[\\"]/g, "")),
  fc.constantFrom(...CONTROL_CHARS),
  fc.constantFrom("constructor", "__proto__", "toString", "%s %d", "a,b,c", "ß", "😀"),
);
const arbString = fc.array(arbStringBody, { maxLength: 3 }).map((parts) => `"${parts.join("")}"`);
const arbKeyword = fc.constantFrom(":a", ":b", ":id", ":name", ":constructor", ":__proto__", ":x/y", ":_secret");
const arbChar = fc.constantFrom("\\a", "\\space", "\\newline", "\\u00e9", "\\0");
const arbRegex = fc.constantFrom(...REGEXES).map((r) => `#"${r}"`);
const arbAtom = fc.oneof(
  { weight: 4, arbitrary: arbInt },
  { weight: 2, arbitrary: arbFloat },
  { weight: 3, arbitrary: arbString },
  { weight: 2, arbitrary: arbKeyword },
  { weight: 1, arbitrary: arbChar },
  { weight: 1, arbitrary: arbRegex },
  { weight: 2, arbitrary: fc.constantFrom("nil", "true", "false") },
  { weight: 4, arbitrary: fc.constantFrom(...POOL_NAMES) },
  { weight: 2, arbitrary: fc.constantFrom(...LOCALS) },
);

/** A program: top-level forms, sometimes a def, sometimes a return. */
export function programArbitrary(opts: { readonly tools: boolean }): fc.Arbitrary<string> {
  const { expr } = fc.letrec<{ expr: string; call: string; special: string; coll: string }>((tie) => ({
    expr: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      { weight: 5, arbitrary: arbAtom },
      { weight: 6, arbitrary: tie("call") },
      { weight: 3, arbitrary: tie("special") },
      { weight: 2, arbitrary: tie("coll") },
    ),
    call: fc
      .tuple(fc.constantFrom(...CALL_HEADS), fc.array(tie("expr"), { maxLength: 4 }), fc.integer({ min: 0, max: 9 }))
      .map(([h, args, wrong]) => {
        // Mostly the right number of arguments, sometimes not.
        const n = wrong === 0 ? args.length : Math.max(h.min, Math.min(h.max, args.length));
        const used = args.slice(0, n);
        while (used.length < n) used.push("nil");
        return `(${h.head}${used.map((a) => ` ${a}`).join("")})`;
      }),
    special: fc.oneof(
      fc.tuple(tie("expr"), tie("expr"), tie("expr")).map(([a, b, c]) => `(if ${a} ${b} ${c})`),
      fc.tuple(fc.constantFrom(...LOCALS), tie("expr"), tie("expr")).map(([n, v, body]) => `(let [${n} ${v}] ${body})`),
      fc.tuple(fc.constantFrom(...LOCALS), tie("expr")).map(([n, body]) => `(fn [${n}] ${body})`),
      fc.tuple(tie("expr"), tie("expr")).map(([a, b]) => `(do ${a} ${b})`),
      fc.tuple(tie("expr"), tie("expr")).map(([a, b]) => `(and ${a} ${b})`),
      fc.tuple(tie("expr"), tie("expr")).map(([a, b]) => `(or ${a} ${b})`),
      fc.tuple(tie("expr"), tie("expr")).map(([a, b]) => `(when ${a} ${b})`),
      fc.tuple(tie("expr"), tie("expr")).map(([coll, body]) => `(for [x ${coll} :when x] ${body})`),
      fc.tuple(tie("expr"), tie("expr")).map(([coll, body]) => `(->> ${coll} (map (fn [x] ${body})) (take 5))`),
      fc.tuple(tie("expr"), tie("expr")).map(([v, step]) => `(-> ${v} ${step})`),
      fc
        .tuple(tie("expr"), tie("expr"))
        .map(
          ([n, body]) =>
            `(loop [i 0 acc []] (if (< i (min 50 (count [${n}]))) (recur (inc i) (conj acc ${body})) acc))`,
        ),
      fc.tuple(tie("expr")).map(([x]) => `(lazy-seq (cons ${x} nil))`),
      // Pipelines over the hostile values, as programs usually are: more of them get far.
      fc
        .tuple(fc.constantFrom(...POOL_NAMES), fc.constantFrom(...PIPELINES), fc.constantFrom(...POOL_NAMES))
        .map(([h, p, other]) => p.replace(/\$X/g, h).replace(/\$Y/g, other)),
      fc.tuple(tie("expr"), tie("expr")).map(([x, y]) => `(cond ${x} ${y} :else nil)`),
      fc.tuple(tie("expr"), tie("expr")).map(([x, y]) => `(case ${x} 1 ${y} :a 2 nil)`),
      ...(opts.tools
        ? [
            fc.tuple(fc.constantFrom(...TOOL_NAMES), tie("expr")).map(([t, x]) => `(tool/${t} {:q ${x}})`),
            fc.tuple(fc.constantFrom(...TOOL_NAMES)).map(([t]) => `(pmap #(tool/${t} {:i %}) [1 2])`),
          ]
        : []),
    ),
    coll: fc.oneof(
      fc.array(tie("expr"), { maxLength: 4 }).map((xs) => `[${xs.join(" ")}]`),
      fc.array(fc.tuple(arbKeyword, tie("expr")), { maxLength: 3 }).map((kvs) => {
        const seen = new Set<string>();
        const unique = kvs.filter(([k]) => !seen.has(k) && seen.add(k));
        return `{${unique.map(([k, v]) => `${k} ${v}`).join(" ")}}`;
      }),
      fc.array(tie("expr"), { maxLength: 3 }).map((xs) => `(list ${xs.join(" ")})`),
      fc.array(tie("expr"), { maxLength: 3 }).map((xs) => `(hash-set ${xs.join(" ")})`),
    ),
  }));
  const form = fc.oneof(
    { weight: 6, arbitrary: expr },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...LOCALS), expr).map(([n, v]) => `(def ${n} ${v})`) },
    { weight: 1, arbitrary: expr.map((v) => `(return ${v})`) },
    { weight: 1, arbitrary: expr.map((v) => `(println ${v})`) },
  );
  const program = fc.array(form, { minLength: 1, maxLength: 3 }).map((fs) => fs.join("\n"));
  // Now and then, text past the grammar: a character dropped, a bracket added.
  return fc.oneof(
    { weight: 12, arbitrary: program },
    {
      weight: 1,
      arbitrary: fc
        .tuple(program, fc.nat(), fc.constantFrom("", "(", ")", "]", "{", '"', "#", "\\", "^", "@", "`", "~"))
        .map(([p, at, c]) => {
          const i = p.length === 0 ? 0 : at % p.length;
          return p.slice(0, i) + c + p.slice(i + 1);
        }),
    },
  );
}

/** A host value sharing its parts: `x = {a: x, b: x}`, `levels` deep. */
function sharedHost(levels: number): unknown {
  let x: unknown = { leaf: 1 };
  for (let i = 0; i < levels; i++) x = { a: x, b: x };
  return x;
}

/** Random host values, as tools and callers hand them over (plain JSON and worse). */
export function hostValueArbitrary(): fc.Arbitrary<unknown> {
  const plain = fc.jsonValue({ maxDepth: 4 });
  const hostile = fc.constantFrom<() => unknown>(
    () => sharedHost(40),
    () => new Array(2 ** 32 - 1),
    () => new Proxy([], { get: (t, k) => (k === "length" ? 2 ** 32 - 1 : Reflect.get(t, k)) }),
    () =>
      new Proxy(
        {},
        {
          ownKeys: () => {
            throw new Error("trap");
          },
        },
      ),
    () => ({
      get x(): never {
        throw new Error("getter");
      },
    }),
    () => "\u001b[2J".repeat(1000),
    () => ({ __proto__: { polluted: true }, constructor: 1, toString: "x" }),
    () => JSON.parse('{"__proto__": {"polluted": true}}') as unknown,
    () => Object.create(null) as unknown,
    () => new Map([[1, 2]]),
    () => new Set([1, 2]),
    () => new Date(0),
    () => 10n ** 30n,
    () => Symbol("s"),
    () => () => 1,
    () => undefined,
    () => [Number.NaN, Infinity, -0, 2 ** 60],
    () => {
      const a: unknown[] = [];
      a.push(a);
      return a;
    },
    () => Array.from({ length: 2_000 }, (_, i) => ({ id: i, name: `n${i}` })),
  );
  return fc.oneof({ weight: 3, arbitrary: plain }, { weight: 1, arbitrary: hostile.map((f) => f()) });
}

/** How a fuzz tool behaves: answer a value, throw, never answer, answer late. */
export type ToolBehaviour =
  | { readonly kind: "value"; readonly value: unknown }
  | { readonly kind: "throw"; readonly value: unknown }
  | { readonly kind: "hang" }
  | { readonly kind: "late"; readonly ms: number; readonly value: unknown };

export function toolBehaviourArbitrary(): fc.Arbitrary<ToolBehaviour> {
  const v = hostValueArbitrary();
  return fc.oneof(
    { weight: 8, arbitrary: v.map((value) => ({ kind: "value" as const, value })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom<unknown>(new Error("boom"), "text", Object.create(null), 42, null)
        .map((value) => ({ kind: "throw" as const, value })),
    },
    { weight: 1, arbitrary: fc.constant({ kind: "hang" as const }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 1, max: 400 }), v)
        .map(([ms, value]) => ({ kind: "late" as const, ms, value })),
    },
  );
}
