/** Temporary projects for the compiler's tests: a folder of files, compiled in place. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll } from "vitest";
import { compileAgents, type CompileOptions, type CompileResult } from "../../src/compiler/compile.js";
import type { Diagnostic } from "../../src/compiler/diagnostics.js";

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

/** A new folder holding `files` (paths relative to it). */
export function project(files: Readonly<Record<string, string>>): string {
  const dir = mkdtempSync(join(tmpdir(), "ptcc-compile-"));
  made.push(dir);
  writeFiles(dir, files);
  return dir;
}

export function writeFiles(dir: string, files: Readonly<Record<string, string>>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
}

/** Compile `agents` into `gen` inside `dir`. */
export function compile(dir: string, options: Partial<CompileOptions> = {}): Promise<CompileResult> {
  return compileAgents({ inputs: ["agents"], out: "gen", cwd: dir, ...options });
}

/** An agent file: front matter lines, then the prompt. */
export function agentFile(frontMatter: string, prompt = "Do the task."): string {
  return `---\n${frontMatter.trim()}\n---\n\n${prompt}\n`;
}

/** `file:line:col code message` of each diagnostic, for compact assertions. */
export function brief(ds: readonly Diagnostic[]): string[] {
  return ds.map(
    (d) =>
      `${d.file}:${d.span ? `${d.span.line}:${d.span.column}` : "-"} ${d.code} ${d.message}${d.hint ? ` — ${d.hint}` : ""}`,
  );
}
