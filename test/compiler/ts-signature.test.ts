/**
 * Signatures derived from TypeScript types (the table of docs/compile.md): one module of
 * typed functions, read once with ts-morph; each derived signature must parse back to
 * itself, and each type that cannot be written gives its reason.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeTools, type ToolAnswer } from "../../src/compiler/tool-types.js";
import { parseSignature } from "../../src/signature/parse.js";
import { renderSignature } from "../../src/signature/render.js";
import { project } from "./helpers.js";

/** [export name, function source, derived signature or the problem's text]. */
const cases: [string, string, string][] = [
  ["noArgs", "() => 1", "() -> :float"],
  [
    "strings",
    "(a: { s: string; lit: 'x' | 'y'; tpl: `id-${number}` }) => a.s",
    "(s :string, lit :enum[x y], tpl :string) -> :string",
  ],
  ["numbers", "(a: { n: number; i: 1 | 2 | 3; f: 0.5 | 1 }) => a.i", "(n :float, i 1|2|3, f 0.5|1) -> 1|2|3"],
  ["booleans", "(a: { b: boolean; t: true }): boolean => a.b", "(b :bool, t true) -> :bool"],
  [
    "literalUnions",
    "(a: { mode: 'fast' | 'slow'; label: 'in progress' | 'done'; mixed: 'auto' | 0 | 1; m?: 'a' | 'b' | null }) => a.mode",
    '(mode :enum[fast slow], label "in progress"|"done", mixed "auto"|0|1, m :enum[a b]?) -> :enum[fast slow]',
  ],
  [
    "discriminated",
    "(a: { shape: { kind: 'circle'; r: number } | { kind: 'square'; side: number } }) => a.shape",
    '(shape {kind "circle", r :float}|{kind "square", side :float}) -> {kind "circle", r :float}|{kind "square", side :float}',
  ],
  [
    "integers",
    "(a: {\n /** @integer */\n n: number;\n /** @integer */\n ns?: number[] | null;\n c: Count;\n b: Int;\n f: number }): { id: Int } => ({ id: a.b })",
    "(n :int, ns [:int]?, c :int, b :int, f :float) -> {id :int}",
  ],
  [
    "described",
    "(a: {\n /** What to look for.\n\n More detail. */\n q: string;\n /** At most this many. @integer */\n limit?: number | null }) => ({\n /** The hits. */\n hits: [a.q] })",
    '(q :string "What to look for.", limit :int? "At most this many.") -> {hits [:string] "The hits."}',
  ],
  [
    "sourceOrder",
    "(a: { p: 'normal' | 'low' | 'urgent'; xs: ('b' | 'a')[] }): 'z' | 'y' => 'z'",
    "(p :enum[normal low urgent], xs [:enum[b a]]) -> :enum[z y]",
  ],
  ["describedParams", "paramDocs", '(q :string "the query", n :float "how many") -> :string'],
  [
    "optionals",
    "(a: { x?: string | null; y: number | null | undefined }) => a.x",
    "(x :string?, y :float?) -> :string?",
  ],
  [
    "lists",
    "(a: { xs: string[]; ys: readonly number[]; zs: Array<boolean>; t: [string, string]; m: [string, number] }) => a.xs",
    "(xs [:string], ys [:float], zs [:bool], t [:string], m [:any]) -> [:string]",
  ],
  [
    "maps",
    "(a: { user: { id: number; tags?: string[] | null }; any: Record<string, unknown>; o: object }) => a.user",
    "(user {id :float, tags [:string]?}, any :map, o :map) -> {id :float, tags [:string]?}",
  ],
  [
    "unions",
    "(a: { u: string | number; objs: { a: 1 } | { b: 2 }; x: string[] | number }) => a.u",
    "(u :string|:float, objs {a 1}|{b 2}, x [:string]|:float) -> :string|:float",
  ],
  [
    "promise",
    "async (a: { q: string }) => ({ hits: [{ id: 1, name: a.q }] })",
    "(q :string) -> {hits [{id :float, name :string}]}",
  ],
  ["voidResult", "(a: { q: string }): void => void a", "(q :string) -> :any"],
  ["unknownResult", "(a: { q: string }): unknown => a", "(q :string) -> :any"],
  ["enums", "(a: { c: Color; n: Level }) => a.c", "(c :enum[red blue], n 1|2) -> :enum[red blue]"],
  [
    "recursive",
    "(a: { tree: Tree }) => a.tree",
    "(tree {value :float, children [:map]}) -> {value :float, children [:map]}",
  ],
  ["methodsLeftOut", "(a: { id: number; toString(): string }) => a.id", "(id :float) -> :float"],
  ["ptcFn", "(a: { f: PtcFn; g?: PtcFn | null }) => a.f", "(f :fn, g :fn?) -> :fn"],
  [
    "names",
    "(a: { 'was-improved': boolean; _secret: string; 'ok?': boolean }) => a._secret",
    "(was-improved :bool, _secret :string, ok? :bool) -> :string",
  ],
  ["untypedArgs", "(a: Record<string, unknown>) => 1", "(no signature)"],
  ["anyArgs", "(a: any) => a", "(no signature)"],
  [
    "missingNotNull",
    "(a: { x?: string }) => a.x",
    "the argument x may be missing but not null, while an optional argument may be either: type it `x?: ... | null`",
  ],
  [
    "nullNotMissing",
    "(a: { x: string | null }) => a.x",
    "the argument x may be null but not missing, while an optional argument may be either: type it `x?: ... | null`",
  ],
  ["notAnObject", "(id: number) => id", "its first parameter is number; a tool takes one object of named arguments"],
  ["fnArg", "(a: { cb: () => void; x: number }) => a.x", "(x :float) -> :float"],
  ["dateResult", "(a: { x: number }) => new Date(a.x)", "the result is a Date, which is not JSON data"],
  ["bigint", "(a: { n: bigint }) => 1", "n is a bigint, which JSON cannot hold"],
  ["badName", "(a: { 'a b': string }) => 1", 'the name "a b" cannot be written in a signature'],
  ["fnResult", "(a: { x: number }) => () => a.x", "the result is a function, which a tool cannot take or return"],
];

