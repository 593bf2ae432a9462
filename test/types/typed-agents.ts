/**
 * Type tests of the typed agent API (§1 of the compiler issue): `npm test` type-checks this
 * file with the project's strict flags. Every `@ts-expect-error` marks a misuse that must
 * stay a type error: if one stops being an error, the directive itself fails the check.
 * `Expect<Equal<A, B>>` pins inferred types exactly. Nothing here runs.
 */
import {
  asTool,
  chain,
  defineAgent,
  memoryJournal,
  type RunOptions,
  defineTool,
  runOrThrow,
  validate,
  type Agent,
  type AgentTool,
  type FnLabel,
  type PtcFn,
  type SignatureInput,
  type SignatureOutput,
  type Step,
  type ToolFn,
  type TypedSignature,
  type ValidationResult,
} from "../../src/index.js";
import { validateSearchInput, type SearchInput } from "../../examples/generated/index.js";

type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
type Expect<T extends true> = T;
declare function use(...values: unknown[]): void;

// ── defineAgent infers Agent<I, O> from a literal signature ─────────────────────────────

const search = defineAgent({
  prompt: "Find {{query}}",
  signature: "(query :string, limit :int?) -> {count :int, items [{id :int}]}",
});
export type T1 = Expect<
  Equal<typeof search, Agent<{ query: string; limit?: number | null }, { count: number; items: { id: number }[] }>>
>;

async function runs(): Promise<void> {
  await search.run({ query: "lamp" });
  await search.run({ query: "lamp", limit: 5 });
  await search.run({ query: "lamp", limit: null });
  // @ts-expect-error a wrong input field type
  await search.run({ query: 42 });
  // @ts-expect-error a missing required input
  await search.run({ limit: 5 });
  // @ts-expect-error a misspelled field (and the required one missing)
  await search.run({ qurey: "lamp" });
  // @ts-expect-error an unknown field next to the right ones
  await search.run({ query: "lamp", extra: 1 });
  // @ts-expect-error the input is required when a parameter is
  await search.run();

  const step = await search.run({ query: "lamp" });
  // @ts-expect-error the return is only known after testing step.ok
  use(step.return.count);
  if (step.ok) {
    const count: number = step.return.count;
    const id: number = step.return.items[0]!.id;
    use(count, id);
    // @ts-expect-error an output field the signature lacks
    use(step.return.total);
    // @ts-expect-error no failure on a returned step
    use(step.failure.reason);
  } else {
    const reason: string = step.failure.reason;
    use(reason);
    // @ts-expect-error no return on a failed step
    use(step.return.count);
  }
}
use(runs);

// ── Signatures held in a string, malformed literals, no signature ───────────────────────

const text: string = "(query :string) -> :int";
const loose = defineAgent({ prompt: "x", signature: text });
export type T3 = Expect<Equal<typeof loose, Agent<Record<string, unknown>, unknown>>>;
async function looseRuns(): Promise<void> {
  const step = await loose.run({ anything: 1 });
  if (step.ok) use(step.return);
  await defineAgent({ prompt: "x" }).run();
  await defineAgent({ prompt: "x" }).run({ n: 1 });
  // @ts-expect-error no parameters: no input field is accepted
  await defineAgent({ prompt: "x", signature: "() -> :int" }).run({ n: 1 });
  await defineAgent({ prompt: "x", signature: "() -> :int" }).run();
}
use(looseRuns);

// @ts-expect-error a malformed literal signature names its problem
defineAgent({ prompt: "x", signature: "(query :strng) -> :int" });
// @ts-expect-error an unclosed map
defineAgent({ prompt: "x", signature: "{count :int" });

// ── The mapping: primitives, optionals, lists, maps, :map, :any, :keyword, _ fields, :fn ─

type Sig =
  "(f :fn, g :fn?, k :keyword, m :map, a :any, xs [:float?]?, _secret :string) -> {h :fn, _token :string, e {}}";
