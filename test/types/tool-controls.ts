/**
 * Type tests of tool governance and model retries (issue 23 §1–3): `npm run typecheck`
 * checks this file. Every `@ts-expect-error` marks a misuse that must stay a type error.
 * Nothing here runs.
 */
import {
  defineAgent,
  defineTool,
  type LlmRetryOptions,
  type RunOptions,
  type ToolCallTrace,
  type ToolControls,
} from "../../src/index.js";

type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
type Expect<T extends true> = T;
declare function use(...values: unknown[]): void;

// A tool's controls: in defineTool, in place in defineAgent, and on plain definitions.
const search = defineTool({
  signature: "(q :string) -> [:string]",
  fn: async ({ q }) => [q],
  cache: true,
  concurrency: 2,
  timeoutMs: 5000,
});
// @ts-expect-error cache is a boolean
defineTool({ signature: "(q :string) -> :string", fn: ({ q }) => q, cache: "yes" });
// @ts-expect-error concurrency is a number
defineTool({ signature: "(q :string) -> :string", fn: ({ q }) => q, concurrency: "2" });

const agent = defineAgent({
  prompt: "x",
  maxToolCalls: 50,
  toolConcurrency: 8,
  llmRetry: { maxAttempts: 3, baseDelayMs: 200, maxDelayMs: 4000 },
  tools: {
    search,
    inPlace: { signature: "(id :int) -> :int", fn: ({ id }) => id, timeoutMs: 100, cache: true },
    plain: { fn: (args) => args["id"], concurrency: 1 },
  },
});
// @ts-expect-error maxToolCalls is a number
defineAgent({ prompt: "x", maxToolCalls: "50" });
// @ts-expect-error llmRetry has no key tries
defineAgent({ prompt: "x", llmRetry: { tries: 3 } });

const options: RunOptions = { llmRetry: { maxAttempts: 2 } };
// @ts-expect-error maxAttempts is a number
const badOptions: RunOptions = { llmRetry: { maxAttempts: "2" } };
use(agent, options, badOptions);

export type T1 = Expect<
  Equal<ToolControls, { readonly concurrency?: number; readonly timeoutMs?: number; readonly cache?: boolean }>
>;
export type T2 = Expect<Equal<ToolCallTrace["cached"], true | undefined>>;
export type T3 = Expect<Equal<keyof LlmRetryOptions, "maxAttempts" | "baseDelayMs" | "maxDelayMs">>;
