/**
 * Freezing an agent: run it once with a model (or take a program written or reviewed by
 * hand), keep the program that worked, and write it as the agent's program file
 * (`x.program.clj`, frozen-file.ts), which `ptcc compile` turns into `xFrozen`.
 *
 * A multi-turn run freezes as its turns' programs one after the other (defs carry over),
 * when they compose. The rule (docs/compile.md, "Frozen agents"):
 *
 * - turns whose program failed or returned a value of the wrong type are left out: their
 *   defs were undone (a failed evaluation changes nothing), and the turn after them is the
 *   model's repair — unless they called a tool that no kept turn calls again (the call's
 *   effect would be missing);
 * - a turn that reads what only the run had refuses the freeze, naming the turn: `*1 *2 *3`
 *   (the values of earlier turns as the conversation kept them), `data/fail` (the error of
 *   the turn before), or a string or number written in it that the model could only have
 *   read in an earlier turn's feedback (a value printed, a tool's answer, an error) — not
 *   in the prompt, the signature or an earlier program. Small numbers (-10..10) and
 *   strings shorter than 3 characters are not counted: every program writes them;
 * - the program so composed is then run alone on the same input, with every tool answering
 *   what it answered in the run (by name and arguments): it must call no tool the run did
 *   not call the same way, and return what the run returned. Otherwise it did not run the
 *   same without the model, and the freeze is refused.
 */
import { PtcError } from "../diagnostics/error.js";
import type { Span } from "../diagnostics/span.js";
import type { ToolFunction } from "../evaluator/session.js";
import { read } from "../reader/read.js";
import type { Form } from "../reader/form.js";
import { renderSignature } from "../signature/render.js";
import type { Agent } from "./define.js";
import { programHeader } from "./frozen-file.js";
import { runAgent } from "./loop.js";
import { frozenStep } from "./frozen-run.js";
import type { RunOptions, Step, Turn } from "./types.js";

export interface FreezeOptions extends RunOptions {
  /** Freeze this program (hand-written or reviewed) instead of running the agent with a model. */
  readonly program?: string;
  /** The file `program` comes from, for error positions. */
  readonly programFile?: string;
  /** How the header names the model (default: the run's model, or "hand-written"). */
  readonly modelName?: string;
  /** The header's date (default: today, as YYYY-MM-DD). */
  readonly date?: string;
}

/** What freezeAgent gives: the program file's text (header and program) and the Step of the run it came from. */
export interface FreezeResult<O> {
  readonly program: string;
  readonly step: Step<O>;
  /** The turns the program was composed of (from 1); empty for a given program. */
  readonly turns: readonly number[];
}

/** Why an agent cannot be frozen: the run failed, or its turns do not compose (`turn` names the one). */
export class FreezeError extends Error {
  constructor(
    message: string,
    readonly turn?: number,
    readonly span?: Span,
  ) {
    super(message);
    this.name = "FreezeError";
  }
}

/**
 * Run `agent` once on `input` (or take `options.program`), check that the run returned a
 * value valid against the signature, and give the program to keep. Throws a FreezeError
 * when there is no program that runs the same without the model.
 */
export async function freezeAgent<I, O>(
  agent: Agent<I, O>,
  input: I,
  options: FreezeOptions = {},
): Promise<FreezeResult<O>> {
  const def = agent.definition;
  const data = (input ?? {}) as Readonly<Record<string, unknown>>;
  const { program: given, programFile, modelName, date: day, ...run } = options;
  const date = day ?? new Date().toISOString().slice(0, 10);
  if (given !== undefined) {
    const step = await frozenStep(def, { source: given, file: programFile ?? `${def.name}.program.clj` }, data, run);
    if (!step.ok) throw new FreezeError(`the program did not return a valid value: ${step.failure.reason}`);
    const header = programHeader({
      agent: def.name,
      signature: def.signature,
      model: modelName ?? "hand-written",
      date,
    });
    return { program: header + withNewline(stripHeader(given)), step: step as Step<O>, turns: [] };
  }
  const step = (await runAgent(def, data, run)) as Step<O>;
  if (!step.ok) throw new FreezeError(`the run failed (${step.failure.kind}): ${step.failure.reason}`);
  const kept = composableTurns(step.turns, def.prompt + "\n" + renderSignature(def.signature));
  const body = kept.map((t) => `;; turn ${t.index}\n${withNewline(t.program!)}`).join("");
  // Run alone on the same input, each tool answering as it did: the same answer, or no freeze.
  const replayed = await frozenStep(
    def,
    { source: body, file: `${def.name}.program.clj` },
    data,
    run,
    replayTools(step.turns, Object.keys(def.tools)),
  );
  if (!replayed.ok) {
    throw new FreezeError(`the turns' programs do not run the same without the model: ${replayed.failure.reason}`);
  }
  if (JSON.stringify(replayed.return) !== JSON.stringify(step.return)) {
    throw new FreezeError(
      `the turns' programs run alone return ${cut(JSON.stringify(replayed.return))}, not the run's ${cut(JSON.stringify(step.return))}: the run depended on the model`,
    );
  }
  const model = modelName ?? modelLabel(run.llm) ?? (typeof def.llm === "string" ? def.llm : "unknown");
  const header = programHeader({ agent: def.name, signature: def.signature, model, date });
  return { program: header + body, step, turns: kept.map((t) => t.index) };
}

