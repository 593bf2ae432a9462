/**
 * docs/ptc-lisp.md is generated from the registry; the prompt reference comes from the
 * same source. Both must cover every special form and every public builtin.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { interopName, renderPromptReference, renderReferenceMarkdown } from "../../src/docs/reference.js";
import { SPECIAL_FORMS } from "../../src/analyzer/forms/index.js";
import { REGISTRY } from "../../src/index.js";

describe("the language reference", () => {
  it("docs/ptc-lisp.md is up to date (run `npm run docs` after changing builtins or special forms)", () => {
    const committed = readFileSync(join(__dirname, "..", "..", "docs", "ptc-lisp.md"), "utf8");
    expect(committed).toBe(renderReferenceMarkdown());
  });

  it("both renderings name every special form and every public builtin", () => {
    const md = renderReferenceMarkdown();
    const prompt = renderPromptReference();
    for (const f of SPECIAL_FORMS.keys()) {
      expect(md, f).toContain(f);
      expect(prompt, f).toContain(f);
    }
    for (const d of REGISTRY.all.filter((x) => x.ns !== "ptc.internal")) {
      const shown = d.ns === "ptc.interop" ? interopName(d.name) : d.name;
      expect(md, d.qualified).toContain(shown);
      expect(prompt, d.qualified).toContain(shown);
    }
  });

  it("the prompt reference is compact: one line per entry", () => {
    const lines = renderPromptReference().split("\n");
    expect(lines.every((l) => l.length < 400)).toBe(true);
  });
});
