/**
 * `ptcc compile` and `ptcc init` as commands, run against the built CLI (dist/): exit
 * codes, the summary line, the three formats, --check for CI, --watch, and a scaffold that
 * compiles, type-checks under strict settings and runs offline with its scripted model.
 */
import { spawn, spawnSync, type SpawnSyncReturns } from "node:child_process";
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { renderChanges, unchanged } from "../../src/cli/compile-render.js";
import { compileAgents } from "../../src/compiler/compile.js";

const ROOT = join(__dirname, "..", "..");
const BIN = join(ROOT, "bin", "ptcc.js");
const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

function dir(files: Record<string, string> = {}): string {
  const d = mkdtempSync(join(tmpdir(), "ptcc-cli-compile-"));
  made.push(d);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(d, name, ".."), { recursive: true });
    writeFileSync(join(d, name), text);
  }
  return d;
}

function ptcc(
  cwd: string,
  args: string[],
  env: Record<string, string> = {},
): { code: number; out: string; err: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, GITHUB_ACTIONS: "", ...env },
  });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}

/**
 * `ptcc compile ARGS --watch` in `cwd`: `until(text)` waits for its output to hold the text
 * (a minute at most: a compile that reads TypeScript is slow on a loaded machine), `clear()`
 * forgets what it printed so far, `stop()` ends it with Ctrl-C.
 */
function watching(
  cwd: string,
  args: string[],
  env: Record<string, string> = {},
): { until(text: string): Promise<void>; clear(): void; stop(): void } {
  const child = spawn(process.execPath, [BIN, "compile", ...args, "--watch"], { cwd, env: { ...process.env, ...env } });
  let out = "";
  let err = "";
  child.stdout.on("data", (b: Buffer) => (out += b.toString()));
  child.stderr.on("data", (b: Buffer) => (err += b.toString()));
  return {
    async until(text) {
      for (let i = 0; i < 1200 && !out.includes(text); i++) await new Promise((r) => setTimeout(r, 50));
      expect(out, `stderr: ${err}`).toContain(text);
    },
    clear: () => (out = ""),
    stop: () => child.kill("SIGINT"),
  };
}

const GOOD = '---\nsignature: "(query :string) -> {count :int}"\n---\n\nCount {{query}}.\n';
const TOOLED =
  '---\nsignature: "(query :string) -> {count :int}"\ntools:\n  - from: ../tools/count.ts#words\n' +
  '  - from: ../tools/count.ts#chars\n    signature: "(text :string) -> :int"\n---\n\nCount {{query}}.\n';
const TOOL =
  "/** Counts the words, a page at a time. */\nexport function words(args: { text: string; page?: number | null }): number {\n" +
  '  return args.text.split(" ").length;\n}\n\nexport async function chars(args: { text: string }): Promise<number> {\n' +
  "  return args.text.length;\n}\n";
const BAD = '---\nsignature: "(query :string) -> {count :int}"\nmaxTurn: 3\n---\n\nCount {{query}}.\n';