export type T4 = Expect<
  Equal<
    SignatureInput<Sig>,
    {
      f: PtcFn;
      g?: PtcFn | null;
      k: string;
      m: Record<string, unknown>;
      a: unknown;
      xs?: (number | null)[] | null;
      _secret: string;
    }
  >
>;
export type T5 = Expect<Equal<SignatureOutput<Sig>, { h: FnLabel; _token: string; e: { [key: string]: unknown } }>>;
export type T6 = Expect<Equal<SignatureOutput<"[:int]">, number[]>>;
export type T7 = Expect<Equal<SignatureInput<"{a :int}">, Record<string, never>>>;
export type T8 = Expect<
  Equal<SignatureInput<"(:id :int,\n was-improved :bool?) -> :any">, { id: number; "was-improved"?: boolean | null }>
>;

// ── Deep signatures: depth 8, 30 fields, no "excessively deep" ──────────────────────────

type Deep =
  "(a {b {c {d {e {f {g {h :int, h2 :string?}}}}}}}, f1 :int, f2 :int, f3 :int, f4 :int, f5 :int, f6 :int, f7 :int, f8 :int, f9 :int, f10 :int, f11 :int, f12 :int, f13 :int, f14 :int, f15 :int, f16 :int, f17 :int, f18 :int, f19 :int, f20 :int, f21 :int, f22 :int, f23 :int, f24 :int, f25 :int, f26 :int, f27 :int, f28 :int, f29 :int) -> {a {b {c {d {e {f {g {h [:int]}}}}}}}, f1 :int, f2 :int, f3 :int, f4 :int, f5 :int, f6 :int, f7 :int, f8 :int, f9 :int, f10 :int, f11 :int, f12 :int, f13 :int, f14 :int, f15 :int, f16 :int, f17 :int, f18 :int, f19 :int, f20 :int, f21 :int, f22 :int, f23 :int, f24 :int, f25 :int, f26 :int, f27 :int, f28 :int, f29 :int}";
const deep = defineAgent({ prompt: "x", signature: "" as Deep });
async function deepRuns(): Promise<void> {
  const step = await deep.run({ a: { b: { c: { d: { e: { f: { g: { h: 1 } } } } } } }, ...thirty() });
  if (step.ok) {
    const h: number[] = step.return.a.b.c.d.e.f.g.h;
    const f29: number = step.return.f29;
    use(h, f29);
  }
  // @ts-expect-error the deepest field keeps its type
  await deep.run({ a: { b: { c: { d: { e: { f: { g: { h: "1" } } } } } } }, ...thirty() });
}
declare function thirty(): {
  [K in `f${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}` | `f${1 | 2}${0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`]: number;
};
use(deepRuns);
// Deeper than the parser follows (12 levels): the inner part is unknown, never an error.
export type T9 = SignatureOutput<"{a {b {c {d {e {f {g {h {i {j {k {l {m {n :int}}}}}}}}}}}}}}">;

// ── Tools: defineTool, ToolFn, tools of defineAgent ─────────────────────────────────────

const lookup = defineTool({
  signature: "(id :int) -> {name :string, _email :string}",
  fn: async ({ id }) => ({ name: `user ${id}`, _email: "a@example.com" }),
});
defineTool({
  signature: "(id :int) -> {name :string, _email :string}",
  // @ts-expect-error the firewalled field is part of the result too
  fn: async ({ id }) => ({ name: `user ${id}` }),
});
defineTool({ signature: "(id :int) -> :string", fn: (args: { id: number }) => String(args.id) });
// @ts-expect-error a tool whose parameter type does not fit its signature
defineTool({ signature: "(id :int) -> :string", fn: (args: { id: string }) => args.id });
// @ts-expect-error a tool that needs an argument the signature does not give
defineTool({ signature: "(id :int) -> :string", fn: (args: { id: number; name: string }) => args.name });

const plain: ToolFn = (args: { id: number }) => args.id;
const untyped: ToolFn = (args) => args["id"];
// @ts-expect-error arguments are a map, never a string
const wrong: ToolFn = (args: string) => args;
use(plain, untyped, wrong);