const MODULE = `
import type { PtcFn } from "ptcc";
enum Color { Red = "red", Blue = "blue" }
enum Level { Low = 1, High = 2 }
interface Tree { value: number; children: Tree[] }
/** @integer */
type Count = number;
type Int = number & { readonly __brand: "Int" };
/**
 * A tool whose parameters are described on the function.
 * @param args.q the query
 * @param args.n how many
 */
export function paramDocs(args: { q: string; n: number }): string {
  return args.q.repeat(args.n);
}
${cases
  .filter(([, fn]) => fn !== "paramDocs")
  .map(([name, fn]) => `export const ${name} = ${fn};`)
  .join("\n")}
`;

describe("signatures derived from TypeScript types", () => {
  it("follow the documented rules", async () => {
    const dir = project({ "tools/t.ts": MODULE });
    const answers = await analyzeTools(
      cases.map(([name, fn]) => ({
        module: join(dir, "tools/t.ts"),
        exportName: fn === "paramDocs" ? fn : name,
        declared: null,
      })),
      { projectDir: dir },
    );
    const got = answers.map((a: ToolAnswer, i) => {
      if (!a.ok)
        return [cases[i]![0], a.message.replace(/^cannot derive a signature from the TypeScript types of \w+: /, "")];
      if (a.signature === null) return [cases[i]![0], "(no signature)"];
      const text = renderSignature(a.signature);
      // What is derived is a signature the parser reads back as it is.
      expect(renderSignature(parseSignature(text))).toBe(text);
      return [cases[i]![0], text];
    });
    expect(got).toEqual(cases.map(([name, , expected]) => [name, expected]));
  });
});
