/**
 * `ptcc run AGENT.agent.md --input '<json>'|@file.json --llm PROVIDER:MODEL [--trace F] [--record F] [--replay F] [--json]`:
 * load an agent file, run it once, and show the run as it happens — each turn as it
 * ends (child agents indented by depth), then the return value or the failure and the
 * usage — or, with --json, print the Step as one JSON object.
 *
 *   options → input → load the agent → the LLM → run (trace, spinner, Ctrl-C) → print
 *
 * Exit codes: 0 the run returned, 1 it failed, 2 the command was used wrongly (options,
 * input, the agent file, the --llm spec), 130 interrupted with Ctrl-C.
 */
import { accessSync, constants, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Agent } from "../agent/define.js";
import { stripEnvelopes } from "../agent/envelope.js";
import { cut } from "../agent/feedback.js";
import { formatResult } from "../agent/format-result.js";
import { stepToJson } from "../agent/step-json.js";
import { recordReplies } from "../agent/record.js";
import { turnRanges } from "../agent/compaction.js";
import { isJournalEntry, type JournalEntry } from "../agent/journal/entries.js";
import { memoryJournal, type JournalStore } from "../agent/journal/store.js";
import { replayLlm, type RecordedReply } from "../llm/replay.js";
import { jsonlTrace, type TraceSink } from "../agent/trace.js";
import type { AgentDefinition, ChunkInfo, RunOptions, Step, Turn, TurnRun } from "../agent/types.js";
import { loadAgentFileWith, type DerivedTool, type UnsignedTool } from "../agent-file/load.js";
import { createLlm } from "../llm/resolve.js";
import { LlmError, type Llm } from "../llm/types.js";
import { overrideModels } from "./models.js";
import { loadAgentOrReport } from "./agent-files.js";
import { readInput, stringOption } from "./options.js";
import { sanitize } from "./sanitize.js";
import { createSpinner, NO_SPINNER, type Spinner } from "./spinner.js";
import { UsageError } from "./usage-error.js";

export interface RunArgs {
  readonly agent?: string;
  readonly input?: unknown;
  readonly llm?: unknown;
  readonly trace?: unknown;
  readonly record?: unknown;
  /** Run offline from a recording (FILE.json, from --record) or a run journal (FILE.jsonl). */
  readonly replay?: unknown;
  readonly json?: boolean;
  /** Print the prompt the run would start with, with token counts, and call no model. */
  readonly dryRun?: boolean;
  /** Run the agent's frozen program (NAME.program.clj) without a model. */
  readonly frozen?: boolean;
}

/** The exit code of a run stopped with Ctrl-C (128 + SIGINT), as shells report it. */
const EXIT_INTERRUPTED = 130;

const LLM_FORMS = "openai:MODEL, anthropic:MODEL or script:FILE";

/** The run key a journal given to --replay is replayed under. */
const REPLAY_KEY = "replay";

/**
 * What --replay names: a recording (JSON: the replies of `--record`, matched by request) or
 * a run journal (JSON Lines: `fileJournal`'s file, replayed whole with no model).
 */
function readReplay(
  file: string,
): { kind: "recording"; replies: RecordedReply[] } | { kind: "journal"; store: JournalStore } {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new UsageError(`cannot read --replay ${file}: ${(e as Error).message}`);
  }
  if (file.endsWith(".jsonl")) {
    const lines = text.split("\n");
    // A torn last line (a crash mid-write) is left out, as fileJournal does.
    if (!text.endsWith("\n")) lines.pop();
    const store = memoryJournal();
    const entries: JournalEntry[] = [];
    lines.forEach((line, i) => {
      if (line.trim() === "") return;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        throw new UsageError(`--replay ${file}:${i + 1}: the line is not JSON`);
      }
      if (!isJournalEntry(value) || value.seq !== entries.length) {
        throw new UsageError(
          `--replay ${file}:${i + 1}: not the journal entry expected there (a run journal is fileJournal's .jsonl file)`,
        );
      }
      entries.push(value);
    });
    if (entries.length === 0) throw new UsageError(`--replay ${file}: the journal is empty`);
    // Loaded in order into a store of its own: nothing is written back to the file.
    for (const e of entries) void store.append(REPLAY_KEY, e.seq, e);
    return { kind: "journal", store };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`--replay ${file}: not JSON (${(e as Error).message})`);
  }
  if (
    !Array.isArray(data) ||
    data.some((r) => typeof r !== "object" || r === null || typeof (r as { content?: unknown }).content !== "string")
  ) {
    throw new UsageError(`--replay ${file}: a recording is the JSON array --record writes`);
  }
  return { kind: "recording", replies: data as RecordedReply[] };
}

