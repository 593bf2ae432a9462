/**
 * The package as a user gets it: packed (scripts/pack.mjs), installed from the tarball into
 * a new app, imported from ES modules and required from CommonJS, type-checked under a
 * strict tsconfig without skipLibCheck, and run offline with a scripted model.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");
const tsc = join(root, "node_modules", ".bin", "tsc");
let dir = "";
let app = "";
let installLog = "";
let tarball = "";

const AGENT = `{ prompt: "Add them.", signature: "(xs [:int]) -> {total :int}" }`;
const REPLY = JSON.stringify("```clojure\n(return {:total (reduce + data/xs)})\n```");

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "ptcc-package-"));
  tarball = execFileSync("node", [join(root, "scripts", "pack.mjs"), "--out", dir], { encoding: "utf8" }).trim();
  app = join(dir, "app");
  mkdirSync(app);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", version: "1.0.0", private: true }));
  const r = spawnSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", tarball], {
    cwd: app,
    encoding: "utf8",
  });
  installLog = `${r.stdout}\n${r.stderr}`;
  if (r.status !== 0) throw new Error(`npm install of the tarball failed:\n${installLog}`);

  writeFileSync(
    join(app, "esm.mjs"),
    `import { defineAgent, scriptedLlm } from "ptcc";
const step = await defineAgent(${AGENT}).run({ xs: [1, 2, 3] }, { llm: scriptedLlm([${REPLY}]) });
console.log(JSON.stringify(step.return));
`,
  );
  writeFileSync(
    join(app, "cjs.cjs"),
    `const { defineAgent, scriptedLlm } = require("ptcc");
defineAgent(${AGENT})
  .run({ xs: [4, 5] }, { llm: scriptedLlm([${REPLY}]) })
  .then((step) => console.log(JSON.stringify(step.return)));
`,
  );
  // Typed use from TypeScript, ES module and CommonJS flavours.
  writeFileSync(
    join(app, "app.mts"),
    `import { defineAgent, scriptedLlm, type Step } from "ptcc";
import { compileValidator } from "ptcc";
const agent = defineAgent(${AGENT});
const step: Step = await agent.run({ xs: [1] }, { llm: scriptedLlm([${REPLY}]) });
export const ok: boolean = step.ok;
export const source: string = compileValidator("(x :int) -> :int", { name: "check" });
`,
  );
  writeFileSync(
    join(app, "app.cts"),
    `import ptcc = require("ptcc");
export const agent = ptcc.defineAgent(${AGENT});
`,
  );
  writeFileSync(
    join(app, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "es2022",
        module: "nodenext",
        moduleResolution: "nodenext",
        strict: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        skipLibCheck: false,
        noEmit: true,
        types: ["node"],
        typeRoots: [join(root, "node_modules", "@types")],
      },
      files: ["app.mts", "app.cts"],
    }),
  );
}, 120_000);

afterAll(() => {
  if (dir !== "") rmSync(dir, { recursive: true, force: true });
});

describe("the packed package", () => {
  it("carries no install script of its own", () => {
    const listed = installLog.split("\n").filter((l) => l.includes("install-scripts") && l.includes("ptcc@"));
    expect(listed).toEqual([]);
  });

  it("ships docs, the license, and source maps with their sources", () => {
    const files = execFileSync("tar", ["tzf", tarball], { encoding: "utf8" }).split("\n");
    expect(files).toContain("package/LICENSE");
    expect(files).toContain("package/docs/agents.md");
    expect(files.some((f) => f.startsWith("package/src/"))).toBe(false);
    const map = execFileSync("tar", ["xzOf", tarball, "package/dist/index.js.map"], { encoding: "utf8" });
    expect(JSON.parse(map).sourcesContent?.length).toBeGreaterThan(0);
  });

  it("runs an agent from an ES module", () => {
    expect(execFileSync("node", ["esm.mjs"], { cwd: app, encoding: "utf8" }).trim()).toBe('{"total":6}');
  });

  it("runs an agent from CommonJS (require)", () => {
    expect(execFileSync("node", ["cjs.cjs"], { cwd: app, encoding: "utf8" }).trim()).toBe('{"total":9}');
  });

  it("type-checks under strict settings without skipLibCheck", () => {
    const r = spawnSync(tsc, ["-p", "tsconfig.json"], { cwd: app, encoding: "utf8" });
    expect(`${r.stdout}${r.stderr}`).toBe("");
    expect(r.status).toBe(0);
  });

  it("ptcc/queue runs queued runs with no peer installed; ptcc/bullmq without bullmq says what to install", () => {
    writeFileSync(
      join(app, "queue.mjs"),
      `import { defineAgent, scriptedLlm } from "ptcc";
import { createRuns, startWorker } from "ptcc/queue";
import { bullmqBackend } from "ptcc/bullmq";
const agents = { add: defineAgent(${AGENT}) };
const runs = createRuns(agents);
const worker = await startWorker(agents, { backend: runs.backend, llm: scriptedLlm([${REPLY}]) });
const step = await (await runs.add.enqueue({ xs: [2, 3] })).result();
await worker.close();
console.log(JSON.stringify(step.return));
try {
  await bullmqBackend({ connection: "redis://127.0.0.1:1" }).state("x");
} catch (e) {
  console.log(e.message);
}
`,
    );
    expect(execFileSync("node", ["queue.mjs"], { cwd: app, encoding: "utf8" }).trim().split("\n")).toEqual([
      '{"total":5}',
      "ptcc/bullmq needs the optional package bullmq — npm install bullmq ioredis",
    ]);
  });

  it("the installed ptcc command answers", () => {
    const r = spawnSync(join(app, "node_modules", ".bin", "ptcc"), ["eval", "-e", "(+ 1 2)"], { encoding: "utf8" });
    expect(r.stdout.trim()).toBe("3");
  });
});
