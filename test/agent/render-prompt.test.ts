/** renderPrompt: the system prompt and first message a run starts with, without a model. */
import { describe, expect, it } from "vitest";
import { asTool, defineAgent, renderPrompt } from "../../src/agent/index.js";
import { PtcError } from "../../src/diagnostics/error.js";
import { clj, recording } from "./helpers.js";

const child = defineAgent({ name: "kid", description: "Helps", prompt: "x", signature: "(q :string) -> :int" });
const agent = defineAgent({
  name: "lookup",
  prompt: "Look up {{name}}.",
  signature: "(name :string, limit :int?) -> {id :int}",
  fieldDescriptions: { name: "Who to look up", id: "Their id" },
  tools: { kid: asTool(child), find: { fn: () => 1, signature: "(q :string) -> :int", description: "Find" } },
});

describe("renderPrompt", () => {
  it("is what the first request of a run carries", async () => {
    const prompt = renderPrompt(agent, { name: "Ann" });
    const { llm, requests } = recording([clj("(return {:id 1})")]);
    await agent.run({ name: "Ann" }, { llm });
    expect(requests[0]!.system).toBe(prompt.system);
    expect(requests[0]!.messages).toEqual([{ role: "user", content: prompt.user }]);
    expect(prompt.tools).toEqual([]);
  });

  it("its sections make up the two texts, in order", () => {
    const prompt = renderPrompt(agent, { name: "Ann" });
    expect(prompt.sections.map((s) => s.name)).toEqual(["system", "reference", "mission", "data", "tools", "output"]);
    const system = prompt.sections.filter((s) => s.name === "system" || s.name === "reference");
    const user = prompt.sections.filter((s) => s.name !== "system" && s.name !== "reference");
    expect(`${system.map((s) => s.text).join("\n\n")}\n`).toBe(prompt.system);
    expect(`${user.map((s) => s.text).join("\n\n")}\n`).toBe(prompt.user);
    expect(prompt.sections.find((s) => s.name === "data")!.text).toContain(
      'data/name                     ; :string\n;;   Who to look up\n;;   sample: "Ann"',
    );
  });

  it("with the tool_call transport, the provider tool too", () => {
    const prompt = renderPrompt(defineAgent({ prompt: "x", transport: "tool_call" }));
    expect(prompt.tools.map((t) => t.name)).toEqual(["run_program"]);
    expect(prompt.tools[0]!.parameters).toMatchObject({ required: ["program"] });
  });

  it("input that does not match fails as a run would, with a typed error", () => {
    expect(() => renderPrompt(agent, { name: 5 })).toThrow(PtcError);
    expect(() => renderPrompt(agent, {})).toThrow(
      "agent lookup: the input does not match (name :string, limit :int?): name: missing required field (expected string)",
    );
  });
});