describe("ptcc compile", () => {
  it("compiles, prints the summary line and exits 0; again, writes nothing", () => {
    const d = dir({ "agents/count.agent.md": GOOD });
    expect(ptcc(d, ["compile", "agents", "--out", "gen"])).toEqual({
      code: 0,
      out: "1 agent, 0 errors, 2 files written\n",
      err: "",
    });
    expect(ptcc(d, ["compile", "agents", "--out", "gen"]).out).toBe("1 agent, 0 errors, 0 files written\n");
    expect(readFileSync(join(d, "gen/count.ts"), "utf8")).toContain(
      "export const count: $ptcc.Agent<CountInput, CountOutput>",
    );
  });

  it("errors: file:line:col: error PTC1xx with a code frame, exit 1, nothing written", () => {
    const d = dir({ "agents/count.agent.md": BAD });
    const r = ptcc(d, ["compile", "--out", "gen"]);
    expect(r.code).toBe(1);
    expect(r.out).toBe(
      [
        "agents/count.agent.md:3:1: error PTC102: unknown key maxTurn — did you mean maxTurns?",
        '  2 | signature: "(query :string) -> {count :int}"',
        "> 3 | maxTurn: 3",
        "    | ^^^^^^^",
        "  4 | ---",
        "",
        "1 agent, 1 error, 0 files written",
        "",
      ].join("\n"),
    );
  });

  it("--format json prints one object; --format github (the default on GitHub Actions) annotations", () => {
    const d = dir({ "agents/count.agent.md": BAD });
    const json = JSON.parse(ptcc(d, ["compile", "--out", "gen", "--format", "json"]).out) as Record<string, unknown>;
    expect(json).toMatchObject({ ok: false, agents: 1, errors: 1, warnings: 0, written: [] });
    expect(json["diagnostics"]).toEqual([
      {
        file: "agents/count.agent.md",
        line: 3,
        column: 1,
        endLine: 3,
        endColumn: 8,
        severity: "error",
        code: "PTC102",
        message: "unknown key maxTurn",
        hint: "did you mean maxTurns?",
      },
    ]);
    const github = ptcc(d, ["compile", "--out", "gen"], { GITHUB_ACTIONS: "true" });
    expect(github.out.split("\n")[0]).toBe(
      "::error file=agents/count.agent.md,line=3,col=1,endColumn=8,title=PTC102::unknown key maxTurn — did you mean maxTurns?",
    );
    expect(ptcc(d, ["compile", "--out", "gen", "--format", "pretty"], { GITHUB_ACTIONS: "true" }).out).toContain(
      "> 3 |",
    );
  });

  it("--check: exit 1 listing what is stale, 0 once up to date", () => {
    const d = dir({ "agents/count.agent.md": GOOD });
    expect(ptcc(d, ["compile", "--out", "gen", "--check"])).toEqual({
      code: 1,
      out: "missing: gen/count.ts (agents/count.agent.md has no generated module)\nmissing: gen/index.ts (the index of the agents is not there)\nrun npx ptcc compile --out gen to update them\n1 agent, 0 errors, 2 files out of date\n",
      err: "",
    });
    ptcc(d, ["compile", "--out", "gen"]);
    expect(ptcc(d, ["compile", "--out", "gen", "--check"])).toEqual({
      code: 0,
      out: "1 agent, 0 errors, up to date\n",
      err: "",
    });
  });

  it("--check compares the code: a comment in a tool module or tsconfig.json changes nothing", () => {
    const d = dir({
      "package.json": "{}",
      "tsconfig.json": '{ "compilerOptions": { "strict": true } }\n',
      "agents/count.agent.md": TOOLED,
      "tools/count.ts": TOOL,
    });
    expect(ptcc(d, ["compile", "agents", "--out", "gen"]).code).toBe(0);
    writeFileSync(join(d, "tools/count.ts"), `// a comment\n${TOOL}`);
    writeFileSync(join(d, "tsconfig.json"), '// the app\'s settings\n{ "compilerOptions": { "strict": true } }\n');
    expect(ptcc(d, ["compile", "agents", "--out", "gen", "--check"])).toEqual({
      code: 0,
      out: "1 agent, 0 errors, up to date\n",
      err: "",
    });
  });

  it("--check on GitHub Actions: an annotation per file out of date, saying which input changed and what to run", () => {
    const d = dir({ "package.json": "{}", "agents/count.agent.md": TOOLED, "tools/count.ts": TOOL });
    expect(ptcc(d, ["compile", "agents", "--out", "gen"]).code).toBe(0);
    writeFileSync(join(d, "tools/count.ts"), TOOL.replace("Counts the words", "Counts words"));
    writeFileSync(join(d, "agents/other.agent.md"), GOOD);
    const r = ptcc(d, ["compile", "agents", "--out", "gen", "--check"], { GITHUB_ACTIONS: "true" });
    expect(r.code).toBe(1);
    expect(r.out.split("\n")).toEqual([
      "::error file=gen/count.ts,title=ptcc compile --check%3A stale::gen/count.ts is out of date: tools/count.ts changed since it was generated. Run npx ptcc compile agents --out gen and commit the result.",
      "::error file=gen/index.ts,title=ptcc compile --check%3A stale::gen/index.ts is out of date: the list of agents changed. Run npx ptcc compile agents --out gen and commit the result.",
      "::error file=gen/other.ts,title=ptcc compile --check%3A missing::gen/other.ts is missing: agents/other.agent.md has no generated module. Run npx ptcc compile agents --out gen and commit the result.",
      "2 agents, 0 errors, 3 files out of date",
      "",
    ]);
  });

  it("--warnings-as-errors: a warning fails the command (exit 1), as an error annotation on GitHub", () => {
    const d = dir({ "agents/count.agent.md": GOOD.replace("Count {{query}}.", "Count.") });
    const plain = ptcc(d, ["compile", "agents", "--out", "gen"]);
    expect(plain.code).toBe(0);
    expect(plain.out).toContain("warning PTC123");
    const strict = ptcc(d, ["compile", "agents", "--out", "gen", "--warnings-as-errors"], { GITHUB_ACTIONS: "true" });
    expect(strict.code).toBe(1);
    expect(strict.out).toMatch(
      /^::error file=agents\/count\.agent\.md,line=2,.*title=PTC123::the prompt never mentions/,
    );
  });

  it('reads its folders from package.json ("ptcc": { "agents", "out" }) when not given', () => {
    const d = dir({
      "package.json": JSON.stringify({ name: "app", ptcc: { agents: "src/agents", out: "src/agents.generated" } }),
      "src/agents/count.agent.md": GOOD,
    });
    expect(ptcc(d, ["compile"])).toMatchObject({ code: 0, out: "1 agent, 0 errors, 2 files written\n" });
    expect(readFileSync(join(d, "src/agents.generated/count.ts"), "utf8")).toContain("export const count");
    // From a folder below, the paths are still the package's.
    expect(ptcc(join(d, "src"), ["compile", "--check"])).toMatchObject({
      code: 0,
      out: "1 agent, 0 errors, up to date\n",
    });
    writeFileSync(join(d, "package.json"), JSON.stringify({ ptcc: { agent: "src/agents", out: "gen" } }));
    expect(ptcc(d, ["compile"])).toMatchObject({
      code: 2,
      err: 'ptcc: package.json: unknown key "agent" in "ptcc" — did you mean agents?\n',
    });
  });

  it("used wrongly: exit 2", () => {
    const d = dir({ "agents/count.agent.md": GOOD });
    expect(ptcc(d, ["compile", "agents"])).toMatchObject({
      code: 2,
      err: expect.stringContaining("give the output folder"),
    });
    expect(ptcc(d, ["compile", "nowhere", "--out", "gen"])).toMatchObject({
      code: 2,
      err: "ptcc: nowhere: no such folder\n",
    });
    expect(ptcc(d, ["compile", "agnets", "--out", "gen"])).toMatchObject({
      code: 2,
      err: "ptcc: agnets: no such folder — did you mean agents?\n",
    });
    expect(ptcc(d, ["compile", "--out", "gen", "--chek"])).toMatchObject({
      code: 2,
      err: "ptcc: Unknown argument: chek — did you mean --check?\n",
    });
    expect(ptcc(d, ["compile", "--out", "gen", "--check", "--watch"]).code).toBe(2);
    expect(ptcc(d, ["compile", "--out", "gen", "--format", "xml"])).toMatchObject({
      code: 2,
      err: 'ptcc: --format must be pretty, json or github, got "xml"\n',
    });
  });

  it("an --out that cannot be written: a usage error naming it (exit 2), never an internal error", () => {
    const d = dir({ "agents/count.agent.md": GOOD, "file.txt": "mine\n" });
    expect(ptcc(d, ["compile", "--out", "file.txt"])).toEqual({
      code: 2,
      out: "",
      err: "ptcc: cannot write --out file.txt: it is a file, not a folder\n",
    });
    expect(ptcc(d, ["compile", "--out", "file.txt/gen"])).toEqual({
      code: 2,
      out: "",
      err: "ptcc: cannot write --out file.txt/gen: file.txt is a file, not a folder\n",
    });
    expect(readFileSync(join(d, "file.txt"), "utf8")).toBe("mine\n");
    // A parent folder that cannot be written (as a user without the right, even when the tests run as root).
    mkdirSync(join(d, "ro"));
    chmodSync(join(d, "ro"), 0o555);
    chmodSync(d, 0o755);
    const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    const r = spawnSync(process.execPath, [BIN, "compile", "--out", "ro/gen"], {
      cwd: d,
      encoding: "utf8",
      timeout: 60_000,
      env: { ...process.env, GITHUB_ACTIONS: "", PTCC_CACHE_DIR: join(d, "ro", "cache") },
      ...asUser,
    });
    expect({ code: r.status, out: r.stdout, err: r.stderr }).toEqual({
      code: 2,
      out: "",
      err: "ptcc: cannot write --out ro/gen: ro cannot be written (permission denied)\n",
    });
  });

  it("an --out that links to a folder is written through: the link stays a link", () => {
    const d = dir({ "agents/count.agent.md": GOOD, "elsewhere/README.md": "kept\n" });
    symlinkSync("elsewhere", join(d, "gen"));
    expect(ptcc(d, ["compile", "--out", "gen"])).toEqual({
      code: 0,
      out: "1 agent, 0 errors, 2 files written\n",
      err: "",
    });
    expect(lstatSync(join(d, "gen")).isSymbolicLink()).toBe(true);
    expect(readdirSync(join(d, "elsewhere")).sort()).toEqual(["README.md", "count.ts", "index.ts"]);
    writeFileSync(join(d, "agents/count.agent.md"), GOOD.replace("Count", "Count all"));
    expect(ptcc(d, ["compile", "--out", "gen"]).out).toBe("1 agent, 0 errors, 1 file written\n");
    expect(lstatSync(join(d, "gen")).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(d, "elsewhere/count.ts"), "utf8")).toContain("Count all");
    expect(ptcc(d, ["compile", "--out", "gen"]).out).toBe("1 agent, 0 errors, 0 files written\n");
  });

  it("control characters of agent files and arguments are shown escaped, never written to the terminal", () => {
    const d = dir({ "agents/count.agent.md": GOOD.replace("---\n", '---\n"\\u001b]0;pwned\\u0007": 1\n') });
    const pretty = ptcc(d, ["compile", "--out", "gen"]);
    expect(pretty.code).toBe(1);
    expect(pretty.out.split("\n")[0]).toBe(
      "agents/count.agent.md:2:1: error PTC102: unknown key \\u001b]0;pwned\\u0007 — the keys are: name, description, signature, types, tools, maxTurns, maxDepth, fieldDescriptions, formatOptions, outputMode, model, signatureValidation, turnTimeoutMs, missionTimeoutMs, reference, transport, mcp, compaction, tokenLimit, onBudgetExceeded, turnBudget, retryTurns, completion, memoryLimit, memoryStrategy, maxToolCalls, toolConcurrency, llmRetry, llmQuery, builtinTools",
    );
    const github = ptcc(d, ["compile", "--out", "gen", "--format", "github"]);
    expect(github.out).toContain("unknown key \\u001b]0;pwned\\u0007");
    const usage = ptcc(d, ["compile", "no\u001bwhere", "--out", "gen"]);
    expect(usage).toEqual({ code: 2, out: "", err: "ptcc: no\\u001bwhere: no such folder\n" });
    for (const r of [pretty, github, usage]) expect(r.out + r.err).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
  });

  it("--watch prints what changed and its problems escaped too", () => {
    const diagnostic = {
      code: "PTC102",
      severity: "error",
      file: "agents/a.agent.md",
      message: "unknown key \u001b]0;pwned\u0007",
      span: { line: 2, column: 1, endLine: 2, endColumn: 5, offset: 4, end: 8 },
      source: "---\n\u001b[2J: 1\n---\n",
    } as const;
    const r = {
      ...unchanged({ agents: 1, inputs: [] }),
      diagnostics: [diagnostic],
      errors: 1,
      written: ["gen/\u001bx.ts"],
    };
    for (const format of ["pretty", "github"] as const) {
      const text = renderChanges(r, format);
      expect(text).toContain("\\u001b]0;pwned\\u0007");
      expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
    }
    expect(renderChanges(r, "pretty")).toContain("wrote gen/\\u001bx.ts");
  });

  it("nothing changed: the quick check answers in every format, and notices any change", () => {
    const d = dir({ "agents/count.agent.md": TOOLED, "tools/count.ts": TOOL });
    expect(ptcc(d, ["compile", "--out", "gen"]).out).toBe("1 agent, 0 errors, 2 files written\n");
    expect(JSON.parse(ptcc(d, ["compile", "--out=gen", "--format", "json"]).out)).toEqual({
      ok: true,
      agents: 1,
      errors: 0,
      warnings: 0,
      diagnostics: [],
      written: [],
      removed: [],
    });
    expect(ptcc(d, ["compile", "--out", "gen"], { GITHUB_ACTIONS: "true" }).out).toBe(
      "1 agent, 0 errors, 0 files written\n",
    );
    // A hand edit of a generated module, then of a tool module: each is compiled again.
    const good = readFileSync(join(d, "gen/count.ts"), "utf8");
    writeFileSync(join(d, "gen/count.ts"), good.replace("Count", "Kount"));
    expect(ptcc(d, ["compile", "--out", "gen"]).out).toBe("1 agent, 0 errors, 1 file written\n");
    expect(readFileSync(join(d, "gen/count.ts"), "utf8")).toBe(good);
    writeFileSync(join(d, "tools/count.ts"), TOOL.replace("a page", "one page"));
    expect(ptcc(d, ["compile", "--out", "gen"]).out).toBe("1 agent, 0 errors, 1 file written\n");
    expect(readFileSync(join(d, "gen/count.ts"), "utf8")).toContain("Counts the words, one page at a time.");
  });

  it("reads the tools' types in a worker thread as this thread reads them", async () => {
    const d = dir({ "agents/count.agent.md": TOOLED, "tools/count.ts": TOOL });
    expect(ptcc(d, ["compile", "--out", "gen"]).code).toBe(0);
    const byWorker = readFileSync(join(d, "gen/count.ts"), "utf8");
    expect(byWorker).toContain("Counts the words, a page at a time.");
    rmSync(join(d, "gen"), { recursive: true });
    expect(ptcc(d, ["compile", "--out", "gen"], { PTCC_TYPES_WORKER: "off" }).code).toBe(0);
    expect(readFileSync(join(d, "gen/count.ts"), "utf8")).toBe(byWorker);
    rmSync(join(d, "gen"), { recursive: true });
    const r = await compileAgents({ inputs: ["agents"], out: "gen", cwd: d });
    expect(r.errors).toBe(0);
    expect(readFileSync(join(d, "gen/count.ts"), "utf8")).toBe(byWorker);
  });

  it("--watch compiles again when an agent file changes, printing what changed", async () => {
    const d = dir({ "agents/count.agent.md": GOOD });
    const w = watching(d, ["--out", "gen"]);
    try {
      await w.until("2 files written");
      writeFileSync(join(d, "agents/count.agent.md"), GOOD.replace("Count {{query}}.", "Count each {{query}}."));
      await w.until("wrote gen/count.ts");
      writeFileSync(join(d, "agents/count.agent.md"), BAD);
      await w.until("error PTC102");
    } finally {
      w.stop();
    }
  }, 120_000);

  it("--watch with PTCC_WATCH=poll (file systems without change events) sees writes and new files", async () => {
    const d = dir({ "agents/count.agent.md": GOOD });
    const w = watching(d, ["agents", "--out", "gen"], { PTCC_WATCH: "poll" });
    try {
      await w.until("2 files written");
      writeFileSync(join(d, "agents/count.agent.md"), GOOD.replace("Count {{query}}.", "Count each {{query}}."));
      await w.until("wrote gen/count.ts");
      writeFileSync(join(d, "agents/more.agent.md"), GOOD);
      await w.until("wrote gen/more.ts");
    } finally {
      w.stop();
    }
  }, 120_000);

  it("--watch keeps hearing a file saved by rename (sed -i, editors' atomic save), again and again", async () => {
    const d = dir({ "agents/count.agent.md": GOOD, "tools/count.ts": TOOL, "agents/t.agent.md": TOOLED });
    const w = watching(d, ["agents", "--out", "gen"]);
    /** Save as editors do: write a new file beside it, then rename it over the old one. */
    const renameSave = (file: string, text: string): void => {
      writeFileSync(`${join(d, file)}.tmp`, text);
      renameSync(`${join(d, file)}.tmp`, join(d, file));
    };
    try {
      await w.until("3 files written");
      for (const [i, word] of ["each", "every"].entries()) {
        w.clear();
        renameSave("agents/count.agent.md", GOOD.replace("Count {{query}}.", `Count ${word} {{query}}.`));
        await w.until("wrote gen/count.ts");
        w.clear();
        renameSave("tools/count.ts", TOOL.replace("a page at a time", `page ${i} at a time`));
        await w.until("wrote gen/t.ts");
      }
    } finally {
      w.stop();
    }
  }, 240_000);

  it("--watch compiles again when a tool module outside the agent folder changes", async () => {
    const d = dir({ "agents/count.agent.md": TOOLED, "tools/count.ts": TOOL });
    const w = watching(d, ["agents", "--out", "gen"]);
    try {
      await w.until("2 files written");
      writeFileSync(join(d, "tools/count.ts"), TOOL.replace("a page", "one page"));
      await w.until("wrote gen/count.ts");
    } finally {
      w.stop();
    }
  }, 120_000);
});