defineAgent({
  prompt: "x",
  tools: {
    lookup,
    plain: (args: { id: number }) => args.id,
    untyped: (args) => args["id"],
    inPlace: { signature: "(id :int) -> {name :string}", fn: ({ id }) => ({ name: String(id) }) },
    self: "self",
  },
});
defineAgent({
  prompt: "x",
  tools: {
    // @ts-expect-error a tool written in place whose arguments do not fit its signature
    inPlace: { signature: "(id :int) -> {name :string}", fn: (args: { id: string }) => ({ name: args.id }) },
  },
});
defineAgent({
  prompt: "x",
  tools: {
    // @ts-expect-error a tool written in place whose result does not fit its signature
    inPlace: { signature: "(id :int) -> {name :string}", fn: ({ id }) => ({ name: id }) },
  },
});

// ── chain and asTool keep the types ─────────────────────────────────────────────────────

const first = defineAgent({ prompt: "x", signature: "{result :int, note :string}" });
const second = defineAgent({ prompt: "x {{result}}", signature: "(result :int) -> {final :int}" });
const third = defineAgent({ prompt: "x {{total}}", signature: "(total :int) -> :int" });
async function chains(): Promise<void> {
  const step = await chain(first.run(), second);
  const s: Step<{ final: number }> = step;
  use(s);
  // @ts-expect-error the previous output lacks a field the next agent needs
  await chain(first.run(), third);
  const untypedStep: Promise<Step> = first.run();
  await chain(untypedStep, third);
}
use(chains);

const asTools: AgentTool<{ result: number }, { final: number }> = asTool(second, { description: "d" });
use(asTools);

// ── Generated modules: a parsed signature that carries its types ────────────────────────

declare const typed: TypedSignature<{ query: string }, { count: number }>;
const generated = defineAgent({ prompt: "x", signature: typed });
export type T10 = Expect<Equal<typeof generated, Agent<{ query: string }, { count: number }>>>;

// ── Conversations: continueFrom takes a Step of the same agent ─────────────────────────

async function conversations(): Promise<void> {
  const a = await first.run();
  await first.run({}, { continueFrom: a, message: "more" });
  const b = await second.run({ result: 1 });
  // @ts-expect-error a Step of another agent (its output differs)
  await first.run({}, { continueFrom: b, message: "more" });
  // Plain options fit every agent.
  const plain: RunOptions = { message: "x" };
  await second.run({ result: 1 }, plain);
  // The stream of a run is typed by its output too.
  const stream = second.stream({ result: 1 });
  const done: Step<{ final: number }> = await stream.step;
  use(done);
  for await (const e of stream) if (e.type === "run-end") use(e.step.ok);
  // A resumed run is typed like a run.
  const resumed: Step<{ final: number }> = await second.resume("k", { store: memoryJournal() });
  use(resumed);
}
use(conversations);

// ── Validation results are discriminated by ok (issue 21 §4) ────────────────────────────

function validated(x: unknown): void {
  const r = validateSearchInput(x);
  // @ts-expect-error the value is typed only once ok is known to be true
  const early: SearchInput = r.value;
  use(early);
  if (r.ok) {
    const query: string = r.value.query;
    use(query);
  } else {
    const errors: readonly { path: string; message: string }[] = r.errors;
    use(errors);
  }
  const plain: ValidationResult = validate("(x :int) -> :int", 1);
  if (!plain.ok) use(plain.errors.length);
}
use(validated);

// ── runOrThrow: the typed return, or a thrown StepFailedError ───────────────────────────

async function thrown(): Promise<void> {
  const out: { count: number; items: { id: number }[] } = await runOrThrow(search, { query: "lamp" });
  const back: typeof out extends { count: number; items: { id: number }[] } ? true : false = true;
  use(out, back);
  // @ts-expect-error the output type is the signature's, not any
  const wrong: string = await runOrThrow(search, { query: "lamp" });
  use(wrong);
  // @ts-expect-error the input is checked as run's is
  await runOrThrow(search, { query: 1 });
}
use(thrown);
