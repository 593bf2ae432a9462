/**
 * The library example from the README: a session with input data and a tool, two turns.
 * Run with `npx tsx examples/library-session.ts`; the test suite runs it too.
 */
import { Session } from "ptcc";

export async function main(): Promise<string[]> {
  const session = new Session({
    context: { orders: [{ id: 1, total: 12.5 }] }, // data/orders
    tools: { lookup: async ({ id }) => ({ id, name: "Ann" }) }, // (tool/lookup {:id 1})
    limits: { timeoutMs: 5000 },
  });
  const lines: string[] = [];
  const r = await session.evaluate("(def o (first data/orders)) (:name (tool/lookup {:id (:id o)}))");
  lines.push(r.ok ? r.printed : r.error.format());
  // `o` stays defined for the next turn.
  const next = await session.evaluate("(:total o)");
  lines.push(next.ok ? next.printed : next.error.format());
  return lines;
}

if (process.argv[1]?.endsWith("library-session.ts")) {
  for (const line of await main()) console.log(line);
}
