/**
 * The package as a user gets it: packed (scripts/pack.mjs), installed from the tarball into
 * a new app, imported from ES modules and required from CommonJS, type-checked under a
 * strict tsconfig without skipLibCheck, and run offline with a scripted model. The app's
 * developers install ptcc's compile-time peers (ts-morph, tsx) as development dependencies;
 * its production install (`npm ci --omit=dev`) is ptcc alone (the last describe).
 */
import { execFileSync, spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, posix } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");
const tsc = join(root, "node_modules", ".bin", "tsc");
let dir = "";
let app = "";
let installLog = "";
let tarball = "";

/** ptcc's optional peers a developer installs: ts-morph (ptcc compile of TypeScript tools), tsx (TypeScript tools uncompiled). */
const DEV_PEERS = ["ts-morph@28.0.0", "tsx@4.23.15"];

const AGENT = `{ prompt: "Add them.", signature: "(xs [:int]) -> {total :int}" }`;
const REPLY = JSON.stringify("```clojure\n(return {:total (reduce + data/xs)})\n```");

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "ptcc-package-"));
  tarball = execFileSync("node", [join(root, "scripts", "pack.mjs"), "--out", dir], { encoding: "utf8" }).trim();
  app = join(dir, "app");
  mkdirSync(app);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", version: "1.0.0", private: true }));
  // As README.md says a developer installs it: ptcc, and its compile-time peers for development.
  const r = spawnSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", tarball], {
    cwd: app,
    encoding: "utf8",
  });
  const dev = spawnSync("npm", ["install", "--save-dev", "--prefer-offline", "--no-audit", "--no-fund", ...DEV_PEERS], {
    cwd: app,
    encoding: "utf8",
  });
  if (dev.status !== 0) throw new Error(`npm install of the development peers failed:\n${dev.stdout}\n${dev.stderr}`);
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
    // The bundles carry the maps (tsc's unbundled output is not shipped: scripts/pack.mjs).
    expect(files).not.toContain("package/dist/index.js");
    const map = execFileSync("tar", ["xzOf", tarball, "package/dist/lib/index.js.map"], { encoding: "utf8" });
    expect(JSON.parse(map).sourcesContent?.length).toBeGreaterThan(0);
  });

  it("every relative link of README.md and docs/ points at a file the package ships", () => {
    const files = execFileSync("tar", ["tzf", tarball], { encoding: "utf8" })
      .split("\n")
      .map((f) => f.replace(/^package\//, ""));
    const shipped = (p: string): boolean => files.some((f) => f === p || f.startsWith(`${p.replace(/\/$/, "")}/`));
    const pages = files.filter((f) => f === "README.md" || /^docs\/[^/]+\.md$/.test(f));
    expect(pages.length).toBeGreaterThan(5);
    const broken: string[] = [];
    for (const page of pages) {
      const text = execFileSync("tar", ["xzOf", tarball, `package/${page}`], { encoding: "utf8" });
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const link = m[1]!.replace(/#.*$/, "");
        if (link === "" || /^[a-z]+:/.test(link)) continue;
        const target = posix.normalize(posix.join(posix.dirname(page), link));
        if (!shipped(target)) broken.push(`${page}: ${m[1]!}`);
      }
    }
    expect(broken).toEqual([]);
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

// ---------------------------------------------------------------------------------------
// The app matrix (issue 21, Proof): fresh apps of the kinds users have, each with its own
// package.json and tsconfig.json, sharing the packed tarball's one install (their
// node_modules is the one above them). In each: ptcc compile → tsc --noEmit → a run of the
// generated agent with a scripted model. Every row passes, or its problem is a positioned
// PTC diagnostic.

/** Tools with the shapes that met the app's TypeScript badly: literal unions, optional returns, arrays of unions, JSDoc. */
const ORDER_TOOLS = `export type Status = "open" | "shipped";

export interface Order {
  id: number;
  status: Status;
  /** A note for the customer, when there is one. */
  note: string | undefined;
  tags: (string | number)[];
}

/** Looks an order up by its id. */
export function findOrder(args: { id: number }): Order | undefined {
  return args.id === 7 ? { id: 7, status: "shipped", note: undefined, tags: ["fragile", 2] } : undefined;
}

/** How many parcels an order went out in. */
export async function parcels(args: { id: number; carrier?: string | null }): Promise<number | undefined> {
  return args.carrier === "none" ? undefined : args.id % 3;
}
`;

const ORDER_AGENT = `---
description: Reports where an order is.
signature: "(id :int) -> {status :string, found :bool, tag_count :int, parcels :int?}"
model: openai:gpt-4o-mini
tools:
  - from: ../tools/orders.ts#findOrder
  - from: ../tools/orders.ts#parcels
  - ./support/notify
---
Report the status of order {{id}}.
`;

/** An agent in a subfolder, used as a tool by its path (its module: gen/support/notify.ts). */
const NOTIFY_AGENT = `---
description: Tells the customer.
signature: "(id :int, text :string) -> {sent :bool}"
---
Tell the customer of order {{id}}: {{text}}
`;

/** A literal union in a tool's arguments: mapped to a signature, or a positioned PTC diagnostic. */
const MODE_TOOL = `/** Sets the speed. */
export function setMode(args: { mode: "fast" | "slow" }): boolean {
  return args.mode === "fast";
}
`;
const MODE_AGENT = `---
signature: "(fast :bool) -> :bool"
tools:
  - from: ../tools/mode.ts#setMode
---
Set the mode: fast is {{fast}}.
`;

const ORDER_REPLY = JSON.stringify(
  "```clojure\n(def o (tool/findOrder {:id data/id}))\n" +
    "(return {:status (:status o) :found (some? o) :tag-count (count (:tags o)) :parcels (tool/parcels {:id data/id})})\n```",
);

/** Runs the generated agent; no top-level await, so that it runs as CommonJS too. */
const MAIN = `import { scriptedLlm } from "ptcc";
import { orders, validateOrdersOutput } from "./gen/index.js";

async function main(): Promise<void> {
  // The file names openai:gpt-4o-mini: the run's model wins, so no provider is called.
  const step = await orders.run({ id: 7 }, { llm: scriptedLlm([${ORDER_REPLY}]) });
  if (!step.ok) throw new Error(step.failure.reason);
  const count: number = step.return.tag_count;
  const checked = validateOrdersOutput(step.return);
  const status: string = checked.ok ? checked.value.status : "invalid";
  console.log(JSON.stringify({ ...step.return, count, status }));
}

main().catch((e: unknown) => {
  console.error(e);
  throw e;
});
`;

interface Row {
  readonly name: string;
  readonly type: "module" | "commonjs";
  readonly tsconfig: Record<string, unknown>;
  /** Also compile the agent whose tool takes a literal union (a compile of its own: its errors stop it). */
  readonly mode?: boolean;
}

const STRICT = { strict: true, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, noEmit: true };
const NODE_TYPES = { types: ["node"], typeRoots: [join(root, "node_modules", "@types")] };
const ROWS: readonly Row[] = [
  {
    name: "commonjs",
    type: "commonjs",
    tsconfig: { compilerOptions: { ...STRICT, module: "nodenext", ...NODE_TYPES } },
  },
  {
    name: "esm-nodenext-strict",
    type: "module",
    mode: true,
    tsconfig: {
      compilerOptions: { ...STRICT, target: "es2022", module: "nodenext", moduleResolution: "nodenext", ...NODE_TYPES },
    },
  },
  {
    name: "tsconfig-strictest",
    type: "module",
    mode: true,
    tsconfig: {
      extends: join(root, "node_modules", "@tsconfig", "strictest", "tsconfig.json"),
      compilerOptions: {
        module: "nodenext",
        moduleResolution: "nodenext",
        target: "es2022",
        noEmit: true,
        ...NODE_TYPES,
      },
    },
  },
  {
    // No @types/node at all, and ptcc's own declarations checked (skipLibCheck off).
    name: "types-empty",
    type: "module",
    tsconfig: { compilerOptions: { ...STRICT, module: "nodenext", target: "es2022", types: [], skipLibCheck: false } },
  },
  {
    name: "bundler",
    type: "module",
    tsconfig: {
      compilerOptions: { ...STRICT, module: "esnext", moduleResolution: "bundler", target: "es2022", ...NODE_TYPES },
    },
  },
];

describe("the app matrix: compile → tsc --noEmit → run, in fresh apps", () => {
  const ptccBin = (): string => join(app, "node_modules", "ptcc", "bin", "ptcc.js");
  const tsc = join(root, "node_modules", ".bin", "tsc");

  it.each(ROWS)(
    "$name",
    (row) => {
      const dir = join(app, "rows", row.name);
      mkdirSync(join(dir, "agents"), { recursive: true });
      mkdirSync(join(dir, "agents-mode"), { recursive: true });
      mkdirSync(join(dir, "tools"), { recursive: true });
      writeFileSync(join(dir, "package.json"), JSON.stringify({ name: row.name, private: true, type: row.type }));
      writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ ...row.tsconfig, files: ["main.ts"] }));
      writeFileSync(join(dir, "tools", "orders.ts"), ORDER_TOOLS);
      writeFileSync(join(dir, "tools", "mode.ts"), MODE_TOOL);
      writeFileSync(join(dir, "agents", "orders.agent.md"), ORDER_AGENT);
      mkdirSync(join(dir, "agents", "support"));
      writeFileSync(join(dir, "agents", "support", "notify.agent.md"), NOTIFY_AGENT);
      writeFileSync(join(dir, "agents-mode", "mode.agent.md"), MODE_AGENT);
      writeFileSync(join(dir, "main.ts"), MAIN);
      const run = (cmd: string, args: string[]): { code: number | null; out: string } => {
        const r = spawnSync(cmd, args, { cwd: dir, encoding: "utf8", timeout: 120_000 });
        return { code: r.status, out: `${r.stdout}${r.stderr}` };
      };

      const compiled = run(process.execPath, [ptccBin(), "compile", "agents", "--out", "gen"]);
      expect(compiled.out).toBe("2 agents, 0 errors, 3 files written\n");
      expect(compiled.code).toBe(0);
      // A literal union in a tool's arguments: a module tsc accepts, or a PTC diagnostic at the tool.
      const mode = run(process.execPath, [ptccBin(), "compile", "agents-mode", "--out", "gen-mode"]);
      if (mode.code !== 0) expect(mode.out).toMatch(/^agents-mode\/mode\.agent\.md:4:11: error PTC13\d: /);

      const checked = run(tsc, ["-p", "."]);
      expect(checked.out).toBe("");
      expect(checked.code).toBe(0);
      if (mode.code === 0) {
        writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ ...row.tsconfig, include: ["gen-mode"] }));
        expect(run(tsc, ["-p", "."]).out).toBe("");
      }

      const ran = run(process.execPath, ["--import", "tsx", "main.ts"]);
      // JSON.stringify keeps the first place of a key given twice: status comes once.
      expect(ran.out).toBe('{"status":"shipped","found":true,"tag_count":2,"parcels":1,"count":2}\n');
    },
    180_000,
  );
});

