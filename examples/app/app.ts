import { defineAgent, openAiLlm } from "ptcc";
import { openTickets } from "./tools.js";

const triage = defineAgent({
  name: "triage",
  prompt: "Sort the open tickets: a customer who cannot get into their account is urgent.",
  signature: "() -> {urgent [:int], later [:int]}",
  tools: {
    tickets: {
      fn: openTickets,
      signature: "() -> [{id :int, subject :string, body :string}]",
      description: "The open support tickets",
    },
  },
  maxTurns: 3,
});

const step = await triage.run({}, { llm: openAiLlm({ model: "gpt-4o-mini" }) });
// step.ok: it returned; step.fail: why not ({ kind, reason }); step.transcript: every turn.
console.log(step.ok ? step.return : step.fail); // { urgent: [ 1, 3 ], later: [ 2 ] }
