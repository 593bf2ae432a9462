/**
 * The models-inside-programs example (examples/agents/labels.agent.md) through `ptcc run`:
 * a program that makes one tool/llm-query per ticket and greps each ticket's log, with a
 * script that answers the agent and its model calls by agent name.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LABELS } from "./example-runs.js";

const ROOT = join(__dirname, "..", "..");
const BIN = join(ROOT, "bin", "ptcc.js");

describe("ptcc run examples/agents/labels.agent.md", () => {
  it("labels each ticket with a model call and finds the error lines", () => {
    const r = spawnSync(process.execPath, [BIN, ...LABELS, "--json"], {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 30_000,
      env: { ...process.env, NO_COLOR: "" },
    });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const json = JSON.parse(r.stdout) as { ok: boolean; return: unknown; usage: { llmRequests: number } };
    expect(json.ok).toBe(true);
    expect(json.return).toEqual([
      { id: 1, label: "bug", errors: ["10:02 ERROR save failed: disk full"] },
      { id: 2, label: "question", errors: [] },
      { id: 3, label: "feature", errors: [] },
    ]);
    // The agent's request and one per ticket.
    expect(json.usage.llmRequests).toBe(4);
  });
});