// ---------------------------------------------------------------------------------------
// The production install (issue 21, section 5): an app that runs compiled agents installs
// ptcc alone — no compiler, no install scripts, at most 15 MB — and its agents run. What
// needs the compile-time peers says what to install.

/** The most a production install of ptcc may take on disk (README.md, Install). */
const MAX_INSTALL_BYTES = 15 * 1024 * 1024;

/** Bytes on disk under `dir` (as du counts them: whole blocks), and the files. */
function diskUsage(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    const s = lstatSync(path);
    bytes += s.blocks * 512;
    if (entry.isFile()) files++;
  }
  return { bytes, files };
}

/** The packages under node_modules (scoped ones as @scope/name), nested ones included. */
function installedPackages(modules: string): string[] {
  return readdirSync(modules, { recursive: true })
    .map(String)
    .filter((p) => p.endsWith("package.json") && /(^|node_modules\/)(@[^/]+\/)?[^/@][^/]*\/package\.json$/.test(p))
    .filter((p) => !p.includes("/dist/") && !p.includes("/templates/") && !p.includes("/examples/"))
    .map((p) => p.replace(/\/package\.json$/, ""));
}

describe("a production install (npm ci --omit=dev) of an app with compiled agents", () => {
  let prod = "";
  let ciLog = "";
  const ptccIn = (d: string): string => join(d, "node_modules", "ptcc", "bin", "ptcc.js");
  const run = (cwd: string, cmd: string, args: string[]): { code: number | null; out: string } => {
    const r = spawnSync(cmd, args, { cwd, encoding: "utf8", timeout: 120_000 });
    return { code: r.status, out: `${r.stdout}${r.stderr}` };
  };

  beforeAll(() => {
    // The developer's side (the app above has the peers): compile the agents, then tsc emits
    // the app's JavaScript, which is what is deployed.
    const src = join(app, "prod-src");
    mkdirSync(join(src, "agents", "support"), { recursive: true });
    mkdirSync(join(src, "tools"), { recursive: true });
    writeFileSync(join(src, "package.json"), JSON.stringify({ name: "prod-src", private: true, type: "module" }));
    writeFileSync(join(src, "tools", "orders.ts"), ORDER_TOOLS);
    writeFileSync(join(src, "agents", "orders.agent.md"), ORDER_AGENT);
    writeFileSync(join(src, "agents", "support", "notify.agent.md"), NOTIFY_AGENT);
    writeFileSync(join(src, "main.ts"), MAIN);
    writeFileSync(
      join(src, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          ...STRICT,
          noEmit: false,
          outDir: "out",
          target: "es2022",
          module: "nodenext",
          ...NODE_TYPES,
        },
        files: ["main.ts"],
      }),
    );
    const compiled = run(src, process.execPath, [ptccIn(app), "compile", "agents", "--out", "gen"]);
    if (compiled.code !== 0) throw new Error(`ptcc compile failed:\n${compiled.out}`);
    const emitted = run(src, join(root, "node_modules", ".bin", "tsc"), ["-p", "."]);
    if (emitted.code !== 0) throw new Error(`tsc failed:\n${emitted.out}`);

    // The production side: a fresh folder with the app's package.json, lock file and output.
    prod = join(dir, "prod");
    mkdirSync(prod);
    writeFileSync(
      join(prod, "package.json"),
      JSON.stringify({
        name: "prod",
        version: "1.0.0",
        private: true,
        type: "module",
        dependencies: { ptcc: `file:${tarball}` },
        devDependencies: Object.fromEntries(
          DEV_PEERS.map((p) => [p.slice(0, p.lastIndexOf("@")), p.slice(p.lastIndexOf("@") + 1)]),
        ),
      }),
    );
    const lock = run(prod, "npm", ["install", "--package-lock-only", "--prefer-offline", "--no-audit", "--no-fund"]);
    if (lock.code !== 0) throw new Error(`npm install --package-lock-only failed:\n${lock.out}`);
    const ci = run(prod, "npm", ["ci", "--omit=dev", "--prefer-offline", "--no-audit", "--no-fund"]);
    ciLog = ci.out;
    if (ci.code !== 0) throw new Error(`npm ci --omit=dev failed:\n${ci.out}`);
    cpSync(join(src, "out"), join(prod, "app"), { recursive: true });
    mkdirSync(join(prod, "agents"));
    cpSync(join(src, "agents"), join(prod, "agents"), { recursive: true });
    mkdirSync(join(prod, "tools"));
    writeFileSync(join(prod, "tools", "orders.ts"), ORDER_TOOLS);
  }, 240_000);

  it("installs ptcc alone, at most 15 MB, with no install scripts", () => {
    const modules = join(prod, "node_modules");
    expect(installedPackages(modules)).toEqual(["ptcc"]);
    const { bytes } = diskUsage(modules);
    expect(bytes).toBeLessThanOrEqual(MAX_INSTALL_BYTES);
    expect(ciLog).not.toMatch(/install-scripts|postinstall|node-gyp/);
    for (const name of installedPackages(modules)) {
      const pkg = JSON.parse(readFileSync(join(modules, name, "package.json"), "utf8")) as {
        scripts?: Record<string, string>;
      };
      const scripts = Object.keys(pkg.scripts ?? {}).filter((s) => /^(pre|post)?install$|^prepare$/.test(s));
      expect(scripts, name).toEqual([]);
      expect(existsSync(join(modules, name, "binding.gyp")), name).toBe(false);
    }
  });

  it("runs the compiled agent (its tools imported by the app's own JavaScript)", () => {
    const ran = run(prod, process.execPath, [join("app", "main.js")]);
    expect(ran.out).toBe('{"status":"shipped","found":true,"tag_count":2,"parcels":1,"count":2}\n');
  });

  it("keeps the command line: ptcc eval, and ptcc compile of agents without TypeScript tools", () => {
    expect(run(prod, process.execPath, [ptccIn(prod), "eval", "-e", "(+ 1 2)"]).out).toBe("3\n");
    const plain = run(prod, process.execPath, [ptccIn(prod), "compile", "agents/support", "--out", "gen-plain"]);
    expect(plain.out).toBe("1 agent, 0 errors, 2 files written\n");
    expect(plain.code).toBe(0);
  });

  it("ptcc compile of a TypeScript tool without ts-morph: PTC161 at the tool, naming what to install", () => {
    const r = run(prod, process.execPath, [ptccIn(prod), "compile", "agents", "--out", "gen-ts"]);
    expect(r.out).toContain(
      "agents/orders.agent.md:6:11: error PTC161: reading the types of TypeScript tool modules needs the optional package ts-morph, which is not installed — npm install --save-dev ts-morph@28.0.0",
    );
    expect(r.code).toBe(1);
  });

  it("loadAgentFile of a TypeScript tool without tsx: an AgentFileError naming what to install", () => {
    writeFileSync(
      join(prod, "load.mjs"),
      `import { loadAgentFile } from "ptcc";
try {
  await loadAgentFile("agents/orders.agent.md");
} catch (e) {
  console.log(e.name, e.format());
}
`,
    );
    expect(run(prod, process.execPath, ["load.mjs"]).out).toBe(
      "AgentFileError agents/orders.agent.md:6:11: cannot import tool module ../tools/orders.ts: importing a TypeScript tool module needs the optional package tsx, which is not installed — npm install --save-dev tsx@4.23.15\n",
    );
  });
});
