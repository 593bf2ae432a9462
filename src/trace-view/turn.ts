/**
 * One turn in full (`ptcc trace FILE --turn RUN:N`): the reply, the program, what it
 * printed, the feedback exactly as the model got it, the requests and the tool calls with
 * their arguments and results. RUN is a run id, a unique start of one, or the name of an
 * agent that ran once.
 */
import { closest, didYouMean } from "../diagnostics/suggest.js";
import type { LlmMessage } from "../llm/types.js";
import type { Compaction, RunView, Tokens, TraceModel, TurnView } from "./model.js";
import { grouped } from "./numbers.js";

/** A turn the trace does not hold, or a RUN that names no run (or several). */
export class TurnNotFound extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TurnNotFound";
  }
}

export interface TurnDetail {
  readonly run: string;
  readonly agent: string;
  readonly depth: number;
  readonly turn: number;
  /** Of the run's turns. */
  readonly turns: number;
  readonly outcome?: string;
  readonly errorKind?: string;
  readonly staticCheck?: true;
  readonly replayed?: true;
  /** Since the first event of the trace. */
  readonly startMs: number;
  readonly durationMs: number;
  readonly tokens: Tokens;
  readonly requests: readonly {
    readonly model?: string;
    readonly provider?: string;
    readonly durationMs: number;
    readonly tokens: Tokens;
    readonly finishReason?: string;
    readonly error?: string;
  }[];
  /** The model's reply as received (its last request's), null when the trace holds none. */
  readonly reply: string | null;
  /** null: the reply held no program; absent: the trace does not say. */
  readonly program?: string | null;
  /** What the program printed and returned (REPL style). */
  readonly result?: string;
  /**
   * The feedback: the messages of the next turn's request that follow this turn's reply,
   * exactly as sent (`sentIn` names that turn); without a next request, what the turn's
   * result recorded (`sentIn` null). "" when the turn ended the run.
   */
  readonly feedback: { readonly text: string; readonly sentIn: number | null };
  readonly toolCalls: readonly {
    readonly tool: string;
    readonly durationMs: number;
    readonly args: unknown;
    readonly result?: unknown;
    readonly error?: string;
    readonly child?: string;
  }[];
  /** Child runs started in this turn. */
  readonly children: readonly string[];
  /** Compactions of the conversation before this turn's request. */
  readonly compactions: readonly Compaction[];
  /** Events of types the view does not know that name this turn, as read. */
  readonly otherEvents: readonly unknown[];
}

/** `RUN:N` split at its last colon; null when it is not of that form. */
export function parseTurnRef(ref: string): { run: string; turn: number } | null {
  const at = ref.lastIndexOf(":");
  if (at <= 0) return null;
  const n = ref.slice(at + 1);
  if (!/^[1-9][0-9]{0,8}$/.test(n)) return null;
  return { run: ref.slice(0, at), turn: Number(n) };
}

/** The run RUN names: its id, the start of exactly one id, or an agent that ran once. */
export function findRun(model: TraceModel, name: string): RunView {
  const exact = model.runs.get(name);
  if (exact !== undefined) return exact;
  const all = [...model.runs.values()];
  const byAgent = all.filter((r) => r.agent === name);
  if (byAgent.length === 1) return byAgent[0]!;
  const byPrefix = all.filter((r) => r.id.startsWith(name));
  if (byPrefix.length === 1) return byPrefix[0]!;
  const several = byAgent.length > 1 ? byAgent : byPrefix;
  if (several.length > 1) {
    throw new TurnNotFound(
      `${name} names ${several.length} runs (${several.map((r) => r.id).join(", ")}): give the run's id`,
    );
  }
  const hint = didYouMean(closest(name, [...model.runs.keys(), ...all.map((r) => r.agent)]));
  const ids = model.order.slice(0, 8).join(", ") + (model.order.length > 8 ? ", …" : "");
  throw new TurnNotFound(`no run ${name} in ${model.name}${hint !== undefined ? ` — ${hint}` : ""} (runs: ${ids})`);
}

