/**
 * Type tests of frozen agents: a generated module's `xFrozen` takes the agent's Input and
 * returns a Promise of Step<Output> (examples/generated/expenses.ts, from
 * examples/agents/expenses.program.clj). `npm run typecheck` checks this file; every
 * `@ts-expect-error` marks a misuse that must stay an error. Nothing here runs.
 */
import type { FrozenRunOptions, Step } from "../../src/index.js";
import { expensesFrozen, type ExpensesInput, type ExpensesOutput } from "../../examples/generated/index.js";

type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

export type FrozenTakesInput = Expect<Equal<Parameters<typeof expensesFrozen>[0], ExpensesInput>>;
export type FrozenTakesOptions = Expect<Equal<Parameters<typeof expensesFrozen>[1], FrozenRunOptions | undefined>>;
export type FrozenReturnsStep = Expect<Equal<ReturnType<typeof expensesFrozen>, Promise<Step<ExpensesOutput>>>>;

export async function use(): Promise<number> {
  const step = await expensesFrozen({ category: "travel", expenses: [{ id: 1, category: "travel", amount: 2.5 }] });
  // @ts-expect-error — `return` is only there once `ok` is tested
  void step.return.total;
  if (!step.ok) return step.failure.reason.length;
  const total: number = step.return.total;
  // @ts-expect-error — the output has no such field
  void step.return.sum;
  // @ts-expect-error — the input is the agent's: `category` is a string
  await expensesFrozen({ category: 3, expenses: [] });
  // @ts-expect-error — a required parameter is missing
  await expensesFrozen({ category: "travel" });
  return total + step.return.count;
}
