/**
 * The builtin tools `grep` and `grep-n` (`builtinTools: ["grep"]`): the lines of a text
 * that match a pattern, for programs that search what other tools hand back (a page, a
 * log, a file). The pattern is in the language's regex dialect (Java's syntax, as
 * `re-find` takes it) and matched by src/runtime/regex under the same limits as every
 * regex: the step budget and the clock of the agent's limits, the watchdog behind them.
 */
import { hostWalk } from "../../evaluator/host-walk.js";
import { Cx } from "../../runtime/context.js";
import { resolveLimits, type Limits } from "../../runtime/limits.js";
import { compileRegex, regexFind } from "../../runtime/regex/index.js";
import type { Regex, Value } from "../../runtime/values.js";
import type { ToolDefinition } from "../types.js";

/** Most lines `grep-n` returns (context lines included); a note says how many were left out. */
export const GREP_N_MAX_LINES = 100;
/** Most context lines on each side of a match. */
export const GREP_MAX_CONTEXT = 50;

/**
 * A context for matching outside an evaluation: the budget and clock of the limits, and
 * nothing of what only programs do (tools, tasks, parallel branches).
 */
class MatchContext extends Cx {
  private outside(): never {
    throw new Error("not available while a builtin tool matches");
  }
  callTool(): Value {
    return this.outside();
  }
  now(): number {
    return Date.now();
  }
  task(): Value {
    return this.outside();
  }
  taskReset(): boolean {
    return this.outside();
  }
  budgetRemaining(): Value {
    return null;
  }
  parallel(): Value[] {
    return this.outside();
  }
  warn(): void {}
}

function stringArg(args: Record<string, unknown>, key: string, tool: string): string {
  const v = args[key];
  if (typeof v !== "string") throw new Error(`tool/${tool} needs :${key}, a string`);
  return v;
}

/** The text's lines (`\n` or `\r\n` between them; a final newline ends the last line). */
function linesOf(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** The indexes of the lines that match, under the limits (and their time, `ms`). */
function matching(
  pattern: string,
  lines: readonly string[],
  limits: Partial<Limits>,
  ms: number | undefined,
): number[] {
  return hostWalk(
    () => {
      const resolved = resolveLimits(limits);
      const cx = new MatchContext({ ...resolved, timeoutMs: Math.max(1, ms ?? resolved.timeoutMs) });
      const re: Regex = compileRegex(pattern);
      const out: number[] = [];
      for (let i = 0; i < lines.length; i++) {
        cx.charge(1);
        if (regexFind(cx, re, lines[i]!, 0) !== null) out.push(i);
      }
      return out;
    },
    { limits, ...(ms !== undefined ? { ms } : {}) },
  );
}

/**
 * `grep-n`'s lines: `12:text` for a matching line, `11-text` for a context line, `--`
 * between groups that are not adjacent (grep -n -C's format). Overlapping context merges.
 */
export function numberedLines(lines: readonly string[], hits: readonly number[], context: number): string[] {
  const out: string[] = [];
  const isHit = new Set(hits);
  let shown = 0;
  let last = -1;
  let cutAt = -1;
  for (let h = 0; h < hits.length; h++) {
    const from = Math.max(hits[h]! - context, last + 1);
    const to = Math.min(hits[h]! + context, lines.length - 1);
    if (from > to) continue;
    if (last >= 0 && from > last + 1) out.push("--");
    for (let i = from; i <= to; i++) {
      if (shown === GREP_N_MAX_LINES) {
        cutAt = h;
        break;
      }
      out.push(`${i + 1}${isHit.has(i) ? ":" : "-"}${lines[i]}`);
      shown++;
      last = i;
    }
    if (cutAt >= 0) break;
  }
  if (cutAt >= 0) {
    const left = hits.filter((i) => i > last).length;
    out.push(
      `-- cut at ${GREP_N_MAX_LINES} lines${left > 0 ? `: ${left} more matching line${left === 1 ? "" : "s"} not shown` : ""} --`,
    );
  }
  return out;
}

/** The builtin grep tools of an agent with these limits (`msLeft`: the time the turn has left). */
export function grepTools(limits: Partial<Limits>, msLeft?: () => number): Record<string, ToolDefinition> {
  return {
    grep: {
      signature: "(pattern :string, text :string) -> [:string]",
      description: "The lines of text that match the pattern (a regex, as re-find takes it).",
      fn: (args: Record<string, unknown>) => {
        const lines = linesOf(stringArg(args, "text", "grep"));
        return matching(stringArg(args, "pattern", "grep"), lines, limits, msLeft?.()).map((i) => lines[i]!);
      },
    },
    "grep-n": {
      signature: "(pattern :string, text :string, context :int?) -> [:string]",
      description: `The matching lines as "12:line", with context lines ("11-line") around them, "--" between groups; at most ${GREP_N_MAX_LINES} lines.`,
      fn: (args: Record<string, unknown>) => {
        const context = args["context"] ?? 0;
        if (typeof context !== "number" || !Number.isInteger(context) || context < 0 || context > GREP_MAX_CONTEXT) {
          throw new Error(`tool/grep-n: :context must be an integer from 0 to ${GREP_MAX_CONTEXT}`);
        }
        const lines = linesOf(stringArg(args, "text", "grep-n"));
        return numberedLines(lines, matching(stringArg(args, "pattern", "grep-n"), lines, limits, msLeft?.()), context);
      },
    },
  };
}
