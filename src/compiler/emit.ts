/**
 * Generated modules: templates/compile/agent-module.tpl filled in for one agent, and
 * templates/compile/index.tpl for the folder. The text is complete and formatted as it is
 * written (no formatter runs), so that generation is fast and the same on every machine.
 *
 * A module holds the agent's Input and Output types, its two validators (compileValidator's
 * straight-line code), the signature tool types, and the agent itself: defineAgent over
 * the prompt, the parsed signature and the options as data, its tool functions imported
 * from their modules and its agents-as-tools from their generated modules. It imports
 * only `ptcc`, `ptcc/runtime` and those modules.
 */
import type { AgentFileSpec } from "../agent-file/parse.js";
import { compileValidator } from "../signature/compile-validator.js";
import { renderSignature } from "../signature/render.js";
import type { Signature, SigType } from "../signature/types.js";
import type { ToolControls } from "../agent/types.js";
import { inputTypeText, jsDoc, outputTypeText, signatureDataText, typeText, typeRefs } from "./emit-types.js";
import { digest } from "./hash.js";
import type { ModuleNames } from "./names.js";
import { fillTemplate, readTemplate } from "./templates.js";

/** A tool of an agent as the emitter writes it. */
export type EmitTool =
  | { readonly kind: "self"; readonly name: string }
  | {
      readonly kind: "agent";
      readonly name: string;
      /** The import specifier of its generated module, relative to this one's folder (`../support/summarize.js`). */
      readonly importPath: string;
      readonly exportName: string;
    }
  /** One model call (`llm:` in the agent file): `llmTool` over its template and literal signature. */
  | {
      readonly kind: "llm";
      readonly name: string;
      readonly prompt: string;
      readonly signature: string;
      readonly description: string;
      readonly model?: string;
    }
  | {
      readonly kind: "module";
      readonly name: string;
      /** The import specifier, relative to the output folder (`../tools/catalog.js`). */
      readonly importPath: string;
      readonly exportName: string;
      /** Declared or derived; null: the tool has none (its arguments are not checked). */
      readonly signature: Signature | null;
      readonly description?: string;
      /** `concurrency`, `timeoutMs`, `cache` from the agent file. */
      readonly controls?: ToolControls;
      /** The function's return type was known to TypeScript (not `unknown` or `any`). */
      readonly resultTyped: boolean;
    };

export interface EmitAgent {
  /** The agent file as the header names it (relative to the project). */
  readonly source: string;
  readonly names: ModuleNames;
  readonly spec: AgentFileSpec;
  /** The agent's signature, without spans. */
  readonly signature: Signature;
  readonly tools: readonly EmitTool[];
  /** The named types the module's types use, when any: its own and where the shared ones are. */
  readonly namedTypes?: EmitNamedTypes;
  /** The hash of the module's inputs. */
  readonly inputsHash: string;
  /**
   * The files it is generated from, from the project root, with the digest of each (the
   * header's `reads`): the agent file first.
   */
  readonly reads: readonly (readonly [path: string, digest: string])[];
  /** The frozen program and `xFrozen` (frozen-unit.ts), put after the agent. */
  readonly frozen?: string;
}

