/**
 * The run options checked before a run starts: `agent.run(input, options)` never throws,
 * so options it cannot use (an unknown key, a trace that is not a sink, a signal that is
 * not an AbortSignal) end the run at once as a failure of kind `options`, saying what is
 * wrong, instead of a TypeError from deep inside the loop.
 */
import { closest, didYouMean } from "../diagnostics/suggest.js";
import { isLanguageModel } from "../llm/ai-sdk.js";
import { AGENT_OPTION_KEYS, integerProblem } from "./rules.js";
import { traceSinkOf, type TraceSink } from "./trace.js";
import type { RunOptions } from "./types.js";
import { describeValue as describe } from "./describe-value.js";
import { llmRetryProblem } from "../llm/retry.js";

/** The options a run can use (the trace as a plain sink), and what is wrong with them. */
export interface CheckedRunOptions {
  readonly options: RunOptions & { readonly trace?: TraceSink };
  /** One line per problem; empty when the options are fine. */
  readonly problems: readonly string[];
}

/**
 * Checks run options as the host passed them (anything at all). Options with a problem
 * are left out of `options`, so the failed run that reports them never calls them.
 */
export function checkRunOptions(given: unknown): CheckedRunOptions {
  if (given === undefined || given === null) return { options: {}, problems: [] };
  if (typeof given !== "object" || Array.isArray(given)) {
    return { options: {}, problems: [`the run options must be an object, got ${describe(given)}`] };
  }
  const problems: string[] = [];
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(given)) {
    if (!Object.hasOwn(CHECKS, key)) {
      problems.push(unknownKey(key));
      continue;
    }
    if (value === undefined) continue;
    const problem = CHECKS[key as keyof RunOptions](value);
    if (problem !== null) problems.push(`${key}: ${problem}`);
    else out[key] = key === "trace" ? traceSinkOf(value as TraceSink) : value;
  }
  const given_ = given as { continueFrom?: unknown; message?: unknown };
  if (given_.continueFrom !== undefined && given_.message === undefined) {
    problems.push("continueFrom needs message: the user's next message");
  } else if (given_.message !== undefined && given_.continueFrom === undefined) {
    problems.push("message goes with continueFrom (the Step to continue); a new run's input is its first argument");
  }
  return { options: out as CheckedRunOptions["options"], problems };
}

/** The one-line reason of a failed run from its problems. */
export function optionsReason(problems: readonly string[]): string {
  return problems.length === 1
    ? `invalid run option: ${problems[0]!}`
    : `${problems.length} invalid run options: ${problems.join("; ")}`;
}

function unknownKey(key: string): string {
  if (key === "model") return "unknown run option model — did you mean llm?";
  if ((AGENT_OPTION_KEYS as readonly string[]).includes(key)) {
    return `${key} is an option of defineAgent, not of run — make a variant: defineAgent({ ...agent.definition, ${key} })`;
  }
  const keys = Object.keys(CHECKS);
  const near = didYouMean(closest(key, keys));
  return `unknown run option ${key}${near !== undefined ? ` — ${near}` : ` (the run options are ${keys.join(", ")})`}`;
}

type Check = (value: unknown) => string | null;

const isFunction =
  (what: string): Check =>
  (v) =>
    typeof v === "function" ? null : `expected ${what}, got ${describe(v)}`;

const isModel: Check = (v) => {
  if (typeof v === "function" || isLanguageModel(v)) return null;
  if (typeof v === "string") {
    return `a run's llm is a function or an AI SDK model object, got the string ${JSON.stringify(v)} — name models by spec in the definition (llm: ${JSON.stringify(v)}), or pass createLlm(${JSON.stringify(v)})`;
  }
  return `expected a function or an AI SDK model object, got ${describe(v)}`;
};

/** One check per key of RunOptions (the type keeps the list whole). */
const CHECKS: Readonly<Record<keyof RunOptions, Check>> = {
  llm: isModel,
  llmRegistry: (v) => {
    if (!isPlainObject(v)) return `expected an object of named models, got ${describe(v)}`;
    for (const [name, model] of Object.entries(v)) {
      const problem = isModel(model);
      if (problem !== null) return `the model ${name}: ${problem}`;
    }
    return null;
  },
  trace: (v) => {
    if (typeof v === "function") return null;
    if (isPlainObjectLike(v) && typeof (v as { sink?: unknown }).sink === "function") return null;
    return `expected a function receiving each event, or an object with a sink function (jsonlTrace(file)), got ${describe(v)}`;
  },
  signal: (v) =>
    v instanceof AbortSignal ? null : `expected an AbortSignal (new AbortController().signal), got ${describe(v)}`,
  inputDescriptions: (v) => {
    if (!isPlainObject(v)) return `expected an object of descriptions by name, got ${describe(v)}`;
    const bad = Object.entries(v).find(([, d]) => typeof d !== "string");
    return bad === undefined ? null : `the description of ${bad[0]} is ${describe(bad[1])}, not a string`;
  },
  onTurn: isFunction("a function (turn, agent, depth) => void"),
  onLlmStart: isFunction("a function (agent, depth, turn) => void"),
  onEvent: isFunction("a function (event) => void"),
  onChunk: isFunction("a function (text, info) => void"),
  breakOnSigint: (v) => (typeof v === "boolean" ? null : `expected true or false, got ${describe(v)}`),
  tokenLimit: (v) => integerProblem(v, 1),
  onBudgetExceeded: (v) =>
    v === "fail" || v === "return_partial" ? null : `expected "fail" or "return_partial", got ${describe(v)}`,
  budget: isFunction("a function (usage, turn) => boolean"),
  llmRetry: llmRetryProblem,
  continueFrom: (v) => {
    const step = v as { ok?: unknown; transcript?: unknown };
    return isPlainObjectLike(v) && typeof step.ok === "boolean" && Array.isArray(step.transcript)
      ? null
      : `expected a Step (what agent.run returned, or its JSON), got ${describe(v)}`;
  },
  message: (v) => (typeof v === "string" ? null : `expected the next message as a string, got ${describe(v)}`),
  durable: (v) => {
    if (!isPlainObjectLike(v)) return `expected { store, runKey, durability? }, got ${describe(v)}`;
    const d = v as { store?: unknown; runKey?: unknown; durability?: unknown };
    for (const key of Object.keys(d)) {
      if (!["store", "runKey", "durability"].includes(key)) {
        const near = didYouMean(closest(key, ["store", "runKey", "durability"]));
        return `unknown key ${key}${near !== undefined ? ` — ${near}` : " (durable takes store, runKey and durability)"}`;
      }
    }
    const store = d.store as { load?: unknown; append?: unknown } | undefined;
    if (!isPlainObjectLike(store) || typeof store.load !== "function" || typeof store.append !== "function") {
      return `store: expected a journal store (memoryJournal(), fileJournal(dir)), got ${describe(d.store)}`;
    }
    if (typeof d.runKey !== "string" || d.runKey === "")
      return `runKey: expected a non-empty string, got ${describe(d.runKey)}`;
    if (d.durability !== undefined && !["call", "turn", "exit"].includes(d.durability as string)) {
      return `durability: expected "call", "turn" or "exit", got ${describe(d.durability)}`;
    }
    return null;
  },
};

function isPlainObjectLike(v: unknown): v is object {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return isPlainObjectLike(v) && !(v instanceof Map) && !(v instanceof Set);
}