export async function runRun(args: RunArgs): Promise<number> {
  const inputOption = stringOption("--input", args.input);
  const llmOption = stringOption("--llm", args.llm);
  const traceOption = stringOption("--trace", args.trace);
  const recordOption = stringOption("--record", args.record);
  const replayOption = stringOption("--replay", args.replay);
  if (args.agent === undefined || args.agent === "") throw new UsageError("name an agent file: ptcc run NAME.agent.md");
  if (llmOption === "") throw new UsageError(`--llm needs a model: ${LLM_FORMS}`);
  if (traceOption === "") throw new UsageError("--trace needs a file name (FILE.jsonl)");
  if (recordOption === "") throw new UsageError("--record needs a file name (FILE.json)");
  if (recordOption !== undefined) checkWritable(recordOption, "--record");
  if (replayOption === "")
    throw new UsageError("--replay needs a file: a recording (FILE.json, from --record) or a run journal (FILE.jsonl)");
  if (replayOption !== undefined && llmOption !== undefined) {
    throw new UsageError("--replay and --llm do not go together: a replay answers from its file");
  }
  const replay = replayOption !== undefined ? readReplay(replayOption) : undefined;
  if (replay?.kind === "journal" && inputOption !== undefined) {
    throw new UsageError("--replay of a journal takes the run's input from the journal: leave --input out");
  }

  const input = readInput(inputOption);

  const agent = await loadAgentOrReport(args.agent, (file) =>
    loadAgentFileWith(file, {}, { deriveTools: toolDeriver() }),
  );
  if (agent === 2) return 2;
  const def = agent.definition;
  if (args.dryRun === true) return dryRun(agent, input, args.json === true);
  if (args.frozen === true) {
    if (llmOption !== undefined || replay !== undefined || recordOption !== undefined) {
      throw new UsageError("--frozen runs without a model: leave out --llm, --record and --replay");
    }
    return runFrozenFile(args.agent, agent, input, args.json === true);
  }

  let llm: Llm | undefined;
  if (replay !== undefined) {
    llm =
      replay.kind === "recording"
        ? replayLlm(replay.replies)
        : async (r) => {
            throw new LlmError(
              `--replay: the journal holds no reply for ${r.agent}'s turn ${r.turn}; the run stops here`,
            );
          };
  } else if (llmOption !== undefined) {
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

  const recorder = recordOption !== undefined ? recordReplies() : undefined;

  const human = args.json !== true;
  const transcript = new TurnOrder();
  const style = styles(process.stdout.isTTY === true && !process.env["NO_COLOR"]);
  const spinner: Spinner = human ? createSpinner(process.stderr, { dim: style.colored }) : NO_SPINNER;
  // The run whose reply streams on the terminal: one at a time (children in pmap may ask together).
  let streaming: string | null = null;
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
    // The view goes on with each event: the trace file holds its redacted form, which
    // hides every firewalled value the run has seen, wherever a program put it.
    trace: (event, view) => {
      // The model answered: what follows is the program running, not thinking.
      if (event.type === "llm_response" && (streaming === null || streaming === event.run)) {
        spinner.stop();
        streaming = null;
      }
      if (event.type === "compaction" && human) {
        spinner.stop();
        const n = (k: number): string => k.toLocaleString("en-US");
        process.stderr.write(
          `${style.dim(`compacted before turn ${event.turn}: ${turnRanges(event.dropped)} dropped (~${n(event.tokensBefore)} → ~${n(event.tokensAfter)} tokens)`)}\n`,
        );
      }
      trace?.sink(event, view);
      recorder?.sink(event, view);
    },
    ...(human
      ? {
          onLlmStart: (name: string, depth: number, turn: number) => {
            if (streaming === null)
              spinner.start(`thinking (${name}${depth > 0 ? `, depth ${depth}` : ""}, turn ${turn})`);
          },
          // On a terminal the reply shows as it streams (asking the model to stream it).
          ...(process.stderr.isTTY === true
            ? {
                onChunk: (text: string, info: ChunkInfo) => {
                  if (streaming !== null && streaming !== info.runId) return;
                  streaming = info.runId;
                  spinner.text(text);
                },
              }
            : {}),
          onTurn: (turn: Turn, name: string, depth: number, run: TurnRun) => {
            spinner.stop();
            const out = transcript.turnEnded(run, renderTurn(turn, name, depth, style));
            if (out !== "") process.stdout.write(out);
          },
        }
      : {}),
  };

  let step: Step;
  try {
    step =
      replay?.kind === "journal"
        ? await agent.resume(REPLAY_KEY, { ...options, store: replay.store })
        : await agent.run(input, options);
  } finally {
    spinner.stop();
    process.off("SIGINT", onSigint);
    trace?.close();
  }
  // Written whatever the outcome: the replies of a failed run reproduce the failure.
  if (recorder !== undefined && recordOption !== undefined) {
    try {
      recorder.write(recordOption);
    } catch (e) {
      process.stderr.write(`ptcc: cannot write --record ${recordOption}: ${(e as Error).message}\n`);
      return 2;
    }
  }

  if (human) process.stdout.write(transcript.rest() + renderEnd(step, def, style));
  else process.stdout.write(`${JSON.stringify(stepToJson(step))}\n`);
  // Ctrl-C while the model thinks aborts the signal; while a program runs it stops the program.
  if (controller.signal.aborted || step.failure?.kind === "cancelled") return EXIT_INTERRUPTED;
  return step.ok ? 0 : 1;
}

