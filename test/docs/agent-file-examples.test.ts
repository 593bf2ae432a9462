/**
 * The agent files the docs show (```md blocks that open with front matter, in README.md and
 * docs/) are agent files the parser accepts: an example that would not load is a defect.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeAgentFile } from "../../src/agent-file/parse.js";

const ROOT = join(__dirname, "..", "..");
const PAGES = ["README.md", "docs/compile.md", "docs/agent-files.md"];

function examples(page: string): string[] {
  const text = readFileSync(join(ROOT, page), "utf8");
  return [...text.matchAll(/^```md\n(---\n[\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

describe.each(PAGES)("the agent files of %s", (page) => {
  it("parse without a problem; the README and compile.md show an agent used as a tool and self", () => {
    const found = examples(page);
    for (const text of found) {
      const { errors } = analyzeAgentFile(text, `${page} example`);
      expect(errors.map((e) => e.format())).toEqual([]);
    }
    if (page !== "docs/agent-files.md") {
      expect(found.some((t) => /^ {2}- summarize\b/m.test(t))).toBe(true);
      expect(found.some((t) => /tools: \[self\]/.test(t))).toBe(true);
    }
  });
});
