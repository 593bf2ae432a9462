/**
 * Type tests of signatures v2 (issue 26): enums, literal types, unions, discriminated
 * unions, refinements and inline descriptions in a literal signature give exact host
 * types. Every `@ts-expect-error` marks a misuse that must stay a type error. Nothing runs.
 */
import { defineAgent, defineTool, type SignatureInput, type SignatureOutput } from "../../src/index.js";

type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
type Expect<T extends true> = T;
declare function use(...values: unknown[]): void;

// ── each construct's host type ───────────────────────────────────────────────────────────

export type Enum = Expect<Equal<SignatureOutput<":enum[pending active closed]">, "pending" | "active" | "closed">>;
export type EnumOptional = Expect<Equal<SignatureOutput<":enum[a b]?">, "a" | "b" | null>>;
export type StringLiteral = Expect<Equal<SignatureOutput<'"fast"'>, "fast">>;
export type NumberLiteral = Expect<Equal<SignatureOutput<"42">, 42>>;
export type BoolLiteral = Expect<Equal<SignatureOutput<"true">, true>>;
export type LiteralUnion = Expect<Equal<SignatureOutput<'"fast"|"slow"'>, "fast" | "slow">>;
export type Union = Expect<Equal<SignatureOutput<":string|:int">, string | number>>;
export type OptionalUnion = Expect<Equal<SignatureOutput<"(:string|:int)?">, string | number | null>>;
export type Refined = Expect<
  Equal<SignatureOutput<"{n :int[1..100], s :string[..80], xs [:int][..10]}">, { n: number; s: string; xs: number[] }>
>;
export type Described = Expect<
  Equal<
    SignatureInput<'(status :enum[open closed] "the state", note :string? "why") -> :any'>,
    { status: "open" | "closed"; note?: string | null }
  >
>;
export type Discriminated = Expect<
  Equal<
    SignatureOutput<'{kind "a", x :int}|{kind "b", y :string}'>,
    { kind: "a"; x: number } | { kind: "b"; y: string }
  >
>;
export type UnionInList = Expect<Equal<SignatureOutput<'[("a"|"b")?]'>, ("a" | "b" | null)[]>>;
export type Params = Expect<
  Equal<
    SignatureInput<'(mode "fast"|"slow", level :int[>0]?) -> :any'>,
    { mode: "fast" | "slow"; level?: number | null }
  >
>;

// ── agents and tools typed by them ───────────────────────────────────────────────────────

const triage = defineAgent({
  prompt: "Triage {{ticket}}",
  signature:
    '(ticket {id :int, status :enum[open closed]}, mode "fast"|"slow") -> {verdict {kind "ok"}|{kind "escalate", team :enum[billing infra]}}',
});

async function runs(): Promise<void> {
  await triage.run({ ticket: { id: 1, status: "open" }, mode: "fast" });
  // @ts-expect-error not one of the enum's values
  await triage.run({ ticket: { id: 1, status: "pending" }, mode: "fast" });
  // @ts-expect-error not one of the literal union's values
  await triage.run({ ticket: { id: 1, status: "open" }, mode: "medium" });
  // @ts-expect-error an enum is a string in the host, not a number
  await triage.run({ ticket: { id: 1, status: 1 }, mode: "fast" });

  const step = await triage.run({ ticket: { id: 1, status: "closed" }, mode: "slow" });
  if (step.ok) {
    const v = step.return.verdict;
    // The discriminator narrows the union.
    if (v.kind === "escalate") use(v.team satisfies "billing" | "infra");
    // @ts-expect-error `team` exists only on the "escalate" member
    else use(v.team);
    // @ts-expect-error "maybe" is not a kind
    if (v.kind === "maybe") use(v);
  }
}

export const lamp = defineTool({
  signature: '(mode "fast"|"slow", level :enum[low high]) -> {state :enum[on off]}',
  fn: ({ mode, level }) => {
    use(mode satisfies "fast" | "slow", level satisfies "low" | "high");
    return { state: "on" as const };
  },
});

export const badLamp = defineTool({
  signature: "(level :enum[low high]) -> {state :enum[on off]}",
  // @ts-expect-error "dim" is not one of the result's enum values
  fn: () => ({ state: "dim" as const }),
});

use(runs);