// ---------------------------------------------------------------------------------------
// Which turns compose

const HISTORY = new Set(["*1", "*2", "*3", "*e"]);

/** The turns that make the program, or a FreezeError naming the turn that depends on the model. */
export function composableTurns(turns: readonly Turn[], known: string): Turn[] {
  const kept: Turn[] = [];
  let seen = "";
  let written = known;
  for (const t of turns) {
    const wasSeen = seen;
    // What the model saw after this turn: its feedback, printed result, tool answers.
    seen += `\n${t.feedback}\n${t.result ?? ""}\n${t.toolCalls.map((c) => JSON.stringify(c.result ?? c.error ?? null)).join("\n")}`;
    if (t.program === null || t.outcome === "error" || t.outcome === "invalid") continue;
    let forms: readonly Form[];
    try {
      forms = read(t.program).forms;
    } catch (e) {
      throw new FreezeError(
        `turn ${t.index}: its program cannot be read: ${e instanceof Error ? e.message : String(e)}`,
        t.index,
      );
    }
    // The first turn too: after a failed turn it may read the error, or values it showed.
    checkIndependent(t.index, forms, wasSeen, written);
    written += `\n${t.program}`;
    kept.push(t);
    if (t.outcome === "return" || t.outcome === "fail") break;
  }
  if (kept.length === 0) throw new FreezeError("the run has no turn whose program ran");
  // A turn left out that called a tool did something the program would not do (an email
  // sent before the error): unless a kept turn makes the same call again, no freeze.
  const again = kept.flatMap((t) => t.toolCalls.map((c) => `${c.name} ${JSON.stringify(c.args)}`));
  for (const t of turns) {
    if (kept.includes(t) || t.index > kept[kept.length - 1]!.index) continue;
    for (const c of t.toolCalls) {
      const i = again.indexOf(`${c.name} ${JSON.stringify(c.args)}`);
      if (i >= 0) again.splice(i, 1);
      else {
        throw new FreezeError(
          `turn ${t.index} is left out (its program failed), but it called tool/${c.name} first, which no later turn calls again: the program would not do what the run did`,
          t.index,
        );
      }
    }
  }
  return kept;
}

function checkIndependent(turn: number, forms: readonly Form[], seen: string, written: string): void {
  const visit = (f: Form): void => {
    if (f.kind === "symbol") {
      if (f.ns === null && HISTORY.has(f.name)) {
        refuse(turn, f.span, `it reads ${f.name}, the value of an earlier turn as the conversation kept it`);
      }
      if (f.ns === "data" && f.name === "fail")
        refuse(turn, f.span, "it reads data/fail, the error of the turn before");
      return;
    }
    if (f.kind === "string" && f.value.length >= 3 && seen.includes(f.value) && !written.includes(f.value)) {
      refuse(
        turn,
        f.span,
        `it writes ${JSON.stringify(cut(f.value))}, which the model read in an earlier turn's output`,
      );
    }
    if ((f.kind === "int" || f.kind === "float") && Math.abs(f.value) > 10) {
      const text = String(f.value);
      if (new RegExp(`(^|[^0-9.])${text.replace(/[.+-]/g, "\\$&")}([^0-9]|$)`).test(seen) && !written.includes(text)) {
        refuse(turn, f.span, `it writes ${text}, which the model read in an earlier turn's output`);
      }
    }
    if ("items" in f) for (const x of f.items) visit(x);
  };
  for (const f of forms) visit(f);
}

function refuse(turn: number, span: Span, why: string): never {
  throw new FreezeError(
    `turn ${turn} depended on the model reading earlier output (${why} at ${span.line}:${span.column}): it would not run the same without the model`,
    turn,
    span,
  );
}

// ---------------------------------------------------------------------------------------
// Replaying the run's tool answers

function replayTools(turns: readonly Turn[], names: readonly string[]): Record<string, ToolFunction> {
  const calls = turns.flatMap((t) => t.toolCalls).map((c) => ({ c, key: JSON.stringify(c.args), used: false }));
  const out: Record<string, ToolFunction> = {};
  for (const name of names) {
    out[name] = (args) => {
      const key = JSON.stringify(args);
      const hit = calls.find((x) => !x.used && x.c.name === name && x.key === key);
      if (hit === undefined) {
        throw new PtcError({
          kind: "tool",
          message: `tool/${name} is called with ${cut(key)}, which the run never did`,
        });
      }
      hit.used = true;
      if (hit.c.error !== undefined) throw new Error(hit.c.error);
      return hit.c.result ?? null;
    };
  }
  return out;
}

// ---------------------------------------------------------------------------------------

function modelLabel(llm: RunOptions["llm"]): string | undefined {
  if (typeof llm === "string") return llm;
  return undefined;
}

/** A program file's text without its header (freezing again replaces the header). */
function stripHeader(text: string): string {
  const lines = text.split("\n");
  let i = 0;
  while (i < lines.length && /^;; (ptcc frozen program|signature:|model:|frozen:)/.test(lines[i]!)) i++;
  return lines.slice(i).join("\n");
}

function withNewline(s: string): string {
  return s.endsWith("\n") ? s : `${s}\n`;
}

function cut(s: string, max = 60): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
