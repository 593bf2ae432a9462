/**
 * Runs the order-status agent once, through its generated module (typed input, typed
 * result). Offline, the model is the scripted one in scripts/order-status.json; for a real
 * model, write "openai:gpt-4o-mini" (with OPENAI_API_KEY set) or "anthropic:MODEL".
 *
 * No top-level await: this file runs as an ES module and, in a package without
 * "type": "module", as CommonJS.
 */
import { createLlm, LlmError, PtcError } from "ptcc";
import { orderStatus } from "./agents.generated/index.js";

async function main(): Promise<void> {
  const llm = await createLlm("script:scripts/order-status.json");
  const step = await orderStatus.run({ order_id: 1042, question: "When will it arrive?" }, { llm });
  if (step.ok) console.log(`${step.return.answer} (reply to ${step.return._email})`);
  else {
    console.error(`the agent failed (${step.failure.kind}): ${step.failure.reason}`);
    process.exitCode = 1;
  }
}

main().catch((e: unknown) => {
  // ptcc's errors say in one line what is wrong (a model spec, a missing API key, a bad
  // definition) and how to mend it; anything else keeps its stack.
  if (e instanceof PtcError) console.error(`error: ${e.format()}`);
  else if (e instanceof LlmError) console.error(`error: ${e.message}`);
  else console.error(e);
  process.exitCode = 1;
});
