/**
 * `ptcc freeze AGENT.agent.md --input sample.json [--llm SPEC | --program FILE.clj]`: run
 * the agent once (or take a program written by hand), check that it returned a valid
 * value, and write the program beside the agent file as `AGENT.program.clj`
 * (src/agent/freeze.ts). `ptcc compile` then emits `xFrozen`; `ptcc run --frozen` runs it.
 *
 * Exit codes: 0 written, 1 the agent cannot be frozen (the run failed, or its turns depend
 * on the model), 2 the command was used wrongly.
 */
import { existsSync, readFileSync } from "node:fs";
import { relative } from "node:path";
import { FreezeError, freezeAgent } from "../agent/freeze.js";
import { headerProblem, programFileOf } from "../agent/frozen-file.js";
import { createLlm } from "../llm/resolve.js";
import { LlmError, type Llm } from "../llm/types.js";
import type { Agent } from "../agent/define.js";
import { loadAgentOrReport } from "./agent-files.js";
import { overrideModels } from "./models.js";
import { parseContext, readInput, stringOption, writeAtomically } from "./options.js";
import { sanitize } from "./sanitize.js";
import { UsageError } from "./usage-error.js";

export interface FreezeArgs {
  readonly agent?: string;
  readonly input?: unknown;
  readonly llm?: unknown;
  readonly program?: unknown;
  readonly json?: boolean;
}

/** `--input`: JSON, @FILE, or the name of a JSON file (`--input sample.json`). */
export function inputOption(option: string | undefined): Record<string, unknown> {
  if (option !== undefined && !option.startsWith("@") && !/^\s*[{[]/.test(option) && existsSync(option)) {
    let text: string;
    try {
      text = readFileSync(option, "utf8");
    } catch (e) {
      throw new UsageError(`cannot read --input ${option}: ${(e as Error).message}`);
    }
    return parseContext(text, `--input ${option}`);
  }
  return readInput(option);
}

export async function runFreeze(args: FreezeArgs): Promise<number> {
  const llmOption = stringOption("--llm", args.llm);
  const programOption = stringOption("--program", args.program);
  if (args.agent === undefined || args.agent === "") {
    throw new UsageError("name an agent file: ptcc freeze NAME.agent.md --input sample.json");
  }
  if (!args.agent.endsWith(".agent.md")) throw new UsageError(`${args.agent}: not an .agent.md file`);
  if (llmOption !== undefined && programOption !== undefined) {
    throw new UsageError("--llm and --program do not go together: --program freezes a program without a model");
  }
  const input = inputOption(stringOption("--input", args.input));
  let program: string | undefined;
  if (programOption !== undefined) {
    try {
      program = readFileSync(programOption, "utf8");
    } catch (e) {
      throw new UsageError(`cannot read --program ${programOption}: ${(e as Error).message}`);
    }
  }
  const agent = await loadAgentOrReport(args.agent);
  if (agent === 2) return 2;
  let llm: Llm | undefined;
  if (llmOption !== undefined) {
    try {
      llm = await createLlm(llmOption, { cwd: process.cwd() });
    } catch (e) {
      if (e instanceof LlmError) throw new UsageError(e.message);
      throw e;
    }
  } else if (program === undefined && agent.definition.llm === undefined) {
    throw new UsageError(`agent ${agent.name} names no model: give --llm SPEC, or --program FILE.clj`);
  }
  const target = programFileOf(args.agent);
  try {
    const frozen = await freezeAgent(agent, input, {
      ...(llm !== undefined ? { llm, llmRegistry: overrideModels(agent.definition, llm) } : {}),
      ...(program !== undefined ? { program, programFile: programOption! } : {}),
      ...(llmOption !== undefined ? { modelName: llmOption } : {}),
      ...(programOption !== undefined ? { modelName: `hand-written (${programOption})` } : {}),
    });
    // Written whole or not at all: a reviewed program is never left half overwritten.
    writeAtomically(target, frozen.program, "the program file");
    if (args.json === true) {
      process.stdout.write(
        `${JSON.stringify({ ok: true, file: target, turns: frozen.turns, return: frozen.step.return })}\n`,
      );
    } else {
      const turns =
        frozen.turns.length === 0 ? "" : ` from turn${frozen.turns.length > 1 ? "s" : ""} ${frozen.turns.join(", ")}`;
      process.stdout.write(
        sanitize(
          `froze ${args.agent} into ${relative(process.cwd(), target) || target}${turns}: review it, then ptcc compile\n`,
        ),
      );
    }
    return 0;
  } catch (e) {
    if (!(e instanceof FreezeError)) throw e;
    if (args.json === true) {
      process.stdout.write(
        `${JSON.stringify({ ok: false, error: e.message, ...(e.turn !== undefined ? { turn: e.turn } : {}) })}\n`,
      );
    } else process.stderr.write(sanitize(`ptcc: cannot freeze ${args.agent}: ${e.message}\n`));
    return 1;
  }
}

/**
 * The frozen program of an agent file for `ptcc run --frozen`: its text, checked against
 * the agent's signature (PTC170 when it was frozen for another one).
 */
export function frozenProgramOf(agentFile: string, agent: Agent): { source: string; file: string } {
  const file = programFileOf(agentFile);
  let source: string;
  try {
    source = readFileSync(file, "utf8");
  } catch {
    throw new UsageError(
      `${agentFile} has no frozen program (${file}): freeze it first: ptcc freeze ${agentFile} --input sample.json`,
    );
  }
  const wrong = headerProblem(source, agent.definition.signature, file.split("/").pop()!);
  if (wrong !== null) throw new UsageError(`PTC170: ${wrong}: ptcc freeze ${agentFile}`);
  return { source, file };
}
