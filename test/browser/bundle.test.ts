/**
 * ptcc in a browser: `import "ptcc"` bundled by esbuild for the browser platform resolves
 * the package's `browser` export condition (dist/web/browser.js, built by `npm run build`),
 * pulls in no Node module, and runs an agent with a scripted model inside a `vm` context
 * that has only what browsers have (no `process`, no `require`, no Node built-ins).
 */
import { describe, expect, it } from "vitest";
import { bundleForBrowser, runInBrowserContext } from "./helpers.js";

describe("the browser entry", () => {
  it("bundles without Node modules and runs an agent with a scripted model", async () => {
    const { code, inputs, read } = await bundleForBrowser(`
      import { defineAgent, scriptedLlm } from "ptcc";
      const agent = defineAgent({ prompt: "Count to {{n}}", signature: "(n :int) -> {items [:int]}" });
      globalThis.result = agent
        .run({ n: 3 }, { llm: scriptedLlm(["\`\`\`clojure\\n(return {:items (vec (range 1 (inc data/n)))})\\n\`\`\`"]) })
        .then((step) => (step.ok ? step.return : step.failure));
    `);
    expect(read).toContain("dist/web/browser.js");
    expect(read).not.toContain("dist/index.js");
    expect(inputs.filter((f) => /agent-file\/load|node_modules\/tsx/.test(f))).toEqual([]);
    // dist/web is prebundled: what it leaves out is seen in the code (tsx's API, the file loader).
    expect(code).not.toMatch(/tsImport|loadAgentFile/);
    expect(code).not.toMatch(/require\(["']node:/);
    expect(await runInBrowserContext(code)).toEqual({ items: [1, 2, 3] });
  });

  it("the Node entry is the browser entry plus loadAgentFile", async () => {
    const node = await import("../../src/index.js");
    const browser = await import("../../src/browser.js");
    expect(Object.keys(node).filter((k) => !(k in browser))).toEqual(["loadAgentFile"]);
    expect(Object.keys(browser).filter((k) => !(k in node))).toEqual([]);
  });
});
