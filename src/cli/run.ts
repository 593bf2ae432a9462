/**
 * `ptcc run AGENT.agent.md --input '<json>'|@file.json --llm PROVIDER:MODEL [--trace F] [--json]`:
 * load an agent file, run it once, and show the run as it happens — each turn as it
 * ends (child agents indented by depth), then the return value or the failure and the
 * usage — or, with --json, print the Step as one JSON object.
 *
 *   options → input → load the agent → the LLM → run (trace, spinner, Ctrl-C) → print
 *
 * Exit codes: 0 the run returned, 1 it failed, 2 the command was used wrongly (options,
 * input, the agent file, the --llm spec), 130 interrupted with Ctrl-C.
 */
import { readFileSync } from "node:fs";
import type { Agent } from "../agent/define.js";
import { cut } from "../agent/feedback.js";
import { formatResult } from "../agent/format-result.js";
import { stepToJson } from "../agent/step-json.js";
import { jsonlTrace, type TraceSink } from "../agent/trace.js";
import { SELF, type AgentDefinition, type RunOptions, type Step, type Turn } from "../agent/types.js";
import { loadAgentFile } from "../agent-file/load.js";
import { PtcError } from "../diagnostics/error.js";
import { createLlm } from "../llm/resolve.js";
import { LlmError, type Llm, type LlmRegistry } from "../llm/types.js";
import { parseContext } from "./options.js";
import { sanitize } from "./sanitize.js";
import { createSpinner, NO_SPINNER, type Spinner } from "./spinner.js";
import { UsageError } from "./usage-error.js";

export interface RunArgs {
  readonly agent?: string;
  readonly input?: unknown;
  readonly llm?: unknown;
  readonly trace?: unknown;
  readonly json?: boolean;
}

/** The exit code of a run stopped with Ctrl-C (128 + SIGINT), as shells report it. */
const EXIT_INTERRUPTED = 130;

const LLM_FORMS = "openai:MODEL, anthropic:MODEL or script:FILE";

