/**
 * The scripted LLM: canned replies in order, for tests, examples and reproducing a run
 * without a model. A script is one list, whose cursor every caller shares — a parent agent
 * and the child agents it calls read one transcript in the order the calls happen (what
 * `ptcc run --record` writes) — or one list per agent name (`{ triage: [...], summarize:
 * [...] }`), so a parent and its children are scripted without depending on the order in
 * which their calls interleave.
 */
import { closest, didYouMean } from "../diagnostics/suggest.js";
import { nodeBuiltin, processCwd } from "../platform.js";
import { LlmError, type FinishReason, type Llm, type LlmReply, type LlmRequest, type LlmUsage } from "./types.js";
import { isRecord } from "./wire.js";

/** An `Llm` that also tells how far through its script it is. */
export interface ScriptedLlm extends Llm {
  /** Replies handed out so far (across every agent's list). */
  readonly used: number;
  /** Replies still to come. */
  readonly remaining: number;
}

/** One reply of a script: the text, or the text with what the model reported. */
export type ScriptReply = string | LlmReply;

/** A script: replies in call order, or replies by agent name. */
export type Script = readonly ScriptReply[] | Readonly<Record<string, readonly ScriptReply[]>>;

/**
 * An `Llm` that answers each call with the next reply of the script, and fails with an
 * `LlmError` once they run out. With replies by agent name, a request takes the next
 * reply of its agent's list (`request.agent`); an agent the script does not name is an
 * error. The lists are copied, so later changes to the caller's arrays do not change it.
 */
export function scriptedLlm(script: Script): ScriptedLlm {
  if (Array.isArray(script)) return oneList([...(script as readonly ScriptReply[])]);
  return byAgent(script as Readonly<Record<string, readonly ScriptReply[]>>);
}

function oneList(replies: readonly ScriptReply[]): ScriptedLlm {
  let cursor = 0;
  // The request is not needed: the script alone decides the answer.
  const llm = async (_request: LlmRequest): Promise<ScriptReply> => {
    const reply = replies[cursor];
    if (reply === undefined) {
      throw new LlmError(`scripted LLM: no reply left (${replies.length} replies were used)`);
    }
    cursor++;
    return reply;
  };
  return counted(
    llm,
    () => cursor,
    () => replies.length - cursor,
  );
}

function byAgent(script: Readonly<Record<string, readonly ScriptReply[]>>): ScriptedLlm {
  // Own keys only, copied into a map: an agent named `constructor` reads its own list.
  const lists = new Map(Object.entries(script).map(([agent, replies]) => [agent, [...replies]] as const));
  const cursors = new Map<string, number>();
  const llm = async (request: LlmRequest): Promise<ScriptReply> => {
    const replies = lists.get(request.agent);
    if (replies === undefined) {
      const names = [...lists.keys()];
      const hint = didYouMean(closest(request.agent, names)) ?? `it has ${names.join(", ") || "no agents"}`;
      throw new LlmError(`scripted LLM: the script has no replies for agent ${request.agent} — ${hint}`);
    }
    const cursor = cursors.get(request.agent) ?? 0;
    const reply = replies[cursor];
    if (reply === undefined) {
      throw new LlmError(
        `scripted LLM: no reply left for agent ${request.agent} (${replies.length} replies were used)`,
      );
    }
    cursors.set(request.agent, cursor + 1);
    return reply;
  };
  const total = [...lists.values()].reduce((n, l) => n + l.length, 0);
  const used = (): number => [...cursors.values()].reduce((n, c) => n + c, 0);
  return counted(llm, used, () => total - used());
}

function counted(llm: Llm, used: () => number, remaining: () => number): ScriptedLlm {
  return Object.defineProperties(llm, {
    used: { get: used, enumerable: true },
    remaining: { get: remaining, enumerable: true },
  }) as ScriptedLlm;
}

export interface LoadScriptOptions {
  /** The directory a relative `file` is read from (default: the process's). */
  readonly cwd?: string;
}

/**
 * Reads a script file — a JSON array of replies, or an object of such arrays by agent
 * name; a reply is a string or `{content, usage?, finishReason?, model?, provider?}` —
 * and returns a `scriptedLlm` over it. Errors name the file as given and the (0-based)
 * index of a bad entry, so the file can be fixed without guessing.
 */