/** Named types of a module: its own (`types:`), declared in it; the shared ones, imported. */
export interface EmitNamedTypes {
  /** The agent file's own, in the order written. */
  readonly local: readonly (readonly [name: string, type: SigType])[];
  /** The specifier of the shared types module (`./types.js`) from this module's folder. */
  readonly sharedPath: string;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** Generated types name named types (`:Ticket` → `Ticket`): the module declares or imports them. */
const BY_NAME = { namedTypes: "name" } as const;

/** The text of the module `OUT/NAME.ts`; `parts` when they were made ahead (agentModuleParts). */
export function emitAgentModule(a: EmitAgent, parts: AgentModuleParts = agentModuleParts(a)): string {
  const imports = importLines(a);
  const toolTypes = toolTypeAliases(a);
  const body = fillTemplate(readTemplate("compile/agent-module.tpl"), {
    ...parts.slots,
    reads: oneLine(JSON.stringify(Object.fromEntries(a.reads))),
    imports: imports.text + sharedTypeImports(a),
    toolTypes: toolTypes.text,
    options: optionLines(a, imports.aliases, toolTypes.aliases).join("\n"),
  });
  return withHashes(body + (a.frozen ?? ""), a.inputsHash);
}

/** The slots of a module that its tools do not change (most of the work: the validators). */
export interface AgentModuleParts {
  readonly slots: Readonly<Record<string, string>>;
}

/**
 * What of a module does not depend on its tools: made while the tools' types are being read
 * (in the compile's other thread), so that only the rest is left when they come.
 */
export function agentModuleParts(a: Omit<EmitAgent, "tools" | "reads" | "inputsHash">): AgentModuleParts {
  const { names, spec } = a;
  const descriptions = spec.fieldDescriptions ?? {};
  return {
    slots: {
      source: oneLine(a.source),
      hashes: "{{hashes}}",
      name: inComment(spec.name),
      signature: inComment(renderSignature(a.signature)),
      namedTypes: localTypes(a.namedTypes),
      Input: names.input,
      Output: names.output,
      inputType: inputTypeText(a.signature, { fn: "$ptcc.PtcFn", descriptions, ...BY_NAME }),
      outputType: outputTypeText(a.signature, { fn: "$ptcc.FnLabel", descriptions, ...BY_NAME }),
      validateInput: compileValidator(a.signature, {
        name: names.validateInput,
        part: "input",
        valueType: names.input,
      }).trimEnd(),
      validateOutput: compileValidator(a.signature, {
        name: names.validateOutput,
        part: "output",
        valueType: names.output,
      }).trimEnd(),
      agentDoc: jsDoc([spec.description ?? `The agent ${spec.name}.`, `Compiled from ${a.source}.`], "").join("\n"),
      agent: names.agent,
    },
  };
}

// ---------------------------------------------------------------------------------------
// Named types

/** `export type Ticket = …;` for each of the agent file's own named types. */
function localTypes(named: EmitNamedTypes | undefined): string {
  if (named === undefined || named.local.length === 0) return "";
  return `\n${named.local.map(([name, t]) => typeDeclaration(name, t, "A named type of this agent file.")).join("\n")}`;
}

/** A named type as an exported TypeScript type, with its JSDoc. */
function typeDeclaration(name: string, t: SigType, doc: string): string {
  const text = typeText(t, { fn: "$ptcc.PtcFn", ...BY_NAME }, "");
  return `${jsDoc([doc], "").join("\n")}\nexport type ${name} = ${text};\n`;
}

/** `import type { Ticket } from "./types.js";` for the shared named types the module's types name. */
function sharedTypeImports(a: EmitAgent): string {
  if (a.namedTypes === undefined) return "";
  const local = new Set(a.namedTypes.local.map(([n]) => n));
  const used = new Set<string>();
  const add = (t: SigType): void => {
    for (const n of typeRefs(t)) if (!local.has(n)) used.add(n);
  };
  const addSig = (sig: Signature, output: boolean): void => {
    for (const p of sig.params) add(p.type);
    if (output) add(sig.output);
  };
  addSig(a.signature, true);
  // As toolTypeAliases writes them: a tool's result type only when its function's is known.
  for (const t of a.tools) if (t.kind === "module" && t.signature !== null) addSig(t.signature, t.resultTyped);
  for (const [, t] of a.namedTypes.local) add(t);
  if (used.size === 0) return "";
  const names = [...used].sort();
  return `import type { ${names.join(", ")} } from ${JSON.stringify(a.namedTypes.sharedPath)};\n`;
}

/**
 * The text of `OUT/types.ts`: the named types of the types.ptcc files (`types`, in the
 * order of their files and definitions), each exported once.
 */
export function emitTypesModule(
  source: string,
  types: readonly (readonly [name: string, type: SigType])[],
  reads: readonly (readonly [path: string, digest: string])[],
  inputsHash: string,
): string {
  const body = fillTemplate(readTemplate("compile/types-module.tpl"), {
    source: inComment(source),
    hashes: "{{hashes}}",
    reads: oneLine(JSON.stringify(Object.fromEntries(reads))),
    types:
      types.length === 0
        ? "export {};\n"
        : types.map(([name, t]) => typeDeclaration(name, t, `The named type ${name} of ${source}.`)).join("\n"),
  });
  return withHashes(body.replace(/\n+$/, "\n"), inputsHash);
}

// ---------------------------------------------------------------------------------------
// Text in comments: the templates put names, paths and signatures from agent files into
// `/** … */` and `//` comments, where a `*/` or a line break would end the comment and
// turn the rest into code.

/** Line terminators of JavaScript: each ends a `//` comment. */
const LINE_BREAK = /[\n\r\u2028\u2029]/g;

/** The text on one line: line breaks written as JSON escapes (`\u000a`), which JSON.parse reads back. */
export function oneLine(text: string): string {
  return text.replace(LINE_BREAK, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** The text for a slot inside a comment of either kind (as jsDoc escapes `*\/`). */
export function inComment(text: string): string {
  return oneLine(text).replace(/\*\//g, "*\\/");
}

/** Replaces the `{{hashes}}` line with the inputs' and the content's hashes. */
function withHashes(text: string, inputsHash: string): string {
  const marker = "// ptcc: {{hashes}}\n";
  const at = text.indexOf(marker);
  const rest = text.slice(at + marker.length);
  return `${text.slice(0, at)}// ptcc: inputs ${inputsHash}, content ${digest([rest])}\n${rest}`;
}

/** The text of `OUT/index.ts`, re-exporting every agent module, and the registry `agents`; `warnings`: the compile's. */
export function emitIndex(
  source: string,
  modules: readonly ModuleNames[],
  inputsHash: string,
  warnings: number,
  /** The modules with a frozen program (their `xFrozen` is exported too). */
  frozen: ReadonlySet<string> = new Set(),
): string {
  const sorted = [...modules].sort((x, y) => (x.module < y.module ? -1 : x.module > y.module ? 1 : 0));
  const exports = sorted.map(
    (m) =>
      `export {\n  ${m.agent},\n${frozen.has(m.module) ? `  ${m.agent}Frozen,\n` : ""}  ${m.validateInput},\n  ${m.validateOutput},\n  type ${m.input},\n  type ${m.output},\n} from "./${m.module}.js";`,
  );
  const body = fillTemplate(readTemplate("compile/index.tpl"), {
    source: inComment(source),
    hashes: "{{hashes}}",
    warnings: String(warnings),
    exports: exports.length === 0 ? "export {};" : exports.join("\n"),
    // `export ... from` binds no local name: the registry imports the agents it lists.
    imports: sorted.map((m) => `import { ${m.agent} } from "./${m.module}.js";\n`).join(""),
    registry: sorted.length === 0 ? "{}" : `{\n${sorted.map((m) => `  ${m.agent},\n`).join("")}}`,
  });
  return withHashes(body, inputsHash);
}

// ---------------------------------------------------------------------------------------
// Imports and local names

function importLines(a: EmitAgent): { text: string; aliases: Map<string, string> } {
  const aliases = new Map<string, string>();
  const byPath = new Map<string, string[]>();
  const used = new Set<string>();
  for (const t of a.tools) {
    if (t.kind === "self" || t.kind === "llm") continue;
    const path = t.importPath;
    const alias = unique(`$${t.kind === "module" ? "tool" : "agent"}_${t.name.replace(/[^A-Za-z0-9_]/g, "_")}`, used);
    aliases.set(t.name, alias);
    const list = byPath.get(path) ?? [];
    list.push(`${t.exportName} as ${alias}`);
    byPath.set(path, list);
  }
  const lines = [...byPath].map(([path, names]) => `import { ${names.join(", ")} } from ${JSON.stringify(path)};`);
  return { text: lines.length === 0 ? "" : `${lines.join("\n")}\n`, aliases };
}

function unique(name: string, used: Set<string>): string {
  let n = name;
  for (let i = 2; used.has(n); i++) n = `${name}${i}`;
  used.add(n);
  return n;
}

/** `type $SearchArgs = …; type $SearchResult = …;` for each module tool with a signature. */
function toolTypeAliases(a: EmitAgent): { text: string; aliases: Map<string, { args: string; result: string }> } {
  const aliases = new Map<string, { args: string; result: string }>();
  const used = new Set<string>();
  const lines: string[] = [];
  for (const t of a.tools) {
    if (t.kind !== "module" || t.signature === null) continue;
    const stem = unique(
      `$${t.name
        .split(/[^A-Za-z0-9]+/)
        .filter((w) => w !== "")
        .map((w) => w[0]!.toUpperCase() + w.slice(1))
        .join("")}Tool`,
      used,
    );
    const args = `${stem}Args`;
    const result = `${stem}Result`;
    aliases.set(t.name, { args, result: t.resultTyped ? result : "unknown" });
    lines.push("", `/** The arguments of tool ${inComment(t.name)}. */`);
    lines.push(`type ${args} = ${inputTypeText(t.signature, { fn: "$ptcc.PtcFn", ...BY_NAME })};`);
    if (t.resultTyped) {
      lines.push("", `/** What tool ${inComment(t.name)} returns. */`);
      lines.push(
        `type ${result} = ${outputTypeText(t.signature, { fn: "$ptcc.PtcFn", undefinedIsNil: true, ...BY_NAME })};`,
      );
    }
  }
  return { text: lines.length === 0 ? "" : `${lines.join("\n")}\n`, aliases };
}

// ---------------------------------------------------------------------------------------
// The options of defineAgent

function key(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

function optionLines(
  a: EmitAgent,
  imports: ReadonlyMap<string, string>,
  types: ReadonlyMap<string, { args: string; result: string }>,
): string[] {
  const { spec } = a;
  const out: string[] = [`  name: ${JSON.stringify(spec.name)},`];
  if (spec.description !== undefined) out.push(`  description: ${JSON.stringify(spec.description)},`);
  out.push(`  signature: ${signatureDataText(a.signature, "  ")},`);
  out.push(`  prompt: ${promptText(spec.prompt)},`);
  if (a.tools.length > 0) {
    out.push("  tools: {");
    for (const t of a.tools) out.push(...toolLines(t, imports, types));
    out.push("  },");
  }
  const fd = spec.fieldDescriptions;
  if (fd !== undefined && Object.keys(fd).length > 0) {
    out.push("  fieldDescriptions: {");
    for (const [k, v] of Object.entries(fd)) out.push(`    ${key(k)}: ${JSON.stringify(v)},`);
    out.push("  },");
  }
  const numbers = [
    "maxTurns",
    "maxDepth",
    "turnTimeoutMs",
    "missionTimeoutMs",
    "tokenLimit",
    "turnBudget",
    "retryTurns",
    "memoryLimit",
    "maxToolCalls",
    "toolConcurrency",
  ] as const;
  for (const k of numbers) if (spec[k] !== undefined) out.push(`  ${k}: ${spec[k]},`);
  // Options that are words, and compaction (true or a map of options): as data.
  const words = ["reference", "transport", "onBudgetExceeded", "completion", "memoryStrategy"] as const;
  for (const k of words) if (spec[k] !== undefined) out.push(`  ${k}: ${JSON.stringify(spec[k])},`);
  if (spec.compaction !== undefined) out.push(`  compaction: ${JSON.stringify(spec.compaction)},`);
  if (spec.llmRetry !== undefined) out.push(`  llmRetry: ${JSON.stringify(spec.llmRetry)},`);
  const fo = spec.formatOptions;
  if (fo !== undefined && Object.keys(fo).length > 0) {
    out.push(
      `  formatOptions: { ${Object.entries(fo)
        .map(([k, v]) => `${k}: ${String(v)}`)
        .join(", ")} },`,
    );
  }
  if (spec.outputMode !== undefined) out.push(`  outputMode: ${JSON.stringify(spec.outputMode)},`);
  if (spec.signatureValidation !== undefined) {
    out.push(`  signatureValidation: ${JSON.stringify(spec.signatureValidation)},`);
  }
  if (spec.model !== undefined) out.push(`  llm: ${JSON.stringify(spec.model)},`);
  if (spec.llmQuery !== undefined) {
    const q = spec.llmQuery;
    const fields =
      typeof q === "boolean"
        ? []
        : [
            ...(q.model !== undefined ? [`llm: ${JSON.stringify(q.model)}`] : []),
            ...(q.maxCalls !== undefined ? [`maxCalls: ${q.maxCalls}`] : []),
          ];
    out.push(`  llmQuery: ${typeof q === "boolean" ? String(q) : `{ ${fields.join(", ")} }`},`);
  }
  if (spec.builtinTools !== undefined) out.push(`  builtinTools: ${JSON.stringify(spec.builtinTools)},`);
  return out;
}

/** One line: a string; more: the lines in an array, joined (easier to read and to diff). */
function promptText(prompt: string): string {
  const lines = prompt.split("\n");
  if (lines.length === 1) return JSON.stringify(prompt);
  return `[\n${lines.map((l) => `    ${JSON.stringify(l)},`).join("\n")}\n  ].join("\\n")`;
}

function toolLines(
  t: EmitTool,
  imports: ReadonlyMap<string, string>,
  types: ReadonlyMap<string, { args: string; result: string }>,
): string[] {
  const k = key(t.name);
  switch (t.kind) {
    case "self":
      return [`    ${k}: "self",`];
    case "agent":
      return [`    ${k}: $ptcc.asTool(${imports.get(t.name)!}),`];
    case "llm":
      // The signature stays a literal: llmTool types the tool from it.
      return [
        `    ${k}: $ptcc.llmTool({`,
        `      name: ${JSON.stringify(t.name)},`,
        `      prompt: ${JSON.stringify(t.prompt)},`,
        `      signature: ${JSON.stringify(t.signature)},`,
        `      description: ${JSON.stringify(t.description)},`,
        ...(t.model !== undefined ? [`      llm: ${JSON.stringify(t.model)},`] : []),
        "    }),",
      ];
    case "module": {
      const fn = imports.get(t.name)!;
      const description = t.description === undefined ? [] : [`      description: ${JSON.stringify(t.description)},`];
      // The tool's controls, as data after its description.
      for (const [name, value] of Object.entries(t.controls ?? {})) description.push(`      ${name}: ${JSON.stringify(value)},`);
      if (t.signature === null) {
        return description.length === 0
          ? [`    ${k}: ${fn},`]
          : [`    ${k}: {`, `      fn: ${fn},`, ...description, "    },"];
      }
      const ty = types.get(t.name)!;
      return [
        `    ${k}: $ptcc.defineTool<$ptcc.TypedSignature<${ty.args}, ${ty.result}>>({`,
        `      signature: ${signatureDataText(t.signature, "      ")},`,
        `      fn: ${fn},`,
        ...description,
        "    }),",
      ];
    }
  }
}
