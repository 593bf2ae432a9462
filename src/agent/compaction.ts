/**
 * What stands in the conversation for the turns a compaction dropped (docs/agents.md,
 * "Long runs"). The run keeps working from its namespace — definitions survive, only the
 * text of old turns goes — so the note says what is still there:
 *
 * - `trim`: which turns were dropped, the names defined in user/, the tool calls so far;
 * - `summary`: the user/ namespace with each definition's parameters or type and a sample,
 *   the last lines printed, the last error, and the turns left.
 *
 * Both are model-bound text: the run passes them through the firewall.
 */
import type { ResolvedCompaction } from "./types.js";

/**
 * A compaction brings the request down to about this share of `triggerTokens` ("about half":
 * a little under, so that the turns until the next compaction are more than the turns it
 * spends getting there — and the requests between stay cache-friendly).
 */
export const COMPACT_TO = 0.45;

/** Characters per token of the estimate compaction uses (on the safe side for code and JSON). */
export const CHARS_PER_TOKEN = 3.5;

/** Estimated tokens of `chars` characters of prompt. */
export function estimateTokensOf(chars: number): number {
  return Math.ceil(chars / CHARS_PER_TOKEN);
}

/** Whether the next request should be compacted first. */
export function shouldCompact(c: ResolvedCompaction, chars: number, turnsKept: number): boolean {
  if (turnsKept <= c.keepRecentTurns) return false;
  if (estimateTokensOf(chars) > c.triggerTokens) return true;
  return c.triggerTurns !== null && turnsKept >= c.triggerTurns;
}

/** The turns a compaction keeps at most: all but what brings a turn trigger back to half. */
export function turnsToKeep(c: ResolvedCompaction, turnsKept: number): number {
  if (c.triggerTurns === null || turnsKept < c.triggerTurns) return turnsKept;
  return Math.max(c.keepRecentTurns, Math.floor(c.triggerTurns / 2));
}

/** `turns 1-12`, `turn 3`, `turns 1-4, 7`. */
export function turnRanges(turns: readonly number[]): string {
  const parts: string[] = [];
  let i = 0;
  while (i < turns.length) {
    let j = i;
    while (j + 1 < turns.length && turns[j + 1] === turns[j]! + 1) j++;
    parts.push(i === j ? String(turns[i]) : `${turns[i]}-${turns[j]}`);
    i = j + 1;
  }
  return `${turns.length === 1 ? "turn" : "turns"} ${parts.join(", ")}`;
}

export interface NoteFacts {
  readonly dropped: readonly number[];
  /** The names bound in user/ now. */
  readonly names: readonly string[];
  /** Tool calls of the run so far, by tool. */
  readonly toolCalls: ReadonlyMap<string, number>;
}

/** The `trim` note. */
export function trimNote(f: NoteFacts): string {
  const lines = [
    `;; Earlier ${turnRanges(f.dropped)} were dropped to keep this conversation short. What you defined is kept.`,
    `;; user/ now: ${f.names.length > 0 ? f.names.join(", ") : "(nothing)"}`,
  ];
  if (f.toolCalls.size > 0) {
    lines.push(`;; Tool calls so far: ${[...f.toolCalls].map(([name, n]) => `${name} ×${n}`).join(", ")}`);
  }
  return lines.join("\n");
}

export interface SummaryFacts extends NoteFacts {
  /** The user/ sections as the first message renders them (types and samples), or null when empty. */
  readonly user: string | null;
  readonly lastOutput: readonly string[];
  readonly lastError: string | undefined;
  readonly turnsLeft: number;
}

/** The `summary` note. */
export function summaryNote(f: SummaryFacts): string {
  const lines = [`;; Earlier ${turnRanges(f.dropped)} were dropped to keep this conversation short. What they left:`];
  lines.push(f.user ?? ";; user/ is empty");
  if (f.lastOutput.length > 0) lines.push(";; Last printed:", ...f.lastOutput.map((l) => `;;   ${l}`));
  if (f.lastError !== undefined) lines.push(`;; The last turn failed: ${f.lastError}`);
  if (f.toolCalls.size > 0) {
    lines.push(`;; Tool calls so far: ${[...f.toolCalls].map(([name, n]) => `${name} ×${n}`).join(", ")}`);
  }
  lines.push(`;; Turns left: ${f.turnsLeft}`);
  return lines.join("\n");
}
