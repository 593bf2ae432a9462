/**
 * The optional integrations stay optional: `import "ptcc"` (the built package) loads
 * neither OpenTelemetry, the MCP SDK, the AI SDK, BullMQ nor ioredis, nor ptcc's own
 * adapters for them (`ptcc/otel`, `ptcc/mcp`, `ptcc/ai-sdk`), nor the trace view
 * (`ptcc/trace-view`, its page renderer included), nor the run queues (`ptcc/queue`,
 * `ptcc/bullmq`), so its import time does not grow with them. The subpaths load what they
 * need. Nor does it load the parsers (issue 21, section 5): the ANTLR side of the language
 * and the YAML of agent files load at their first use (scripts/bundle-lib.mjs). Checked in
 * a fresh process whose module loader records every URL.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = join(__dirname, "..", "..");
const HOOK = pathToFileURL(join(__dirname, "load-hook.mjs")).href;

/** The URLs of every module a fresh process loads to import `specifier` (from the package root). */
function loadedBy(specifier: string, then = ""): string[] {
  const script = [
    'import { register } from "node:module";',
    `register(${JSON.stringify(HOOK)});`,
    `const m = await import(${JSON.stringify(specifier)});`,
    then,
    'const { default: loaded } = await import("ptcc-test:loaded");',
    "console.log(JSON.stringify(loaded));",
    "process.exit(0);",
  ].join("\n");
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 30_000,
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout) as string[];
}

const OPTIONAL = /node_modules\/(@opentelemetry|@modelcontextprotocol|@ai-sdk|ai|bullmq|ioredis)\//;
const ADAPTERS = /\/dist\/(lib\/)?(otel|mcp|ai-sdk|queue|bullmq|trace-view)\//;

/** Text of the ANTLR runtime and of the YAML parser (the bundles keep class names). */
const PARSERS = /\b(ATNDeserializer|LineCounter)\s*=\s*class\b|\bclass (ATNDeserializer|LineCounter)\b/;

describe("the package root", () => {
  it("loads no parser until one is used; reading a program or an agent file loads it then", () => {
    const parsers = (urls: string[]): string[] =>
      urls.filter((u) => u.startsWith("file:") && PARSERS.test(readFileSync(fileURLToPath(u), "utf8")));
    expect(parsers(loadedBy("ptcc"))).toEqual([]);
    // Loaded with require() (synchronously, as reading is), which the hook does not see: checked by what works.
    const used = spawnSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `import { Session, parseAgentFile, parseSignature } from "ptcc";
console.log(new Session().evaluateSync("(+ 1 2)").value);
console.log(parseAgentFile("---\\ndescription: x\\n---\\nHello", "a.agent.md").description);
try { parseSignature("(x :integer) -> :int"); } catch (e) { console.log(e.name, e.message); }`,
      ],
      { cwd: ROOT, encoding: "utf8", timeout: 30_000 },
    );
    expect(used.stdout).toBe("3\nx\nSignatureError unknown type :integer\n");
  });

  it("loads no optional integration, and none of ptcc's adapters for them", () => {
    const loaded = loadedBy("ptcc");
    expect(loaded.some((u) => u.endsWith("/dist/lib/index.js"))).toBe(true);
    expect(loaded.filter((u) => OPTIONAL.test(u) || ADAPTERS.test(u))).toEqual([]);
  });

  it("ptcc/otel loads @opentelemetry/api; ptcc/mcp loads no SDK until it connects", () => {
    expect(loadedBy("ptcc/otel").some((u) => /@opentelemetry\/api/.test(u))).toBe(true);
    const mcp = loadedBy("ptcc/mcp");
    expect(mcp.some((u) => u.endsWith("/dist/lib/mcp/index.js"))).toBe(true);
    expect(mcp.filter((u) => OPTIONAL.test(u))).toEqual([]);
  });

  it("ptcc/trace-view loads the trace view and no optional integration", () => {
    const view = loadedBy("ptcc/trace-view");
    expect(view.some((u) => u.endsWith("/dist/lib/trace-view/index.js"))).toBe(true);
    expect(view.filter((u) => OPTIONAL.test(u))).toEqual([]);
  });

  it("ptcc/ai-sdk loads its bridge and nothing of the AI SDK (it uses only its types)", () => {
    const loaded = loadedBy("ptcc/ai-sdk");
    expect(loaded.some((u) => u.endsWith("/dist/lib/ai-sdk/index.js"))).toBe(true);
    expect(loaded.filter((u) => OPTIONAL.test(u))).toEqual([]);
  });

  it("ptcc/queue loads neither BullMQ nor ioredis; ptcc/bullmq loads them only when it connects", () => {
    const queue = loadedBy("ptcc/queue");
    expect(queue.some((u) => u.endsWith("/dist/lib/queue/index.js"))).toBe(true);
    expect(queue.filter((u) => OPTIONAL.test(u))).toEqual([]);
    const bullmq = loadedBy("ptcc/bullmq");
    expect(bullmq.some((u) => u.endsWith("/dist/lib/bullmq/index.js"))).toBe(true);
    expect(bullmq.filter((u) => OPTIONAL.test(u))).toEqual([]);
    // A journal's first command loads ioredis (nothing listens on port 1: it never connects).
    const used = loadedBy(
      "ptcc/bullmq",
      'void m.redisJournal("redis://127.0.0.1:1").load("x"); await new Promise((r) => setTimeout(r, 500));',
    );
    expect(used.some((u) => /node_modules\/ioredis\//.test(u))).toBe(true);
  });
});