// ── tools without a declared signature ─────────────────────────────────────

/**
 * The signatures `ptcc compile` derives from the tools' TypeScript types, so that a run (and
 * a dry run) sends the model what the compiled agent sends, not `(a map of arguments)`.
 * TypeScript is loaded only here, for agent files that have such tools. A tool whose types
 * cannot be written as a signature keeps none, with a warning (ptcc compile reports it).
 */
function toolDeriver(): (tools: readonly UnsignedTool[]) => Promise<readonly (DerivedTool | null)[]> {
  // One TypeScript session for every agent file of the run.
  let session: Promise<import("../compiler/tool-types.js").ToolTypes> | null = null;
  return async (tools) => {
    session ??= import("../compiler/tool-types.js").then(({ toolTypesHere }) => toolTypesHere());
    return derived(await session, tools);
  };
}

function derived(
  session: import("../compiler/tool-types.js").ToolTypes,
  tools: readonly UnsignedTool[],
): readonly (DerivedTool | null)[] {
  const answers = session.analyze(
    tools.map((t) => ({ module: t.module, exportName: t.exportName, declared: null })),
    { projectDir: dirname(tools[0]!.file) },
  );
  return answers.map((a, i) => {
    if (a.ok) return { signature: a.signature, ...(a.description === undefined ? {} : { description: a.description }) };
    process.stderr.write(sanitize(`ptcc: warning: tool ${tools[i]!.exportName}: ${a.message} (${a.code})\n`));
    return null;
  });
}

// ── --dry-run ───────────────────────────────────────────────────────────────

/** Prints the prompt and its token counts; 1 when the input does not match, like a run. */
async function dryRun(agent: Agent, input: Record<string, unknown>, json: boolean): Promise<number> {
  const { renderPrompt } = await import("../agent/render-prompt.js");
  const { dryRunJson, renderDryRun, tokenCounter } = await import("./dry-run.js");
  let prompt;
  try {
    prompt = renderPrompt(agent, input);
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    if (json)
      process.stdout.write(`${JSON.stringify({ ok: false, agent: agent.name, fail: { kind: "input", reason } })}\n`);
    else process.stderr.write(`ptcc: ${reason}\n`);
    return 1;
  }
  const counter = await tokenCounter();
  process.stdout.write(
    json ? `${JSON.stringify(dryRunJson(agent, prompt, counter))}\n` : renderDryRun(agent, prompt, counter),
  );
  return 0;
}

// ── options ─────────────────────────────────────────────────────────────────