export async function loadScript(file: string, options: LoadScriptOptions = {}): Promise<ScriptedLlm> {
  const { readFile } = nodeBuiltin("node:fs/promises", "loading a script file");
  const { resolve } = nodeBuiltin("node:path", "loading a script file");
  const path = resolve(options.cwd ?? processCwd(), file);
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const code = isRecord(error) && typeof error["code"] === "string" ? error["code"] : String(error);
    throw new LlmError(`${file}: cannot read the script (${code})`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new LlmError(`${file}: not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  return scriptedLlm(parseScript(file, data));
}

const SHAPE = "a JSON array of replies (strings or {content}), or an object of such arrays by agent name";

/** Checks the parsed file entry by entry. */
export function parseScript(file: string, data: unknown): LlmReply[] | Record<string, LlmReply[]> {
  if (Array.isArray(data)) return parseList(file, data, "");
  if (!isRecord(data)) throw new LlmError(`${file}: a script is ${SHAPE}, got ${jsonKind(data)}`);
  const agents = Object.keys(data);
  if (agents.length === 0) throw new LlmError(`${file}: the script has no replies`);
  const out: Record<string, LlmReply[]> = {};
  for (const agent of agents) {
    const list = data[agent];
    if (!Array.isArray(list)) {
      throw new LlmError(`${file}: the replies of agent ${agent} are not a JSON array, got ${jsonKind(list)}`);
    }
    Object.defineProperty(out, agent, {
      value: parseList(file, list, agent),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

function parseList(file: string, list: readonly unknown[], agent: string): LlmReply[] {
  if (list.length === 0) throw new LlmError(`${file}: the script has no replies${agent ? ` for agent ${agent}` : ""}`);
  return list.map((entry, i) => parseEntry(file, agent === "" ? `entry ${i}` : `entry ${agent}[${i}]`, entry));
}

const FINISH_REASONS: readonly FinishReason[] = ["stop", "length", "tool_calls", "content_filter", "error", "other"];

/** A reply; keys other than these (an `agent` label a recording adds) are left alone. */
function parseEntry(file: string, where: string, entry: unknown): LlmReply {
  if (typeof entry === "string") return { content: entry };
  if (!isRecord(entry) || typeof entry["content"] !== "string") {
    throw new LlmError(`${file}: ${where} is not a string or {content}`);
  }
  const reply: { -readonly [K in keyof LlmReply]: LlmReply[K] } = { content: entry["content"] };
  if (entry["usage"] !== undefined) reply.usage = parseUsage(file, where, entry["usage"]);
  const finish = entry["finishReason"];
  if (finish !== undefined) {
    const known = FINISH_REASONS.find((r) => r === finish);
    if (known === undefined) {
      throw new LlmError(`${file}: ${where} has a finishReason that is not one of ${FINISH_REASONS.join(", ")}`);
    }
    reply.finishReason = known;
  }
  for (const key of ["model", "provider"] as const) {
    const v = entry[key];
    if (v === undefined) continue;
    if (typeof v !== "string") throw new LlmError(`${file}: ${where} has a ${key} that is not a string`);
    reply[key] = v;
  }
  return reply;
}

const USAGE_KEYS = ["inputTokens", "outputTokens", "cachedInputTokens", "cacheWriteInputTokens"] as const;

function parseUsage(file: string, where: string, usage: unknown): LlmUsage {
  const bad = (): LlmError =>
    new LlmError(`${file}: ${where} has a usage that is not {inputTokens?, outputTokens?} with numbers`);
  if (!isRecord(usage)) throw bad();
  const out: { -readonly [K in keyof LlmUsage]: LlmUsage[K] } = {};
  for (const key of USAGE_KEYS) {
    const value = usage[key];
    if (value === undefined) continue;
    if (typeof value !== "number" || !Number.isFinite(value)) throw bad();
    out[key] = value;
  }
  return out;
}

function jsonKind(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (isRecord(value)) return "an object";
  return `a ${typeof value}`;
}
