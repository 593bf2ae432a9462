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

describe("loadScript", () => {
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
    [
      "object.json",
      '{"replies": []}',
      "object.json: a script is a JSON array of replies (strings or {content}), got an object",
    ],
    ["string.json", '"hi"', "string.json: a script is a JSON array of replies (strings or {content}), got a string"],
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
