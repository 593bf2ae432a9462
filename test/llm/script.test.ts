/** The scripted LLM and script files. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadScript, scriptedLlm } from "../../src/llm/script.js";
import { LlmError, type LlmRequest } from "../../src/llm/types.js";
import { rejection } from "./server.js";

function ask(agent: string, depth = 0, turn = 1): LlmRequest {
  return { system: "s", messages: [{ role: "user", content: "go" }], agent, depth, turn };
}

const dir = mkdtempSync(join(tmpdir(), "ptcc-llm-script-"));
function file(name: string, text: string): string {
  writeFileSync(join(dir, name), text);
  return name;
}

describe("scriptedLlm", () => {
  it("answers in call order across callers, with one shared cursor", async () => {
    const llm = scriptedLlm(["parent 1", { content: "child 1", usage: { inputTokens: 3 } }, "parent 2"]);
    expect(llm.used).toBe(0);
    expect(llm.remaining).toBe(3);
    expect(await llm(ask("parent"))).toBe("parent 1");
    expect(await llm(ask("child", 1))).toEqual({ content: "child 1", usage: { inputTokens: 3 } });
    expect(await llm(ask("parent", 0, 2))).toBe("parent 2");
    expect(llm.used).toBe(3);
    expect(llm.remaining).toBe(0);
  });

  it("fails with an LlmError once the replies run out, without moving the cursor", async () => {
    const llm = scriptedLlm(["only"]);
    await llm(ask("a"));
    const error = await rejection(llm(ask("a")));
    expect(error).toBeInstanceOf(LlmError);
    expect(error.message).toBe("scripted LLM: no reply left (1 replies were used)");
    expect(llm.used).toBe(1);
    expect((await rejection(scriptedLlm([])(ask("a")))).message).toBe(
      "scripted LLM: no reply left (0 replies were used)",
    );
  });

  it("copies the replies, so later changes to the array do not change the script", async () => {
    const replies = ["a", "b"];
    const llm = scriptedLlm(replies);
    replies[0] = "changed";
    replies.push("c");
    expect(await llm(ask("x"))).toBe("a");
    expect(llm.remaining).toBe(1);
  });
});

describe("scriptedLlm with replies by agent", () => {
  it("each agent reads its own list, whatever the order of the calls", async () => {
    const llm = scriptedLlm({ triage: ["t1", "t2"], summarize: [{ content: "s1", usage: { outputTokens: 2 } }] });
    expect(llm.remaining).toBe(3);
    expect(await llm(ask("summarize", 1))).toEqual({ content: "s1", usage: { outputTokens: 2 } });
    expect(await llm(ask("triage"))).toBe("t1");
    expect(await llm(ask("triage", 0, 2))).toBe("t2");
    expect(llm.used).toBe(3);
    expect(llm.remaining).toBe(0);
  });

  it("an agent without a list, or whose list ran out, fails with an LlmError naming it", async () => {
    const llm = scriptedLlm({ triage: ["t1"], summarize: [] });
    const unknown = await rejection(llm(ask("triag")));
    expect(unknown).toBeInstanceOf(LlmError);
    expect(unknown.message).toBe("scripted LLM: the script has no replies for agent triag — did you mean triage?");
    expect((await rejection(llm(ask("other")))).message).toBe(
      "scripted LLM: the script has no replies for agent other — it has triage, summarize",
    );
    await llm(ask("triage"));
    expect((await rejection(llm(ask("triage")))).message).toBe(
      "scripted LLM: no reply left for agent triage (1 replies were used)",
    );
    expect((await rejection(llm(ask("summarize")))).message).toBe(
      "scripted LLM: no reply left for agent summarize (0 replies were used)",
    );
  });

  it("an agent named like an Object property reads its own list", async () => {
    const llm = scriptedLlm(JSON.parse('{"constructor": ["c"], "__proto__": ["p"]}') as Record<string, string[]>);
    expect(await llm(ask("constructor"))).toBe("c");
    expect(await llm(ask("__proto__"))).toBe("p");
    expect((await rejection(llm(ask("toString")))).message).toMatch(/no replies for agent toString/);
  });
});

describe("loadScript", () => {
  it("reads replies by agent, and entries with a finish reason, model, provider and cached tokens", async () => {
    const name = file(
      "by-agent.json",
      JSON.stringify({
        triage: [
          {
            agent: "triage",
            content: "(return 1)",
            usage: { inputTokens: 10, outputTokens: 2, cachedInputTokens: 8, cacheWriteInputTokens: 0 },
            finishReason: "length",
            model: "gpt-4o-2024-08-06",
            provider: "openai",
          },
        ],
        summarize: ["s"],
      }),
    );
    const llm = await loadScript(name, { cwd: dir });
    expect(await llm(ask("triage"))).toEqual({
      content: "(return 1)",
      usage: { inputTokens: 10, outputTokens: 2, cachedInputTokens: 8, cacheWriteInputTokens: 0 },
      finishReason: "length",
      model: "gpt-4o-2024-08-06",
      provider: "openai",
    });
    expect(await llm(ask("summarize"))).toEqual({ content: "s" });
  });

  it("reads strings and {content, usage} entries, relative to cwd", async () => {
    const name = file(
      "good.json",
      JSON.stringify([
        "one",
        { content: "two", usage: { inputTokens: 5, outputTokens: 2, cachedInputTokens: 4, cacheWriteInputTokens: 1 } },
        { content: "three", note: "ignored" },
      ]),
    );
    const llm = await loadScript(name, { cwd: dir });
    expect(await llm(ask("a"))).toEqual({ content: "one" });
    expect(await llm(ask("a"))).toEqual({
      content: "two",
      usage: { inputTokens: 5, outputTokens: 2, cachedInputTokens: 4, cacheWriteInputTokens: 1 },
    });
    expect(await llm(ask("a"))).toEqual({ content: "three" });
    expect((await rejection(llm(ask("a")))).message).toBe("scripted LLM: no reply left (3 replies were used)");
  });

  it("reads an absolute path", async () => {
    const llm = await loadScript(join(dir, file("abs.json", '["x"]')));
    expect(await llm(ask("a"))).toEqual({ content: "x" });
  });

  it.each([
    ["bad-entry.json", '["a", "b", "c", 4]', "bad-entry.json: entry 3 is not a string or {content}"],
    ["null-entry.json", '["a", null]', "null-entry.json: entry 1 is not a string or {content}"],
    ["no-content.json", '[{"text": "a"}]', "no-content.json: entry 0 is not a string or {content}"],
    ["num-content.json", '["a", {"content": 1}]', "num-content.json: entry 1 is not a string or {content}"],
    [
      "bad-usage.json",
      '["a", {"content": "b", "usage": {"inputTokens": "5"}}]',
      "bad-usage.json: entry 1 has a usage that is not {inputTokens?, outputTokens?} with numbers",
    ],
    ["object.json", '{"triage": []}', "object.json: the script has no replies for agent triage"],
    ["no-agents.json", "{}", "no-agents.json: the script has no replies"],
    [
      "agent-not-list.json",
      '{"triage": "a"}',
      "agent-not-list.json: the replies of agent triage are not a JSON array, got a string",
    ],
    ["agent-entry.json", '{"triage": ["a", 3]}', "agent-entry.json: entry triage[1] is not a string or {content}"],
    [
      "string.json",
      '"hi"',
      "string.json: a script is a JSON array of replies (strings or {content}), or an object of such arrays by agent name, got a string",
    ],
    [
      "bad-finish.json",
      '[{"content": "a", "finishReason": "max_tokens"}]',
      "bad-finish.json: entry 0 has a finishReason that is not one of stop, length, tool_calls, content_filter, error, other",
    ],
    ["bad-model.json", '[{"content": "a", "model": 4}]', "bad-model.json: entry 0 has a model that is not a string"],
    ["empty.json", "[]", "empty.json: the script has no replies"],
  ])("%s is rejected with the file and the entry", async (name, text, message) => {
    const error = await rejection(loadScript(file(name, text), { cwd: dir }));
    expect(error).toBeInstanceOf(LlmError);
    expect(error.message).toBe(message);
  });

  it("a file that is not JSON fails with the file name and the parse message", async () => {
    const error = await rejection(loadScript(file("broken.json", '["a", '), { cwd: dir }));
    expect(error).toBeInstanceOf(LlmError);
    expect(error.message.startsWith("broken.json: not valid JSON: ")).toBe(true);
    expect(error.message).toMatch(/JSON/);
    expect(error.message.length).toBeGreaterThan("broken.json: not valid JSON: ".length);
  });

  it("a missing file fails with the file name and the reason", async () => {
    const error = await rejection(loadScript("nope.json", { cwd: dir }));
    expect(error.message).toBe("nope.json: cannot read the script (ENOENT)");
  });
});
