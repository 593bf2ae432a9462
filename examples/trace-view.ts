/**
 * Seeing a run from a program: `ptcc/trace-view` reads the trace a run wrote (or the
 * Step's own events), summarizes it as `ptcc trace` does, and writes the HTML page and the
 * Chrome trace. Offline: the research example with its scripted model.
 * Run with `npx tsx examples/trace-view.ts`; it prints where the page is.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { jsonlTrace, loadAgentFile, loadScript } from "../src/index.js";
import {
  buildTrace,
  chromeTrace,
  readTrace,
  summarizeTrace,
  traceHtml,
  traceOfEvents,
} from "../src/trace-view/index.js";

export async function main(): Promise<{ lines: string[]; page: string }> {
  const dir = mkdtempSync(join(tmpdir(), "ptcc-trace-view-"));
  const file = join(dir, "research.jsonl");
  const trace = jsonlTrace(file);
  const agent = await loadAgentFile(join(import.meta.dirname, "agents", "research.agent.md"));
  const input = JSON.parse(readFileSync(join(import.meta.dirname, "data", "research.json"), "utf8")) as object;
  const step = await agent.run(input as Record<string, unknown>, {
    llm: await loadScript(join(import.meta.dirname, "scripts", "research.json")),
    trace,
  });
  trace.close();

  // From the file, as `ptcc trace research.jsonl --html ... --chrome ...` does.
  const model = buildTrace(readTrace(readFileSync(file, "utf8"), file));
  const page = join(dir, "research.html");
  writeFileSync(page, traceHtml(model));
  writeFileSync(join(dir, "research.chrome.json"), JSON.stringify(chromeTrace(model)));

  // The Step's own events give the same tree (firewalled values hidden all the same).
  const summary = summarizeTrace(buildTrace(traceOfEvents(step.trace, "step")));
  const lines = summary.runs.map(
    (r) => `${"  ".repeat(r.depth)}${r.agent}: ${r.status}, ${r.turns} turn(s), ${r.toolCalls} tool call(s)`,
  );
  return { lines, page };
}

if (process.argv[1]?.endsWith("trace-view.ts")) {
  const { lines, page } = await main();
  for (const line of lines) console.log(line);
  console.log(`page: ${page}`);
}
