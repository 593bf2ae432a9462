/**
 * One line per part of a run's UI message: what the chat page shows. Imported by the Node
 * tests and bundled into the browser page alike, so it imports only types.
 */
import type { PtccUIMessage } from "../../src/ai-sdk/index.js";

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
