/**
 * What `ptcc compile` prints, in its three formats (see compile.ts). Apart from the command
 * so that the quick no-change path (compile-quick.ts) prints exactly what it would.
 * Pretty and github output quote agent files (keys, names, code frames): their control
 * characters are shown escaped (sanitize.ts); JSON escapes them itself.
 */
import type { CompileResult } from "../compiler/compile.js";
import {
  diagnosticToJson,
  formatDiagnostic,
  formatGithubAnnotation,
  githubCommand,
  sortDiagnostics,
} from "../compiler/diagnostics.js";
import { sanitize } from "./sanitize.js";
import { UsageError } from "./usage-error.js";

export type Format = "pretty" | "json" | "github";

/** How a compile's result is printed and judged, besides its format. */
export interface RenderOptions {
  /** It was a --check. */
  readonly check: boolean;
  /** The command that brings the output up to date (`npx ptcc compile agents --out gen`). */
  readonly command?: string;
  /** --warnings-as-errors: warnings fail the command too. */
  readonly warningsAsErrors?: boolean;
}

/** The result of a compile that found nothing changed (upToDate's answer); with --check, nothing out of date. */
export function unchanged(
  quick: { readonly agents: number; readonly inputs: readonly string[] },
  check = false,
): CompileResult {
  const none: readonly string[] = [];
  return {
    ...quick,
    diagnostics: [],
    errors: 0,
    warnings: 0,
    written: none,
    removed: none,
    regenerated: none,
    ...(check ? { check: { stale: none, missing: none, extra: none } } : {}),
  };
}

/** The --format value (GitHub annotations by default on GitHub Actions). */
export function formatOf(v: unknown): Format {
  if (v === undefined) return process.env["GITHUB_ACTIONS"] === "true" ? "github" : "pretty";
  if (v === "pretty" || v === "json" || v === "github") return v;
  throw new UsageError(`--format must be pretty, json or github, got ${JSON.stringify(v)}`);
}

/** 1 when the compile found errors (warnings too, with --warnings-as-errors), or --check found differences; else 0. */
export function exitCode(r: CompileResult, check: boolean, warningsAsErrors = false): number {
  if (r.errors > 0 || (warningsAsErrors && r.warnings > 0)) return 1;
  if (check && r.check !== undefined && r.check.stale.length + r.check.missing.length + r.check.extra.length > 0) {
    return 1;
  }
  return 0;
}

function plural(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? "" : "s"}`;
}

/** `12 agents, 0 errors, 3 files written` (warnings and removals when there are some). */
export function summaryLine(r: CompileResult, check: boolean): string {
  const parts = [plural(r.agents, "agent"), plural(r.errors, "error")];
  if (r.warnings > 0) parts.push(plural(r.warnings, "warning"));
  if (r.errors === 0 && check && r.check !== undefined) {
    const n = r.check.stale.length + r.check.missing.length + r.check.extra.length;
    parts.push(n === 0 ? "up to date" : `${plural(n, "file")} out of date`);
  } else if (!check) {
    parts.push(`${plural(r.written.length, "file")} written`);
    if (r.removed.length > 0) parts.push(`${plural(r.removed.length, "file")} removed`);
  }
  return parts.join(", ");
}

/** What a compile prints: its problems, what --check found, and the summary line. */
export function render(r: CompileResult, format: Format, options: RenderOptions): string {
  const { check } = options;
  const strict = options.warningsAsErrors === true;
  const diags = sortDiagnostics(r.diagnostics);
  if (format === "json") {
    return `${JSON.stringify({
      ok: exitCode(r, check, strict) === 0,
      agents: r.agents,
      errors: r.errors,
      warnings: r.warnings,
      diagnostics: diags.map(diagnosticToJson),
      written: r.written,
      removed: r.removed,
      ...(r.check === undefined ? {} : { check: r.check }),
    })}\n`;
  }
  const lines: string[] = [];
  for (const d of diags) {
    // --warnings-as-errors: a warning fails the job, so on GitHub it is an error annotation.
    const shown = strict && d.severity === "warning" ? { ...d, severity: "error" as const } : d;
    lines.push(format === "github" ? formatGithubAnnotation(shown) : formatDiagnostic(d));
  }
  if (format === "pretty" && diags.length > 0) lines.push("");
  const command = options.command ?? "ptcc compile without --check";
  if (check && r.check !== undefined && r.errors === 0) {
    const why = r.check.why ?? {};
    const rows: [string, string][] = [
      ...r.check.stale.map((f): [string, string] => ["stale", f]),
      ...r.check.missing.map((f): [string, string] => ["missing", f]),
      ...r.check.extra.map((f): [string, string] => ["extra", f]),
    ];
    for (const [what, f] of rows) {
      const reason = why[f];
      if (format === "github") {
        const text = `${f} is ${what === "extra" ? "left over" : what === "missing" ? "missing" : "out of date"}${reason === undefined ? "" : `: ${reason}`}. Run ${command} and commit the result.`;
        lines.push(githubCommand("error", [["file", f], ["title", `ptcc compile --check: ${what}`]], text));
      } else {
        lines.push(`${what}: ${f}${reason === undefined ? "" : ` (${reason})`}`);
      }
    }
    if (rows.length > 0 && format === "pretty") lines.push(`run ${command} to update them`);
  }
  lines.push(summaryLine(r, check));
  return `${sanitize(lines.join("\n"))}\n`;
}

/** In --watch: only what this compile changed, or its problems. */
export function renderChanges(r: CompileResult, format: Format): string {
  if (format === "json") return render(r, format, { check: false });
  const lines: string[] = [];
  for (const d of sortDiagnostics(r.diagnostics)) {
    lines.push(format === "github" ? formatGithubAnnotation(d) : formatDiagnostic(d));
  }
  for (const f of r.written) lines.push(`wrote ${f}`);
  for (const f of r.removed) lines.push(`removed ${f}`);
  if (lines.length === 0) return "";
  lines.push(summaryLine(r, false));
  return `${sanitize(lines.join("\n"))}\n`;
}