export async function runRun(args: RunArgs): Promise<number> {
  const inputOption = stringOption("--input", args.input);
  const llmOption = stringOption("--llm", args.llm);
  const traceOption = stringOption("--trace", args.trace);
  if (args.agent === undefined || args.agent === "") throw new UsageError("name an agent file: ptcc run NAME.agent.md");
  if (llmOption === "") throw new UsageError(`--llm needs a model: ${LLM_FORMS}`);
  if (traceOption === "") throw new UsageError("--trace needs a file name (FILE.jsonl)");

  const input = readInput(inputOption);

  let agent: Agent;
  try {
    agent = await loadAgentFile(args.agent);
  } catch (e) {
    // Agent file errors carry their own `file:line:col: message` form; print it as is.
    if (e instanceof PtcError) {
      process.stderr.write(`${sanitize(e.format())}\n`);
      return 2;
    }
    throw new UsageError(`cannot load ${args.agent}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const def = agent.definition;

  let llm: Llm | undefined;
  if (llmOption !== undefined) {
    try {
      llm = await createLlm(llmOption, { cwd: process.cwd() });
    } catch (e) {
      if (e instanceof LlmError) throw new UsageError(e.message);
      throw e;
    }
  } else if (def.llm === undefined) {
    throw new UsageError(`agent ${def.name} names no model: give --llm ${LLM_FORMS}`);
  }

  let trace: { sink: TraceSink; close: () => void } | undefined;
  if (traceOption !== undefined) {
    try {
      trace = jsonlTrace(traceOption);
    } catch (e) {
      throw new UsageError(`cannot write --trace ${traceOption}: ${(e as Error).message}`);
    }
  }

  const human = args.json !== true;
  const style = styles(process.stdout.isTTY === true && !process.env["NO_COLOR"]);
  const spinner: Spinner = human ? createSpinner(process.stderr) : NO_SPINNER;
  const controller = new AbortController();
  let interrupts = 0;
  const onSigint = (): void => {
    interrupts++;
    spinner.stop();
    if (interrupts > 1) {
      // A second Ctrl-C: the user does not want to wait for the run to wind down.
      trace?.close();
      process.stderr.write("ptcc: interrupted\n");
      process.exit(EXIT_INTERRUPTED);
    }
    process.stderr.write("ptcc: interrupted (Ctrl-C): cancelling the run; press Ctrl-C again to quit at once\n");
    controller.abort();
  };
  process.on("SIGINT", onSigint);

  const options: RunOptions = {
    ...(llm !== undefined ? { llm, llmRegistry: overrideModels(def, llm) } : {}),
    signal: controller.signal,
    breakOnSigint: true,
    trace: (event) => {
      // The model answered: what follows is the program running, not thinking.
      if (event.type === "llm_response") spinner.stop();
      trace?.sink(event);
    },
    ...(human
      ? {
          onLlmStart: (name: string, depth: number, turn: number) =>
            spinner.start(`thinking (${name}${depth > 0 ? `, depth ${depth}` : ""}, turn ${turn})`),
          onTurn: (turn: Turn, name: string, depth: number) => {
            spinner.stop();
            process.stdout.write(renderTurn(turn, name, depth, style));
          },
        }
      : {}),
  };

  let step: Step;
  try {
    step = await agent.run(input, options);
  } finally {
    spinner.stop();
    process.off("SIGINT", onSigint);
    trace?.close();
  }

  if (human) process.stdout.write(renderEnd(step, def, style));
  else process.stdout.write(`${JSON.stringify(stepToJson(step))}\n`);
  // Ctrl-C while the model thinks aborts the signal; while a program runs it stops the program.
  if (controller.signal.aborted || step.failure?.kind === "cancelled") return EXIT_INTERRUPTED;
  return step.ok ? 0 : 1;
}

// ── options ─────────────────────────────────────────────────────────────────

/** An option given once, as text (yargs makes an array of a repeated option). */
function stringOption(name: string, v: unknown): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== "string") throw new UsageError(`give ${name} once`);
  return v;
}

/** `--input '<json>'` or `--input @file.json` (relative to the working directory); `{}` without it. */
function readInput(option: string | undefined): Record<string, unknown> {
  if (option === undefined) return {};
  if (!option.startsWith("@")) return parseContext(option, "--input");
  const file = option.slice(1);
  if (file === "") throw new UsageError("--input @ needs a file name: --input @file.json");
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new UsageError(`cannot read --input ${option} (${code})`);
  }
  return parseContext(text, `--input ${option}`);
}

/**
 * The model names the agent and its child agents give (`model` in their files), each
 * mapped to the --llm model: a model chosen on the command line wins over the files, so
 * a script can replay a run of agents that name real models.
 */
function overrideModels(def: AgentDefinition, llm: Llm): LlmRegistry {
  const out: Record<string, Llm> = {};
  const seen = new Set<AgentDefinition>();
  const visit = (d: AgentDefinition): void => {
    if (seen.has(d)) return;
    seen.add(d);
    if (typeof d.llm === "string") out[d.llm] = llm;
    for (const spec of Object.values(d.tools)) {
      if (spec !== SELF && typeof spec === "object" && "kind" in spec) visit(spec.agent.definition);
    }
  };
  visit(def);
  return out;
}

// ── human output ────────────────────────────────────────────────────────────

interface Style {
  readonly dim: (s: string) => string;
  readonly ok: (s: string) => string;
  readonly bad: (s: string) => string;
}

function styles(color: boolean): Style {
  const paint =
    (code: number) =>
    (s: string): string =>
      color ? `\x1b[${code}m${s}\x1b[0m` : s;
  return { dim: paint(2), ok: paint(32), bad: paint(31) };
}

/**
 * How much of a program and of a result one turn shows. Programs are what people came to
 * read, so they get more room; the whole transcript is in --json and --trace anyway.
 */
const PROGRAM_CLIP = { lines: 20, chars: 1200 };
const RESULT_CLIP = { lines: 8, chars: 400 };
/** Eliding fewer characters than the "... (N more characters)" note itself saves nothing. */
const CLIP_SLACK = 30;

/** A turn: its header, the program, then what came of it, all indented by depth. */
function renderTurn(turn: Turn, name: string, depth: number, style: Style): string {
  const pad = "    ".repeat(depth);
  const lines = [
    style.dim(
      `${pad}── turn ${turn.index} · agent ${sanitize(name)} (depth ${depth}) · ${Math.round(turn.durationMs)} ms`,
    ),
  ];
  const body = `${pad}   `;
  // The program and what came of it were written by the model (and tools): their control
  // characters are shown escaped, never sent to the terminal.
  if (turn.program === null) lines.push(`${body}(no program in the reply)`);
  else for (const l of sanitize(clip(turn.program.trim(), PROGRAM_CLIP)).split("\n")) lines.push(`${body}${l}`);
  const outcome = turn.outcome === "return" ? (turn.result ?? "") : turn.feedback;
  if (outcome !== "") {
    const [first, ...rest] = sanitize(clip(outcome, RESULT_CLIP)).split("\n");
    lines.push(`${body}→ ${first!}`, ...rest.map((l) => `${body}  ${l}`));
  }
  return `${lines.join("\n")}\n`;
}

/** The last lines: the return value (or the failure) and the usage. */
function renderEnd(step: Step, def: AgentDefinition, style: Style): string {
  const fmt = def.formatOptions;
  const head = step.ok
    ? style.ok(`✓ return: ${sanitize(formatResult(step.return ?? null, fmt))}`)
    : style.bad(
        `✗ failed (${step.failure?.kind ?? "unknown"}): ${sanitize(step.failure?.reason ?? "no reason given")}`,
      );
  return `${head}\n${style.dim(`  ${usageLine(step)}`)}\n`;
}

function usageLine(step: Step): string {
  const u = step.usage;
  const parts = [plural(step.turns.length, "turn"), plural(u.llmRequests, "LLM request")];
  if (u.inputTokens > 0 || u.outputTokens > 0) parts.push(`${u.inputTokens} input + ${u.outputTokens} output tokens`);
  return parts.join(" · ");
}

function plural(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? "" : "s"}`;
}

/** Text cut to a number of lines and of characters, saying what was left out. */
function clip(text: string, max: { lines: number; chars: number }): string {
  const all = text.split("\n");
  const lines = all.length > max.lines ? [...all.slice(0, max.lines), `… (${all.length - max.lines} more lines)`] : all;
  const kept = lines.join("\n");
  return kept.length <= max.chars + CLIP_SLACK ? kept : cut(kept, max.chars);
}
