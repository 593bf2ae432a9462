/**
 * An agent run as OpenTelemetry spans: `otelTrace(tracer)` from `ptcc/otel` is a trace
 * sink, combined here with the JSON Lines one. Offline: the model is scripted and the
 * spans go to an in-memory exporter, printed as a tree.
 * Run with `npx tsx examples/otel.ts`.
 */
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { combineTraces, jsonlTrace, loadAgentFile, loadScript } from "../src/index.js";
import { otelTrace } from "../src/otel/index.js";

export async function main(): Promise<string[]> {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const jsonl = jsonlTrace(join(mkdtempSync(join(tmpdir(), "ptcc-otel-")), "trace.jsonl"));

  const agent = await loadAgentFile(join(import.meta.dirname, "agents", "research.agent.md"));
  const input = JSON.parse(readFileSync(join(import.meta.dirname, "data", "research.json"), "utf8")) as object;
  await agent.run(input as Record<string, unknown>, {
    llm: await loadScript(join(import.meta.dirname, "scripts", "research.json")),
    trace: combineTraces(jsonl.sink, otelTrace(provider.getTracer("example"))),
  });
  jsonl.close();

  // The spans as an indented tree; the exporter has them in the order they ended.
  const spans = exporter.getFinishedSpans();
  const children = (id: string | undefined) => spans.filter((s) => s.parentSpanContext?.spanId === id);
  const lines: string[] = [];
  const walk = (id: string | undefined, depth: number): void => {
    for (const s of children(id)) {
      lines.push(`${"  ".repeat(depth)}${s.name}`);
      walk(s.spanContext().spanId, depth + 1);
    }
  };
  walk(undefined, 0);
  return lines;
}

if (process.argv[1]?.endsWith("otel.ts")) {
  for (const line of await main()) console.log(line);
}
