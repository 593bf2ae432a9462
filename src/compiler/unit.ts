/**
 * The units of a compile: one agent file, read and parsed, with what the checks across
 * files found out about it (its module names, its tools resolved) and the hash of its inputs.
 */
import { readFileSync, statSync } from "node:fs";
import { analyzeAgentFile, MAX_AGENT_FILE_SIZE, type AgentFileSpec, type ToolEntry } from "../agent-file/parse.js";
import type { Span } from "../diagnostics/span.js";
import type { SharedTypes } from "../agent-file/named-types.js";
import { parseSignature, type ParseOptions } from "../signature/parse.js";
import { stripSpans, type NamedTypes, type Signature } from "../signature/types.js";
import { codeOfParserError, type DiagnosticCode } from "./codes.js";
import type { Diagnostic } from "./diagnostics.js";
import type { ModuleNames } from "./names.js";

export type ModuleEntry = Extract<ToolEntry, { kind: "module" }>;

export type UnitTool =
  | { readonly kind: "self"; readonly entry: ToolEntry }
  | { readonly kind: "agent"; readonly entry: ToolEntry; readonly target: Unit }
  /** One model call (`llm:` in the agent file): emitted as `llmTool({...})`. */
  | { readonly kind: "llm"; readonly entry: Extract<ToolEntry, { kind: "llm" }> }
  | {
      readonly kind: "module";
      readonly entry: ModuleEntry;
      readonly absolute: string;
      readonly declared: Signature | null;
    };

export interface Unit {
  readonly absolute: string;
  /** Its module's path in the output folder, without `.ts` (discover.ts: `billing/summarize`). */
  readonly module: string;
  /** As shown in diagnostics: relative to the working directory. */
  readonly shown: string;
  /** As the header names it: relative to the project root. */
  readonly source: string;
  readonly text: string;
  readonly spec: AgentFileSpec;
  /** The signature with the spans of its text (for positions). */
  readonly parsed: Signature;
  /** The same without spans (what modules embed). */
  readonly signature: Signature;
  names: ModuleNames | null;
  tools: UnitTool[];
  inputsHash: string;
  /** The parser found problems in the file: what it says is what could be read of it. */
  readonly problems: boolean;
  /** The files the module is generated from, from the project root, with their digests: the agent file first. */
  reads: [path: string, digest: string][];
  /** The types.ptcc files above the agent file and the named types they define. */
  readonly shared: SharedTypes;
}

/** Parses signatures; the same text twice gives the same (shared, never changed) result. */
export type SignatureParser = (text: string, options?: ParseOptions) => Signature;

/**
 * A parser of signatures for one compile that parses each text once: an agent file's
 * signature is needed by the agent-file parser and again here, and the signatures of tools
 * used by several agents are written alike. (Errors are not remembered: they are rare.)
 */
export function signatureParser(): SignatureParser {
  // By the named types in use (one map per folder or agent file), then by text.
  const none: NamedTypes = new Map();
  const parsed = new WeakMap<NamedTypes, Map<string, Signature>>();
  return (text, options) => {
    const types = options?.types ?? none;
    let byText = parsed.get(types);
    if (byText === undefined) {
      byText = new Map();
      parsed.set(types, byText);
    }
    let s = byText.get(text);
    if (s === undefined) {
      s = types.size === 0 ? parseSignature(text) : parseSignature(text, { types });
      byText.set(text, s);
    }
    return s;
  };
}

/** Read and parse one agent file; its problems go to `report` (null: it has errors). */
export function readUnit(
  absolute: string,
  module: string,
  shownPath: string,
  source: string,
  report: (d: Diagnostic) => void,
  parse: SignatureParser,
  shared: SharedTypes,
): Unit | null {
  let text: string;
  try {
    const info = statSync(absolute);
    if (info.size > MAX_AGENT_FILE_SIZE) {
      report({
        code: "PTC106",
        severity: "error",
        file: shownPath,
        message: `the agent file is ${info.size} bytes, more than ${MAX_AGENT_FILE_SIZE}`,
        hint: "agent files hold a prompt and options; keep data in the input",
      });
      return null;
    }
    text = readFileSync(absolute, "utf8");
  } catch (e) {
    report({ code: "PTC106", severity: "error", file: shownPath, message: `cannot read the agent file: ${String(e)}` });
    return null;
  }
  // Every problem the parser found in the file, not only the first; and what it could read
  // of a file with problems goes on to the checks across files, so that an unknown key does
  // not hide a missing tool export until it is fixed (problems do not come in rounds).
  const { spec, errors } = analyzeAgentFile(text, shownPath, {
    parseSignature: parse,
    ...(shared.types.size === 0 ? {} : { types: shared.types }),
  });
  for (const p of errors.flatMap((e) => e.problems)) {
    report({
      code: codeOfParserError(p.message, p.hint),
      severity: "error",
      file: shownPath,
      message: p.message,
      ...(p.hint === undefined ? {} : { hint: p.hint }),
      ...(p.span === undefined ? {} : { span: p.span }),
      source: p.source ?? text,
    });
  }
  // A file whose structure is broken (no front matter, YAML that does not parse) says nothing more.
  if (spec === null) return null;
  const parsed = parse(spec.signature ?? "() -> :any", typesOf(spec));
  return {
    absolute,
    module,
    shown: shownPath,
    source,
    text,
    spec,
    parsed,
    signature: stripSpans(parsed),
    names: null,
    tools: [],
    inputsHash: "",
    problems: errors.length > 0,
    reads: [],
    shared,
  };
}

/** The parse options of an agent file's signatures: its named types, when it has any. */
export function typesOf(spec: AgentFileSpec): ParseOptions | undefined {
  return spec.namedTypes === undefined ? undefined : { types: spec.namedTypes };
}

/** An error of a unit, positioned in its file. */
export function at(u: Unit, code: DiagnosticCode, message: string, span: Span | undefined, hint?: string): Diagnostic {
  return {
    code,
    severity: "error",
    file: u.shown,
    message,
    ...(hint === undefined ? {} : { hint }),
    ...(span === undefined ? {} : { span }),
    source: u.text,
  };
}
