/**
 * One line per part of a run's UI message: what the chat page shows, and what the tests
 * expect of the scripted run in fixture.ts. Imported by the Node tests and bundled into
 * the browser page alike, so it imports only types and plain data.
 */
import type { PtccUIMessage } from "../../src/ai-sdk/index.js";
import { REPLIES } from "./replies.js";

/** One line per part: what a page would show. */
export function show(part: PtccUIMessage["parts"][number]): string {
  switch (part.type) {
    case "step-start":
      return "step";
    case "text":
      return `text ${part.state} ${JSON.stringify(part.text)}`;
    case "data-program": {
      const d = part.data;
      const output = d.output !== undefined ? ` printed ${JSON.stringify(d.output)}` : "";
      return `program ${d.agent}#${d.turn} depth ${d.depth} ${d.outcome ?? "running"}${output}: ${d.program}`;
    }
    case "dynamic-tool":
      return `tool ${part.toolName} ${part.state} ${JSON.stringify(part.input)} -> ${JSON.stringify(part.state === "output-available" ? part.output : part.state === "output-error" ? part.errorText : null)}`;
    case "data-return":
      return `return ${JSON.stringify(part.data)}`;
    case "data-failure":
      return `failure ${part.data.kind}: ${part.data.reason}`;
    default:
      return part.type;
  }
}

export const fenced = (s: string) => `text done ${JSON.stringify(s)}`;

export const EXPECTED = [
  "step",
  fenced(REPLIES.main![0]!),
  'program main#1 depth 0 continue printed ["name Ann Example"]: (def c (tool/customer {:id 7}))\n(println "name" (:name c))',
  'tool customer output-available {"id":7} -> {"id":7,"name":"Ann Example","_email":"<Firewalled>"}',
  "step",
  fenced(REPLIES.main![1]!),
  "program main#2 depth 0 continue: (def s (tool/summarize {:text (:name c)}))",
  'tool summarize output-available {"text":"Ann Example"} -> {"text":"Ann"}',
  fenced(REPLIES.summarize![0]!),
  "program summarize#1 depth 1 return: (return {:text (subs data/text 0 3)})",
  "step",
  fenced(REPLIES.main![2]!),
  "program main#3 depth 0 return: (return {:short (:text s)})",
  'return {"short":"Ann"}',
];

