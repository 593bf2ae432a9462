/** The token counter of `ptcc run --dry-run` without gpt-tokenizer: an estimate, labelled. */
import { describe, expect, it, vi } from "vitest";

vi.mock("gpt-tokenizer", () => {
  throw new Error("Cannot find package 'gpt-tokenizer'");
});

describe("tokenCounter without gpt-tokenizer", () => {
  it("estimates characters / 4, and says so", async () => {
    const { tokenCounter, renderDryRun } = await import("../../src/cli/dry-run.js");
    const { defineAgent, renderPrompt } = await import("../../src/agent/index.js");
    const counter = await tokenCounter();
    expect(counter.exact).toBe(false);
    expect(counter.method).toBe("estimate (characters / 4; install gpt-tokenizer for exact o200k counts)");
    expect(counter.count("12345678")).toBe(2);
    const agent = defineAgent({ name: "a", prompt: "x" });
    const out = renderDryRun(agent, renderPrompt(agent), counter);
    expect(out).toMatch(/^── system prompt · agent a · ≈\d+ tokens\n/);
    expect(out).toContain("── tokens per section · estimate (characters / 4");
  });
});