/**
 * The messages of the next request that answer turn `index`'s reply, joined: those after the
 * request's last assistant message, which is that reply (whatever compaction dropped before
 * it). Null when the turn went on to no request (it ended the run: a message that continues the
 * run is not its feedback), or the request no longer holds the reply.
 */
export function sentFeedback(run: RunView, index: number): string | null {
  const turn = run.turns.find((t) => t.index === index);
  if (turn?.feedback === undefined || turn.feedback === "") return null;
  const messages: readonly LlmMessage[] | undefined = run.turns.find((t) => t.index === index + 1)?.requests[0]
    ?.messages;
  if (messages === undefined) return null;
  let last = messages.length - 1;
  while (last >= 0 && messages[last]!.role !== "assistant") last--;
  const out = last < 0 ? [] : messages.slice(last + 1);
  if (out.length === 0) return null;
  if (out.length === 1) return out[0]!.content;
  return out
    .map((m) => (m.toolCallId !== undefined ? `[result of ${m.toolCallId}]\n${m.content}` : m.content))
    .join("\n\n");
}

/** `conversation compacted before this request (trim): turns 1–4 dropped, 9,800 → 4,100 tokens`. */
export function compactionText(c: Compaction): string {
  const turns =
    c.dropped.length === 0
      ? "no turn"
      : c.dropped.length === 1
        ? `turn ${c.dropped[0]}`
        : `turns ${c.dropped[0]}–${c.dropped[c.dropped.length - 1]}`;
  return `conversation compacted before this request (${c.strategy}): ${turns} dropped, ${grouped(c.tokensBefore)} → ${grouped(c.tokensAfter)} tokens`;
}

export function turnDetail(model: TraceModel, runName: string, index: number): TurnDetail {
  const run = findRun(model, runName);
  const turn: TurnView | undefined = run.turns.find((t) => t.index === index);
  if (turn === undefined) {
    const have =
      run.turns.length === 0 ? "no turns" : `turns ${run.turns[0]!.index}–${run.turns[run.turns.length - 1]!.index}`;
    throw new TurnNotFound(`run ${run.id} has no turn ${index} (it has ${have})`);
  }
  const last = turn.requests[turn.requests.length - 1];
  const sent = sentFeedback(run, index);
  return {
    run: run.id,
    agent: run.agent,
    depth: run.depth,
    turn: index,
    turns: run.turns.length,
    ...(turn.outcome !== undefined ? { outcome: turn.outcome } : {}),
    ...(turn.errorKind !== undefined ? { errorKind: turn.errorKind } : {}),
    ...(turn.staticCheck === true ? { staticCheck: true as const } : {}),
    ...(turn.replayed ? { replayed: true as const } : {}),
    startMs: turn.start - model.start,
    durationMs: turn.end - turn.start,
    tokens: { ...turn.tokens },
    requests: turn.requests.map((q) => ({
      ...(q.model !== undefined ? { model: q.model } : {}),
      ...(q.provider !== undefined ? { provider: q.provider } : {}),
      durationMs: q.durationMs,
      tokens: { ...q.tokens },
      ...(q.finishReason !== undefined ? { finishReason: q.finishReason } : {}),
      ...(q.error !== undefined ? { error: q.error } : {}),
    })),
    reply: last?.content ?? null,
    ...(turn.program !== undefined ? { program: turn.program } : {}),
    ...(turn.result !== undefined ? { result: turn.result } : {}),
    feedback: sent !== null ? { text: sent, sentIn: index + 1 } : { text: turn.feedback ?? "", sentIn: null },
    toolCalls: turn.toolCalls.map((c) => ({
      tool: c.tool,
      durationMs: c.durationMs,
      args: c.args,
      ...("result" in c ? { result: c.result } : {}),
      ...(c.error !== undefined ? { error: c.error } : {}),
      ...(c.child !== undefined ? { child: c.child } : {}),
    })),
    children: [...turn.children],
    compactions: [...turn.compactions],
    otherEvents: turn.other.map((o) => o.record),
  };
}