/** Fails before the run when `file` cannot be created: its folder is missing or read-only. */
function checkWritable(file: string, option: string): void {
  try {
    accessSync(dirname(resolve(file)), constants.W_OK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new UsageError(`cannot write ${option} ${file}: its folder is not writable (${code})`);
  }
}

// ── human output ────────────────────────────────────────────────────────────

interface Style {
  readonly colored: boolean;
  readonly dim: (s: string) => string;
  readonly ok: (s: string) => string;
  readonly bad: (s: string) => string;
}

function styles(color: boolean): Style {
  const paint =
    (code: number) =>
    (s: string): string =>
      color ? `\x1b[${code}m${s}\x1b[0m` : s;
  return { colored: color, dim: paint(2), ok: paint(32), bad: paint(31) };
}

/**
 * How much of a program and of a result one turn shows. Programs are what people came to
 * read, so they get more room; the whole transcript is in --json and --trace anyway.
 */
const PROGRAM_CLIP = { lines: 20, chars: 1200 };
const RESULT_CLIP = { lines: 8, chars: 400 };
/** Eliding fewer characters than the "... (N more characters)" note itself saves nothing. */
const CLIP_SLACK = 30;

/**
 * The order turns are printed in: a child agent's turns end while the parent's turn that
 * called it is still running, so they are held until that turn ends and printed after its
 * lines (indented below it), not before them.
 */
class TurnOrder {
  /** Lines of child runs' turns, by the run whose current turn started them. */
  private readonly held = new Map<string, string>();

  /** What to print now that a turn of `run` ended (`text`): nothing, for a child's turn. */
  turnEnded(run: TurnRun, text: string): string {
    const children = this.held.get(run.id) ?? "";
    this.held.delete(run.id);
    if (run.parent === null) return text + children;
    this.held.set(run.parent, (this.held.get(run.parent) ?? "") + text + children);
    return "";
  }

  /** Whatever is still held when the run ends (a parent that failed mid-turn). */
  rest(): string {
    const out = [...this.held.values()].join("");
    this.held.clear();
    return out;
  }
}

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
  // The feedback as the model got it, without the data envelope's markers.
  const outcome = turn.outcome === "return" ? (turn.result ?? "") : stripEnvelopes(turn.feedback);
  if (outcome !== "") {
    const [first, ...rest] = sanitize(clip(outcome, RESULT_CLIP)).split("\n");
    lines.push(`${body}→ ${first!}`, ...rest.map((l) => `${body}  ${l}`));
  }
  return `${lines.join("\n")}\n`;
}

/**
 * The last lines: the return value (or the failure), a note when the value was shortened,
 * and the usage with the run's wall time.
 */
function renderEnd(step: Step, def: AgentDefinition, style: Style): string {
  const fmt = def.formatOptions;
  const lines: string[] = [];
  if (step.ok) {
    const value = step.return ?? null;
    const shown = formatResult(value, fmt);
    lines.push(style.ok(`✓ return: ${sanitize(shown)}`));
    if (shown !== JSON.stringify(value)) lines.push(style.dim("  (shortened: ptcc run --json prints the whole value)"));
  } else {
    lines.push(
      style.bad(
        `✗ failed (${step.failure?.kind ?? "unknown"}): ${sanitize(step.failure?.reason ?? "no reason given")}`,
      ),
    );
  }
  lines.push(style.dim(`  ${usageLine(step)}`));
  return `${lines.join("\n")}\n`;
}

/** `1 turn · 1 LLM request · 120 input + 8 output tokens · 310 ms`. */
function usageLine(step: Step): string {
  const u = step.usage;
  const parts = [plural(step.turns.length, "turn"), plural(u.llmRequests, "LLM request")];
  if (u.inputTokens > 0 || u.outputTokens > 0) {
    // Cached input is part of the input, read from the provider's prompt cache.
    const cached = u.cachedInputTokens > 0 ? ` (${u.cachedInputTokens} cached)` : "";
    parts.push(`${u.inputTokens} input${cached} + ${u.outputTokens} output tokens`);
  }
  parts.push(wallTime(step.durationMs));
  return parts.join(" · ");
}

/** `310 ms`, or `12.4 s` from a second on. */
function wallTime(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
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

// ── --frozen ────────────────────────────────────────────────────────────────

/** Runs the agent's frozen program (checked against its signature) and prints the Step as a run does. */
async function runFrozenFile(
  file: string,
  agent: Agent,
  input: Record<string, unknown>,
  json: boolean,
): Promise<number> {
  const { frozenProgramOf } = await import("./freeze.js");
  const { runFrozen } = await import("../agent/frozen-run.js");
  const program = frozenProgramOf(file, agent);
  const step = await runFrozen(agent, program, input, {});
  if (json) process.stdout.write(`${JSON.stringify(stepToJson(step))}\n`);
  else {
    const style = styles(process.stdout.isTTY === true && !process.env["NO_COLOR"]);
    process.stdout.write(renderEnd(step, agent.definition, style));
  }
  return step.ok ? 0 : 1;
}
