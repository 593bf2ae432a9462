/**
 * The README's `$ ptcc ...` lines are run with the built command; their output must be
 * exactly what the README shows (stdout and stderr together).
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(__dirname, "..", "..");
const BIN = join(ROOT, "bin", "ptcc.js");

/** Split a command line with single and double quotes, as a POSIX shell would for these lines. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let cur = "";
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      cur += line.slice(i + 1, end);
      i = end;
      inWord = true;
    } else if (c === '"') {
      const end = line.indexOf('"', i + 1);
      cur += line.slice(i + 1, end);
      i = end;
      inWord = true;
    } else if (c === " ") {
      if (inWord) words.push(cur);
      cur = "";
      inWord = false;
    } else {
      cur += c;
      inWord = true;
    }
  }
  if (inWord) words.push(cur);
  return words;
}

function examples(): { command: string; expected: string }[] {
  const text = readFileSync(join(ROOT, "README.md"), "utf8");
  const out: { command: string; expected: string }[] = [];
  for (const block of plainBlocks(text)) {
    const lines = block.split("\n");
    for (let i = 0; i < lines.length; i++) {
      if (!lines[i]!.startsWith("$ ptcc ")) continue;
      const expected: string[] = [];
      for (let j = i + 1; j < lines.length && !lines[j]!.startsWith("$ ") && lines[j] !== ""; j++)
        expected.push(lines[j]!);
      out.push({ command: lines[i]!.slice(2), expected: expected.join("\n") });
    }
  }
  return out;
}

/**
 * The text of each fenced block without an info string (```), fence by fence: a block
 * opened as ```ts or ```md is skipped whole, so its closing fence is never taken for an
 * opening one.
 */
function plainBlocks(text: string): string[] {
  const blocks: string[] = [];
  let open: { plain: boolean; lines: string[] } | null = null;
  for (const line of text.split("\n")) {
    if (open === null) {
      if (line.startsWith("```")) open = { plain: line === "```", lines: [] };
    } else if (line === "```") {
      if (open.plain) blocks.push(`${open.lines.join("\n")}\n`);
      open = null;
    } else open.lines.push(line);
  }
  return blocks;
}

describe("README examples", () => {
  const cases = examples();
  it("has examples", () => {
    expect(cases.length).toBeGreaterThan(10);
  });
  it.each(cases.map((c) => [c.command, c.expected]))("%s", (command, expected) => {
    const [, ...args] = shellWords(command);
    const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: "utf8" });
    expect(`${r.stdout}${r.stderr}`.trimEnd()).toBe(expected);
  });
});
