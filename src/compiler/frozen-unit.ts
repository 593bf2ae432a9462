/**
 * The frozen program of a unit: `x.program.clj` beside `x.agent.md`, read with the agent
 * file, checked against the agent (its signature hash, its tools with the static tool
 * check, its input keys) and generated into the module's `xFrozen` (emit-frozen.ts).
 * Problems are diagnostics positioned in the program file.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { headerProblem, programFileOf, readProgramHeader } from "../agent/frozen-file.js";
import { toolCatalog, TOOL_CHECK } from "../agent/tool-check.js";
import { PtcError } from "../diagnostics/error.js";
import { altSpelling, type Signature } from "../signature/types.js";
import type { DiagnosticCode } from "./codes.js";
import type { Diagnostic } from "./diagnostics.js";
import { inComment } from "./emit.js";
import { frozenProgramText, generateProgram } from "./emit-frozen.js";
import type { ModuleNames } from "./names.js";
import type { Unit } from "./unit.js";
import { providedToolNames } from "../agent/program-tools.js";

/** Longest program file read (a program that long is data written into code). */
const MAX_PROGRAM_SIZE = 1_000_000;

/** A unit's program file, read. */
export interface FrozenSource {
  readonly absolute: string;
  /** As diagnostics show it (relative to the working directory). */
  readonly shown: string;
  /** From the project root, as the module's header and error positions name it. */
  readonly source: string;
  readonly text: string;
}

/** The program file beside a unit's agent file, or null when there is none. */
export function readFrozenSource(
  u: Unit,
  shown: (p: string) => string,
  fromRoot: (p: string) => string,
  report: (d: Diagnostic) => void,
): FrozenSource | null {
  const absolute = programFileOf(u.absolute);
  if (absolute === u.absolute || !existsSync(absolute)) return null;
  const file = shown(absolute);
  try {
    const size = statSync(absolute).size;
    if (size > MAX_PROGRAM_SIZE) {
      report({
        code: "PTC171",
        severity: "error",
        file,
        message: `the program file is ${size} bytes, more than ${MAX_PROGRAM_SIZE}`,
      });
      return null;
    }
    return { absolute, shown: file, source: fromRoot(absolute), text: readFileSync(absolute, "utf8") };
  } catch (e) {
    report({ code: "PTC171", severity: "error", file, message: `cannot read the program file: ${String(e)}` });
    return null;
  }
}

/** The tools' signatures a frozen program's calls are checked against (tools without one are not checked). */
export type ToolSignatures = ReadonlyMap<string, Signature>;

/**
 * The module text of a unit's frozen program (the program and `xFrozen`), or null with its
 * problems reported.
 */
export function frozenModulePart(
  u: Unit,
  program: FrozenSource,
  signatures: ToolSignatures,
  report: (d: Diagnostic) => void,
): string | null {
  const problem = (code: DiagnosticCode, message: string, e?: PtcError, hint?: string): null => {
    const h = hint ?? e?.hint;
    report({
      code,
      severity: "error",
      file: program.shown,
      message,
      ...(h === undefined ? {} : { hint: h }),
      ...(e?.span === undefined ? {} : { span: e.span }),
      source: program.text,
    });
    return null;
  };
  const name = program.shown.split("/").pop()!;
  const wrong = headerProblem(program.text, u.signature, name);
  if (wrong !== null) {
    const hint = wrong.endsWith("freeze again") ? `ptcc freeze ${u.shown}` : `freeze again: ptcc freeze ${u.shown}`;
    return problem("PTC170", wrong, undefined, hint);
  }
  const dataKeys = new Set<string>();
  for (const p of u.signature.params) {
    dataKeys.add(p.name);
    const alt = altSpelling(p.name);
    if (alt !== null) dataKeys.add(alt);
  }
  try {
    const forms = generateProgram(program.text, {
      tools: new Set([...u.tools.map((t) => t.entry.name), ...providedToolNames(u.spec)]),
      toolCatalog: toolCatalog(signatures),
      dataKeys,
    });
    return frozenFunction(
      u.names!,
      u.spec.name,
      program,
      readProgramHeader(program.text).model,
      frozenProgramText(program.source, program.text, forms),
    );
  } catch (e) {
    if (!(e instanceof PtcError)) throw e;
    // The static tool check marks its errors; the analyzer's own tool errors are these three.
    const tool = e.detail === TOOL_CHECK || TOOL_ANALYSIS.test(e.message);
    return problem(tool ? "PTC172" : "PTC171", e.message, e);
  }
}

/** The analyzer's errors about a tool call: an unknown tool, a tool not called, a call without one map. */
const TOOL_ANALYSIS = /^(unknown tool |tool\/\S+ (can only be called|takes one map of arguments))/;

function frozenFunction(
  names: ModuleNames,
  agent: string,
  program: FrozenSource,
  model: string | undefined,
  data: string,
): string {
  const by = model === undefined ? "" : ` (written by ${inComment(model)})`;
  return [
    "",
    `/** The program of agent ${inComment(agent)}, frozen in ${inComment(program.source)}: compiled ahead of time, nothing is generated at run time. */`,
    `const $frozen = ${data};`,
    "",
    "/**",
    ` * Runs agent ${inComment(agent)} without a model: its frozen program${by} on \`input\`, with the`,
    " * agent's tools and limits. The input is checked as a run checks it, and the answer against",
    " * the output type; an error of the program fails the Step (kind `program`).",
    " */",
    `export async function ${names.agent}Frozen(`,
    `  input: ${names.input},`,
    "  options?: $ptcc.FrozenRunOptions,",
    `): Promise<$ptcc.Step<${names.output}>> {`,
    `  return await $ptcc.runFrozen(${names.agent}, $frozen, input, options);`,
    "}",
    "",
  ].join("\n");
}
