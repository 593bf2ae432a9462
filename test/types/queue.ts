/**
 * Type tests of ptcc/queue (issue 25): `npm test` type-checks this file strictly. Every
 * `@ts-expect-error` marks a misuse that must stay a type error. The registry is the one
 * `ptcc compile` generates for the examples (examples/generated/index.ts), and one of
 * agents defined in TypeScript. Nothing here runs.
 */
import { defineAgent, type StepJson } from "ptcc";
import { createRuns, startWorker, localBackend, type RunHandle, type RunProgress } from "ptcc/queue";
import { bullmqBackend } from "ptcc/bullmq";
import { agents, type SearchOutput } from "../../examples/generated/index.js";

type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
type Expect<T extends true> = T;
declare function use(...values: unknown[]): void;

const runs = createRuns(agents, { backend: bullmqBackend({ connection: "redis://127.0.0.1:6379" }) });

async function generated(): Promise<void> {
  const h = await runs.search.enqueue(
    { query: "lamp" },
    { idempotencyKey: "search-lamp", priority: 2, tenant: "acme" },
  );
  // @ts-expect-error a misspelled input field (the required one missing)
  await runs.search.enqueue({ qurey: "lamp" });
  // @ts-expect-error a wrong input field type
  await runs.search.enqueue({ query: 1 });
  // @ts-expect-error the input is required when a parameter is
  await runs.search.enqueue();
  // @ts-expect-error an enqueue option that does not exist
  await runs.search.enqueue({ query: "lamp" }, { priorty: 2 });
  // @ts-expect-error no such agent in the registry
  use(runs.serch);

  const step = await h.result({ timeoutMs: 600_000 });
  type R1 = Expect<Equal<typeof step, StepJson<SearchOutput>>>;
  type R2 = Expect<Equal<typeof h, RunHandle<SearchOutput>>>;
  if (step.ok) {
    const price: number = step.return.cheapest[0]!.price;
    use(price);
    // @ts-expect-error an output field the signature lacks
    use(step.return.total);
  } else {
    const kind: "cancelled" | string = step.fail.kind;
    use(kind);
    // @ts-expect-error no return on a failed step
    use(step.return.cheapest);
  }
  for await (const p of h.progress()) {
    const x: RunProgress = p;
    if (p.kind === "waiting") use(p.waiting satisfies "rate-limit", p.key);
    else use(p.turn, p.outcome, x);
  }
  const any = await runs.get(h.id);
  if (any?.agent === "search") {
    const s = await any.result();
    if (s.ok) use(s.return.cheapest satisfies SearchOutput["cheapest"]);
  }
  use([] as unknown as [R1, R2]);
}
use(generated);

// Agents defined in TypeScript, with the default (in-process) backend.
const triage = defineAgent({
  prompt: "Triage {{subject}}",
  signature: "(subject :string, urgent :bool?) -> {priority :int}",
});
const nothing = defineAgent({ prompt: "Say hi", signature: "() -> :string" });
const local = createRuns({ triage, nothing });

async function defined(): Promise<void> {
  const h = await local.triage.enqueue({ subject: "login fails" });
  const s = await h.result();
  if (s.ok) {
    const p: number = s.return.priority;
    use(p);
  }
  // @ts-expect-error a missing required field
  await local.triage.enqueue({ urgent: true });
  // An agent without parameters takes no input.
  const hi = await local.nothing.enqueue();
  const said = await hi.result();
  if (said.ok) use(said.return satisfies string);
  // @ts-expect-error the queue's own names are not agents
  await local.get.enqueue({});
  const w = await startWorker(
    { triage },
    { backend: localBackend(), concurrency: 4, providers: { "openai:gpt-4o-mini": { rpm: 500 } } },
  );
  // @ts-expect-error a limit that does not exist
  await startWorker({ triage }, { backend: localBackend(), providers: { "openai:gpt-4o-mini": { rps: 5 } } });
  await w.close();
}
use(defined);
