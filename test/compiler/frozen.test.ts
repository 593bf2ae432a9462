/**
 * Frozen agents in `ptcc compile`: `x.program.clj` beside `x.agent.md` becomes `xFrozen` in
 * the module (golden), checked at compile time (PTC170 signature hash, PTC171 read/analysis,
 * PTC172 tools, each positioned in the program file), covered by --check and by the quick
 * up-to-date check; and the generated module runs with code generation from strings
 * forbidden (node --disallow-code-generation-from-strings), bundled by esbuild for Node and
 * for the browser platform.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { programHeader } from "../../src/agent/frozen-file.js";
import { parseSignature } from "../../src/signature/parse.js";
import { stripSpans } from "../../src/signature/types.js";
import { ensureChromium, launchChromium } from "../chromium.js";
import { golden } from "../golden.js";
import { agentFile, brief, compile, project, writeFiles } from "./helpers.js";

const ROOT = join(__dirname, "..", "..");
const SIG =
  "(tickets [{id :int, text :string}], threshold :int?) -> {urgent [:int], total :int, scores [{id :int, score :int}]}";

const AGENT = agentFile(
  [
    `signature: "${SIG}"`,
    "maxTurns: 1",
    "tools:",
    "  - from: ../tools/score.ts#score",
    '    signature: "(text :string) -> {score :int}"',
  ].join("\n"),
  "Find the urgent tickets among {{tickets}}: those scoring over {{threshold}}.",
);

const TOOL = `export function score(args: { text: string }): { score: number } {
  return { score: (args.text.match(/!/g) ?? []).length * 3 };
}
`;

const header = (sig = SIG): string =>
  programHeader({
    agent: "triage",
    signature: stripSpans(parseSignature(sig)),
    model: "script:t.json",
    date: "2026-11-26",
  });

const BODY = `;; a kept program: scores every ticket, keeps the urgent ones
(defn score-of [t]
  (:score (tool/score {:text (:text t)})))
(def limit (or data/threshold 5))
(def scores (mapv (fn [t] {:id (:id t) :score (score-of t)}) data/tickets))
(def urgent (->> scores
                 (filter #(> (:score %) limit))
                 (mapv :id)))
(return {:urgent urgent :total (count data/tickets) :scores scores})
`;

function triageProject(program = header() + BODY): string {
  return project({
    "package.json": '{ "type": "module" }\n',
    "agents/triage.agent.md": AGENT,
    "agents/triage.program.clj": program,
    "tools/score.ts": TOOL,
  });
}

describe("a frozen agent's module", () => {
  it("holds xFrozen after the agent (golden)", async () => {
    const dir = triageProject();
    const r = await compile(dir);
    expect(brief(r.diagnostics)).toEqual([]);
    const text = readFileSync(join(dir, "gen/triage.ts"), "utf8");
    golden(join(__dirname, "golden"), "frozen-triage.ts.txt", text.slice(text.indexOf("/** The program of agent")));
    expect(text).toContain(
      "export async function triageFrozen(\n  input: TriageInput,\n  options?: $ptcc.FrozenRunOptions,\n): Promise<$ptcc.Step<TriageOutput>> {",
    );
    // No code is made from text at run time: neither the module nor what it hands ptcc.
    expect(text).not.toMatch(/new Function|\beval\(/);
  });

  it("runs under node --disallow-code-generation-from-strings, and bundled for the browser platform", async () => {
    const dir = triageProject();
    await compile(dir);
    writeFileSync(
      join(dir, "main.ts"),
      `import { triageFrozen } from "./gen/triage.js";
const step = await triageFrozen({ tickets: [{ id: 1, text: "down!!" }, { id: 2, text: "typo" }, { id: 3, text: "all down!!!" }] });
let blocked = "no";
try { new Function("return 1"); } catch { blocked = "yes"; }
console.log(JSON.stringify({ ok: step.ok, return: step.return, blocked, ...(step.ok ? {} : { failure: step.failure }) }));
`,
    );
    const expected = {
      ok: true,
      return: {
        urgent: [1, 3],
        total: 3,
        scores: [
          { id: 1, score: 6 },
          { id: 2, score: 0 },
          { id: 3, score: 9 },
        ],
      },
      blocked: "yes",
    };
    for (const platform of ["node", "browser"] as const) {
      const out = join(dir, `main-${platform}.mjs`);
      await build({
        entryPoints: [join(dir, "main.ts")],
        bundle: true,
        format: "esm",
        platform,
        outfile: out,
        logLevel: "silent",
        alias:
          platform === "browser"
            ? { ptcc: join(ROOT, "src/browser.ts"), "ptcc/runtime": join(ROOT, "src/runtime/index.ts") }
            : { ptcc: join(ROOT, "src/index.ts"), "ptcc/runtime": join(ROOT, "src/runtime/index.ts") },
        ...(platform === "node"
          ? {
              banner: {
                js: 'import { createRequire } from "node:module"; const require = createRequire(import.meta.url);',
              },
            }
          : {}),
      });
      const printed = execFileSync(process.execPath, ["--disallow-code-generation-from-strings", out], {
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(JSON.parse(printed.trim().split("\n").pop()!), platform).toEqual(expected);
    }
  }, 120_000);
});

describe("a frozen agent in Chromium under a content-security policy without 'unsafe-eval'", () => {
  it("runs, bundled by esbuild for the browser, where new Function is refused", async () => {
    const dir = triageProject();
    await compile(dir);
    writeFileSync(
      join(dir, "page.ts"),
      `import { triageFrozen } from "./gen/triage.js";
let blocked = "no";
try { new Function("return 1"); } catch { blocked = "yes"; }
triageFrozen({ tickets: [{ id: 1, text: "down!!" }, { id: 2, text: "typo" }] }).then(
  (step) => { document.body.textContent = JSON.stringify({ ok: step.ok, return: step.return, blocked }); },
  (e) => { document.body.textContent = "threw " + String(e); },
);
`,
    );
    const out = await build({
      entryPoints: [join(dir, "page.ts")],
      bundle: true,
      format: "esm",
      platform: "browser",
      write: false,
      logLevel: "silent",
      alias: { ptcc: join(ROOT, "src/browser.ts"), "ptcc/runtime": join(ROOT, "src/runtime/index.ts") },
    });
    ensureChromium();
    const browser = await launchChromium();
    try {
      await browser.context.route("https://frozen.test/**", (route) => {
        const url = route.request().url();
        if (url.endsWith("/page.js")) {
          return route.fulfill({ contentType: "text/javascript", body: out.outputFiles[0]!.text });
        }
        return route.fulfill({
          contentType: "text/html",
          headers: { "content-security-policy": "script-src 'self'" },
          body: '<!doctype html><body>waiting</body><script type="module" src="/page.js"></script>',
        });
      });
      const page = await browser.context.newPage();
      await page.goto("https://frozen.test/");
      await page.waitForFunction('document.body.textContent !== "waiting"', undefined, { timeout: 30_000 });
      expect(JSON.parse((await page.textContent("body"))!)).toEqual({
        ok: true,
        return: {
          urgent: [1],
          total: 2,
          scores: [
            { id: 1, score: 6 },
            { id: 2, score: 0 },
          ],
        },
        blocked: "yes",
      });
    } finally {
      await browser.close();
    }
  }, 180_000);
});

describe("hostile text in a program file", () => {
  it("stays data: strings, names and the header's model never become code", async () => {
    const evil = "*/ globalThis.pwned = 1; /* \u2028 </script> ${1} `";
    const program =
      programHeader({
        agent: "triage",
        signature: stripSpans(parseSignature(SIG)),
        model: "m */ globalThis.pwned = 2; /*",
        date: "2026-11-26",
      }) + `(def evil* ${JSON.stringify(evil)})\n(return {:urgent [] :total (count evil*) :scores []})\n`;
    const dir = triageProject(program);
    const r = await compile(dir);
    expect(brief(r.diagnostics)).toEqual([]);
    writeFileSync(
      join(dir, "main.ts"),
      'import { triageFrozen } from "./gen/triage.js";\nconst s = await triageFrozen({ tickets: [] });\nconsole.log(JSON.stringify({ r: s.ok && s.return, pwned: (globalThis as { pwned?: number }).pwned ?? 0 }));\n',
    );
    const out = join(dir, "main.mjs");
    await build({
      entryPoints: [join(dir, "main.ts")],
      bundle: true,
      format: "esm",
      platform: "node",
      outfile: out,
      logLevel: "silent",
      alias: { ptcc: join(ROOT, "src/index.ts"), "ptcc/runtime": join(ROOT, "src/runtime/index.ts") },
      banner: { js: 'import { createRequire } from "node:module"; const require = createRequire(import.meta.url);' },
    });
    const printed = execFileSync(process.execPath, [out], { encoding: "utf8", timeout: 60_000 });
    expect(JSON.parse(printed.trim().split("\n").pop()!)).toEqual({
      r: { urgent: [], total: evil.length, scores: [] },
      pwned: 0,
    });
  }, 120_000);
});

describe("compile-time checks of a frozen program (positions in the .clj)", () => {
  it("PTC170: frozen for another signature", async () => {
    const dir = triageProject(header("(tickets [{id :int, text :string}]) -> {total :int}") + BODY);
    const r = await compile(dir);
    expect(brief(r.diagnostics)).toEqual([
      "agents/triage.program.clj:- PTC170 triage.program.clj was frozen for another signature — freeze again — ptcc freeze agents/triage.agent.md",
    ]);
  });

  it("PTC170: a header without its signature line", async () => {
    const r = await compile(triageProject(BODY));
    expect(brief(r.diagnostics)[0]).toMatch(
      /^agents\/triage\.program\.clj:- PTC170 triage\.program\.clj records no signature/,
    );
  });

  it("PTC171: a program that does not analyze, at its line and column", async () => {
    const r = await compile(triageProject(`${header()}(def x 1)\n(return {:total (cuont data/tickets)})\n`));
    expect(brief(r.diagnostics)).toEqual([
      "agents/triage.program.clj:6:18 PTC171 undefined symbol cuont — did you mean count?",
    ]);
    expect(r.written).toEqual([]);
  });

  it("PTC171: a program that does not read", async () => {
    const r = await compile(triageProject(`${header()}(return {:total 1}\n`));
    expect(brief(r.diagnostics)[0]).toMatch(/^agents\/triage\.program\.clj:5:\d+ PTC171 /);
  });

  it("PTC172: a tool call the static tool check rejects, and a tool the agent does not have", async () => {
    const bad = await compile(triageProject(`${header()}(tool/score {:txt "a"})\n`));
    expect(brief(bad.diagnostics)[0]).toMatch(/^agents\/triage\.program\.clj:5:\d+ PTC172 tool\/score has no key :txt/);
    const unknown = await compile(triageProject(`${header()}(tool/lookup {:id 1})\n`));
    expect(brief(unknown.diagnostics)[0]).toMatch(/^agents\/triage\.program\.clj:5:2 PTC172 unknown tool lookup/);
  });

  it("--check reports a module stale when its program changed, and the quick check sees a new program", async () => {
    const dir = triageProject();
    await compile(dir);
    expect((await compile(dir, { check: true })).check).toEqual({ stale: [], missing: [], extra: [] });
    writeFiles(dir, { "agents/triage.program.clj": `${header()}${BODY.replace("5))", "7))")}` });
    const check = await compile(dir, { check: true });
    expect(check.check?.stale).toEqual(["gen/triage.ts"]);
    expect(check.check?.why).toEqual({ "gen/triage.ts": "agents/triage.program.clj changed since it was generated" });
    // A program added beside an agent compiled without one: not up to date.
    const plain = project({ "agents/triage.agent.md": AGENT, "tools/score.ts": TOOL });
    await compile(plain);
    writeFiles(plain, { "agents/triage.program.clj": header() + BODY });
    const again = await compile(plain);
    expect(again.regenerated).toEqual(["agents/triage.agent.md"]);
    expect(readFileSync(join(plain, "gen/triage.ts"), "utf8")).toContain("triageFrozen");
    expect(readFileSync(join(plain, "gen/index.ts"), "utf8")).toContain("  triage,\n  triageFrozen,\n");
    // Nothing changed since: the quick check says so (the index records the frozen module).
    expect((await compile(plain)).regenerated).toEqual([]);
  });
});
