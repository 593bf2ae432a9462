/** The compiler emits the keys of issue 23: maxToolCalls, toolConcurrency, llmRetry, and a tool's controls. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { agentFile, compile, project } from "./helpers.js";

describe("tool governance in compiled agents", () => {
  it("emits maxToolCalls, toolConcurrency, llmRetry and the tool's concurrency, timeoutMs and cache", async () => {
    const dir = project({
      "agents/fetcher.agent.md": agentFile(
        [
          "maxToolCalls: 10",
          "toolConcurrency: 2",
          "llmRetry:",
          "  maxAttempts: 2",
          "  baseDelayMs: 100",
          "tools:",
          "  search:",
          "    from: ../tools/t.ts#search",
          '    signature: "(q :string) -> [:string]"',
          "    cache: true",
          "    concurrency: 1",
          "    timeoutMs: 5000",
        ].join("\n"),
      ),
      "tools/t.ts": "export function search(args: { q: string }): string[] { return [args.q]; }\n",
    });
    const result = await compile(dir);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const name = readdirSync(join(dir, "gen")).find((f) => f.startsWith("fetcher"))!;
    const text = readFileSync(join(dir, "gen", name), "utf8");
    expect(text).toContain("  maxToolCalls: 10,\n");
    expect(text).toContain("  toolConcurrency: 2,\n");
    expect(text).toContain('  llmRetry: {"maxAttempts":2,"baseDelayMs":100},\n');
    expect(text).toContain("      concurrency: 1,\n      timeoutMs: 5000,\n      cache: true,\n");
  });
});
