/** `--llm` specs: parsing, and building the adapter they name. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createLlm, parseLlmSpec } from "../../src/llm/resolve.js";
import { LlmError, type LlmRequest } from "../../src/llm/types.js";
import { rejection, startServer, withEnv } from "./server.js";

const request: LlmRequest = { system: "s", messages: [{ role: "user", content: "go" }], agent: "a", depth: 0, turn: 1 };
const EXPECTED = "expected openai:MODEL, anthropic:MODEL or script:FILE";

describe("parseLlmSpec", () => {
  it.each([
    ["openai:gpt-4o-mini", { provider: "openai", model: "gpt-4o-mini" }],
    ["anthropic:claude-sonnet-4-5", { provider: "anthropic", model: "claude-sonnet-4-5" }],
    ["script:runs/a.json", { provider: "script", model: "runs/a.json" }],
    ["openai:ft:gpt-4o-mini:acme::abc", { provider: "openai", model: "ft:gpt-4o-mini:acme::abc" }],
    ["script:C:\\runs\\a.json", { provider: "script", model: "C:\\runs\\a.json" }],
    ["openai: gpt-4o ", { provider: "openai", model: "gpt-4o" }],
  ])("%s", (spec, expected) => {
    expect(parseLlmSpec(spec)).toEqual(expected);
  });

  it.each([
    ["gpt-4o", `LLM "gpt-4o": ${EXPECTED}`],
    ["", `LLM "": ${EXPECTED}`],
    ["gemini:pro", `LLM "gemini:pro": unknown provider "gemini"; ${EXPECTED}`],
    ["OpenAI:gpt-4o", `LLM "OpenAI:gpt-4o": unknown provider "OpenAI"; ${EXPECTED}`],
    [":gpt-4o", `LLM ":gpt-4o": unknown provider ""; ${EXPECTED}`],
    ["openai:", `LLM "openai:": no model after "openai:"; write openai:MODEL`],
    ["anthropic:  ", `LLM "anthropic:  ": no model after "anthropic:"; write anthropic:MODEL`],
    ["script:", `LLM "script:": no file after "script:"; write script:FILE`],
  ])("%j is an error", (spec, message) => {
    let thrown: unknown;
    try {
      parseLlmSpec(spec);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(LlmError);
    expect((thrown as LlmError).message).toBe(message);
  });
});

describe("createLlm", () => {
  it("script: reads the file relative to cwd", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ptcc-llm-resolve-"));
    writeFileSync(join(dir, "run.json"), '["(return 1)", "(return 2)"]');
    const llm = await createLlm("script:run.json", { cwd: dir });
    expect(await llm(request)).toEqual({ content: "(return 1)" });
    expect(await llm(request)).toEqual({ content: "(return 2)" });
  });

  it("script: a bad file fails when created", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ptcc-llm-resolve-"));
    const error = await rejection(createLlm("script:missing.json", { cwd: dir }));
    expect(error).toBeInstanceOf(LlmError);
    expect(error.message).toBe("missing.json: cannot read the script (ENOENT)");
  });

  it("openai: and anthropic: build without a key and fail on call naming the variable", async () => {
    await withEnv({ OPENAI_API_KEY: undefined, ANTHROPIC_API_KEY: undefined }, async () => {
      const openai = await createLlm("openai:gpt-4o-mini");
      const anthropic = await createLlm("anthropic:claude-x");
      expect((await rejection(openai(request))).message).toBe("openai: no API key: set OPENAI_API_KEY or pass apiKey");
      expect((await rejection(anthropic(request))).message).toBe(
        "anthropic: no API key: set ANTHROPIC_API_KEY or pass apiKey",
      );
    });
  });

  it("openai:MODEL and anthropic:MODEL send that model", async () => {
    const server = await startServer();
    try {
      server.answer(
        { status: 200, body: { choices: [{ message: { role: "assistant", content: "o" } }] } },
        { status: 200, body: { content: [{ type: "text", text: "a" }] } },
      );
      const env = {
        OPENAI_API_KEY: "k1",
        OPENAI_BASE_URL: server.url,
        OPENAI_MODEL: "not-this",
        ANTHROPIC_API_KEY: "k2",
        ANTHROPIC_BASE_URL: server.url,
        ANTHROPIC_MODEL: "not-this",
      };
      await withEnv(env, async () => {
        expect(await (await createLlm("openai:gpt-spec"))(request)).toMatchObject({ content: "o" });
        expect(await (await createLlm("anthropic:claude-spec"))(request)).toMatchObject({ content: "a" });
      });
      expect(server.requests.map((r) => [r.path, (r.body as { model: string }).model])).toEqual([
        ["/v1/chat/completions", "gpt-spec"],
        ["/v1/messages", "claude-spec"],
      ]);
    } finally {
      await server.close();
    }
  });

  it("an unknown provider is an LlmError", async () => {
    const error = await rejection(createLlm("mistral:large"));
    expect(error).toBeInstanceOf(LlmError);
    expect(error.message).toBe(`LLM "mistral:large": unknown provider "mistral"; ${EXPECTED}`);
  });
});