/**
 * What `npm install` would give a scaffolded app (ptcc, this package, and Node's types), then
 * compile its agents, type-check it (no output) and run src/main.ts under tsx's `loader`.
 */
function compileCheckAndRun(app: string, loader: "esm/index.mjs" | "loader.mjs"): SpawnSyncReturns<string> {
  mkdirSync(join(app, "node_modules/@types"), { recursive: true });
  symlinkSync(ROOT, join(app, "node_modules/ptcc"));
  symlinkSync(join(ROOT, "node_modules/@types/node"), join(app, "node_modules/@types/node"));
  expect(ptcc(app, ["compile", "agents", "--out", "src/agents.generated"])).toMatchObject({ code: 0 });
  const tsc = spawnSync(join(ROOT, "node_modules/.bin/tsc"), ["-p", "."], { cwd: app, encoding: "utf8" });
  expect(`${tsc.stdout}${tsc.stderr}`).toBe("");
  return runMain(app, loader);
}

function runMain(app: string, loader: "esm/index.mjs" | "loader.mjs"): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, ["--import", join(ROOT, "node_modules/tsx/dist", loader), "src/main.ts"], {
    cwd: app,
    encoding: "utf8",
    timeout: 60_000,
  });
}

describe("ptcc init", () => {
  it("scaffolds a project that compiles, type-checks strictly and runs offline", () => {
    const d = dir();
    const init = ptcc(d, ["init", "app"]);
    expect(init.code).toBe(0);
    expect(init.out).toContain("created agents/order-status.agent.md\ncreated scripts/order-status.json");
    const app = join(d, "app");
    const pkg = JSON.parse(readFileSync(join(app, "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts["agents:check"]).toBe("ptcc compile agents --out src/agents.generated --check");
    const run = compileCheckAndRun(app, "esm/index.mjs");
    expect(run.stdout).toBe("Your order is shipped and arrives in 2 days. (reply to ann@example.com)\n");
    // A model that cannot be made: one line saying why, no stack trace, exit code 1.
    const main = readFileSync(join(app, "src/main.ts"), "utf8");
    writeFileSync(
      join(app, "src/main.ts"),
      main.replace("script:scripts/order-status.json", "script:scripts/none.json"),
    );
    expect(runMain(app, "esm/index.mjs")).toMatchObject({
      status: 1,
      stdout: "",
      stderr: "error: scripts/none.json: cannot read the script (ENOENT)\n",
    });

    // Again: every file is kept, nothing is overwritten.
    writeFileSync(join(app, "src/main.ts"), "// mine\n");
    const again = ptcc(app, ["init"]);
    expect(again.out).toMatch(/^nothing to do: this project is scaffolded \(\d+ files kept\)\n$/);
    expect(readFileSync(join(app, "src/main.ts"), "utf8")).toBe("// mine\n");
  }, 60_000);

  it.each([
    ["null", "package.json holds null, not an object: make it an object ({}) or remove it"],
    ["[]", "package.json holds a list, not an object: make it an object ({}) or remove it"],
    ['"x"', "package.json holds a string, not an object: make it an object ({}) or remove it"],
    ['{"scripts": []}', 'the "scripts" of package.json is a list, not an object: make it an object or remove it'],
    [
      '{"scripts": "build"}',
      'the "scripts" of package.json is a string, not an object: make it an object or remove it',
    ],
  ])("a package.json of %s is a clear error (exit 2), and nothing is scaffolded", (text, message) => {
    const d = dir({ "package.json": text });
    expect(ptcc(d, ["init"])).toEqual({ code: 2, out: "", err: `ptcc: cannot scaffold .: ${message}\n` });
    expect(readdirSync(d)).toEqual(["package.json"]);
    expect(readFileSync(join(d, "package.json"), "utf8")).toBe(text);
  });

  it("adds only the missing scripts and packages to an existing package.json", () => {
    const mine = {
      name: "x",
      scripts: { start: "node mine.js" },
      dependencies: { express: "^5.0.0" },
      devDependencies: { typescript: "5.9.3" },
      peerDependencies: { tsx: "*" },
    };
    const d = dir({ "package.json": JSON.stringify(mine, null, 4) });
    const out = ptcc(d, ["init"]).out;
    expect(out).toContain("added the scripts agents, agents:check, agents:watch, typecheck to package.json\n");
    expect(out).toContain(
      "added ptcc to the dependencies and @types/node, ts-morph to the devDependencies of package.json\n",
    );
    expect(out).toContain(
      "added src/agents.generated to .prettierignore\nadded src/agents.generated to .gitattributes\n",
    );
    expect(readFileSync(join(d, ".prettierignore"), "utf8")).toBe("src/agents.generated/\n");
    expect(readFileSync(join(d, ".gitattributes"), "utf8")).toBe("src/agents.generated/** linguist-generated=true\n");
    const pkg = JSON.parse(readFileSync(join(d, "package.json"), "utf8")) as typeof mine;
    expect(pkg.scripts["start"]).toBe("node mine.js");
    expect(pkg.dependencies).toEqual({ express: "^5.0.0", ptcc: expect.stringMatching(/^\^\d+\.\d+\.\d+/) });
    // A package the app names anywhere keeps the app's range.
    expect(pkg.devDependencies).toEqual({ typescript: "5.9.3", "@types/node": "^20.19.0", "ts-morph": "^28.0.0" });
    expect(pkg.peerDependencies).toEqual({ tsx: "*" });
    expect(readFileSync(join(d, "package.json"), "utf8")).toMatch(/^ {4}"name"/m);

    // Run again: nothing is missing any more, package.json is not touched.
    const before = readFileSync(join(d, "package.json"), "utf8");
    const again = ptcc(d, ["init"]).out;
    expect(again).toMatch(/^nothing to do: /);
    expect(readFileSync(join(d, "package.json"), "utf8")).toBe(before);
  });

  it("an existing app: no demo among its agents, its ignores and ESLint taken care of, its tsconfig's types named", () => {
    const d = dir({
      "package.json": JSON.stringify({ name: "x", dependencies: { ptcc: "*" } }),
      "agents/billing/summarize.agent.md": GOOD,
      "tsconfig.json": '{\n  // mine\n  "compilerOptions": { "strict": true, "types": [] },\n}\n',
      ".prettierignore": "dist",
      ".eslintrc.json": "{}",
      "eslint.config.js": "export default [];\n",
    });
    const r = ptcc(d, ["init"]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("agents/ holds your agents: the demo agent order-status was not added");
    expect(r.out).not.toContain("order-status.agent.md");
    expect(r.out).toContain("added src/agents.generated to .prettierignore\n");
    expect(r.out).toContain("added src/agents.generated to .eslintignore\n");
    expect(r.out).toContain(
      'note: add { ignores: ["src/agents.generated/"] } to the configurations of eslint.config.js',
    );
    expect(r.out).toContain("npx tsc -p .                                  (npm run typecheck)");
    expect(readFileSync(join(d, ".prettierignore"), "utf8")).toBe("dist\nsrc/agents.generated/\n");
    const pkg = JSON.parse(readFileSync(join(d, "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts["start"]).toBeUndefined();
    // The demo where there are no agents yet, with the tsconfig's types said.
    const e = dir({ "tsconfig.json": '{ "compilerOptions": { "types": ["vitest/globals"] } }' });
    expect(ptcc(e, ["init"]).out).toContain(
      'note: tsconfig.json lists compilerOptions.types without "node": add "node" for src/main.ts and tools/orders.ts',
    );
  });

  it('scaffolds into an existing CommonJS app ("type": "commonjs"): it type-checks and runs', () => {
    const d = dir({ "package.json": JSON.stringify({ name: "legacy", version: "1.0.0", type: "commonjs" }) });
    expect(ptcc(d, ["init"]).code).toBe(0);
    // tsx's loader for both module kinds (a "type": "commonjs" package runs main.ts as CommonJS).
    const run = compileCheckAndRun(d, "loader.mjs");
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe("Your order is shipped and arrives in 2 days. (reply to ann@example.com)\n");
  }, 60_000);

  it.each(["dependencies", "devDependencies"])("a package.json whose %s is a list is a clear error", (key) => {
    const text = JSON.stringify({ name: "x", [key]: ["ptcc"] });
    const d = dir({ "package.json": text });
    expect(ptcc(d, ["init"])).toEqual({
      code: 2,
      out: "",
      err: `ptcc: cannot scaffold .: the "${key}" of package.json is a list, not an object: make it an object or remove it\n`,
    });
    expect(readFileSync(join(d, "package.json"), "utf8")).toBe(text);
  });
});
