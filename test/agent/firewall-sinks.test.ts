/**
 * The firewall at every sink that leaves the process (issue 21 §3): whatever a program does
 * with a firewalled value — print it, copy it into a string or another field, return it —
 * no trace file written through the library (jsonlTrace) or by `ptcc run --trace`, no
 * OpenTelemetry span and no MCP result holds it. (Model-bound text: firewall.test.ts.)
 */
import { ROOT_CONTEXT } from "@opentelemetry/api";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it, vi } from "vitest";
import { loadAgentFile } from "../../src/agent-file/load.js";
import { combineTraces, jsonlTrace } from "../../src/agent/trace.js";
import { runRun } from "../../src/cli/run.js";
import { scriptedLlm } from "../../src/llm/script.js";
import { agentResult } from "../../src/mcp/serve.js";
import { otelTrace } from "../../src/otel/index.js";
import { clj } from "./helpers.js";

const dir = mkdtempSync(join(tmpdir(), "ptcc-firewall-sinks-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

writeFileSync(
  join(dir, "row.mjs"),
  `import { readFileSync } from "node:fs";
export function row() {
  return JSON.parse(readFileSync(new URL("./row.json", import.meta.url), "utf8"));
}
`,
);
const agentFile = join(dir, "rows.agent.md");
writeFileSync(
  agentFile,
  `---
signature: "(rows [:map]) -> :any"
maxTurns: 2
tools:
  - from: ./row.mjs#row
    signature: "() -> {id :int, _secret :string}"
---
Work on the {{rows}}.
`,
);

const exporter = new InMemorySpanExporter();
const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer("t");

/** `ptcc run FILE --trace T --llm script:S --json` in this process; what it wrote to T. */
async function cliTrace(input: object, replies: readonly string[]): Promise<string> {
  const script = join(dir, "script.json");
  const trace = join(dir, "cli.jsonl");
  writeFileSync(script, JSON.stringify(replies));
  rmSync(trace, { force: true });
  const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  try {
    const code = await runRun({
      agent: agentFile,
      input: JSON.stringify(input),
      llm: `script:${script}`,
      trace,
      json: true,
    });
    expect(code).not.toBe(2);
  } finally {
    out.mockRestore();
  }
  return readFileSync(trace, "utf8");
}

describe("property: every sink that leaves the process hides firewalled values", () => {
  // How a program can take a value out of its field, and what it can make of it.
  const reach = ["(:_secret row)", '(get row "_secret")', "(first (vals row))", "(str row)", "(pr-str row)"];
  const wrap = [
    (x: string) => x,
    (x: string) => `(println ${x})`,
    (x: string) => `(str "a" ${x} "b")`,
    (x: string) => `{:k ${x}}`,
    (x: string) => `(def v ${x})`,
    (x: string) => `(inc ${x})`,
    (x: string) => `(return {:oops ${x}})`,
    (x: string) => `(return (str "copy: " ${x}))`,
  ];
  const secretArb = fc.string({
    unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789@.-"),
    minLength: 10,
    maxLength: 24,
  });

  it("JSON Lines through the library and through ptcc run --trace, OTel spans, MCP results", async () => {
    await fc.assert(
      fc.asyncProperty(
        secretArb,
        fc.nat(reach.length - 1),
        fc.nat(wrap.length - 1),
        fc.boolean(),
        async (secret, r, w, fromInput) => {
          const row = { id: 1, _secret: secret };
          writeFileSync(join(dir, "row.json"), JSON.stringify(row));
          const expr = wrap[w]!(reach[r]!);
          const program = fromInput ? `(def row (first data/rows))\n${expr}` : `(def row (tool/row {}))\n${expr}`;
          const replies = [clj(program), clj("(return 1)")];
          const input = { rows: fromInput ? [row] : [] };

          // The library: a JSON Lines file and OpenTelemetry spans, from one run.
          const file = join(dir, "lib.jsonl");
          const jsonl = jsonlTrace(file);
          exporter.reset();
          const agent = await loadAgentFile(agentFile);
          const step = await agent.run(input, {
            llm: scriptedLlm(replies),
            trace: combineTraces(jsonl, otelTrace(tracer, { captureContent: true, context: ROOT_CONTEXT })),
          });
          jsonl.close();
          expect(step.ok, JSON.stringify(step.failure)).toBe(true);
          // The host keeps the value: the Step's own trace has it.
          expect(JSON.stringify(step.trace)).toContain(secret);

          const sinks: [string, string][] = [
            ["jsonlTrace", readFileSync(file, "utf8")],
            ["ptcc run --trace", await cliTrace(input, replies)],
            ["OpenTelemetry", JSON.stringify(exporter.getFinishedSpans().map((s) => [s.name, s.attributes, s.events]))],
            ["MCP result", JSON.stringify(agentResult(agent, step))],
          ];
          for (const [sink, text] of sinks) {
            expect(text.includes(secret), `${sink}: ${program} leaked ${secret}`).toBe(false);
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
