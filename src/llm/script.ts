/**
 * The scripted LLM: canned replies in order, for tests, examples and reproducing a run
 * without a model. One cursor is shared by every caller, so a parent agent and the child
 * agents it calls read one transcript in the order the calls happen.
 */
import { nodeBuiltin, processCwd } from "../platform.js";
import { LlmError, type Llm, type LlmReply, type LlmRequest, type LlmUsage } from "./types.js";
import { isRecord } from "./wire.js";

/** An `Llm` that also tells how far through its script it is. */
export interface ScriptedLlm extends Llm {
  /** Replies handed out so far. */
  readonly used: number;
  /** Replies still to come. */
  readonly remaining: number;
}

/**
 * An `Llm` that answers each call with the next of `replies`, whoever calls, and fails
 * with an `LlmError` once they run out. The list is copied, so later changes to the
 * caller's array do not change the script.
 */
export function scriptedLlm(replies: readonly (string | LlmReply)[]): ScriptedLlm {
  const script = [...replies];
  let cursor = 0;
  // The request is not needed: the script alone decides the answer.
  const llm = async (_request: LlmRequest): Promise<string | LlmReply> => {
    const reply = script[cursor];
    if (reply === undefined) {
      throw new LlmError(`scripted LLM: no reply left (${script.length} replies were used)`);
    }
    cursor++;
    return reply;
  };
  return Object.defineProperties(llm, {
    used: { get: () => cursor, enumerable: true },
    remaining: { get: () => script.length - cursor, enumerable: true },
  }) as ScriptedLlm;
}

export interface LoadScriptOptions {
  /** The directory a relative `file` is read from (default: the process's). */
  readonly cwd?: string;
}

/**
 * Reads a script file — a JSON array whose entries are strings or `{content, usage?}`
 * objects — and returns a `scriptedLlm` over it. Errors name the file as given and the
 * (0-based) index of a bad entry, so the file can be fixed without guessing.
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

/** Checks the parsed file entry by entry. */
export function parseScript(file: string, data: unknown): LlmReply[] {
  if (!Array.isArray(data)) {
    throw new LlmError(`${file}: a script is a JSON array of replies (strings or {content}), got ${jsonKind(data)}`);
  }
  if (data.length === 0) throw new LlmError(`${file}: the script has no replies`);
  return data.map((entry: unknown, i) => {
    if (typeof entry === "string") return { content: entry };
    if (!isRecord(entry) || typeof entry["content"] !== "string") {
      throw new LlmError(`${file}: entry ${i} is not a string or {content}`);
    }
    const usage = entry["usage"];
    if (usage === undefined) return { content: entry["content"] };
    return { content: entry["content"], usage: parseUsage(file, i, usage) };
  });
}

function parseUsage(file: string, index: number, usage: unknown): LlmUsage {
  const bad = (): LlmError =>
    new LlmError(`${file}: entry ${index} has a usage that is not {inputTokens?, outputTokens?} with numbers`);
  if (!isRecord(usage)) throw bad();
  const out: { inputTokens?: number; outputTokens?: number } = {};
  for (const key of ["inputTokens", "outputTokens"] as const) {
    const value = usage[key];
    if (value === undefined) continue;
    if (typeof value !== "number" || !Number.isFinite(value)) throw bad();
    out[key] = value;
  }
  return out;
}

function jsonKind(value: unknown): string {
  if (value === null) return "null";
  if (isRecord(value)) return "an object";
  return `a ${typeof value}`;
}
