/**
 * A frozen program in a generated module: `x.program.clj` read, analyzed against the
 * agent (its tools, with the static tool check, and its input keys) and turned by the
 * code-generation tier (src/evaluator/codegen) into one factory per top-level form, now,
 * at compile time. The module holds the factories as ordinary functions and their tables
 * as data (constants as JSON, builtins and vars by name), and hands them to
 * `$ptcc.frozenProgram`: nothing is generated when it runs.
 *
 * The factories' text is the tier's own (fixed templates, slot numbers, table indexes:
 * nothing of the program's text), given TypeScript annotations so that the module
 * type-checks under `strict`, `noUnusedLocals` and `noUnusedParameters` (typescriptFactory).
 */
import { Analyzer, type ToolCatalog } from "../analyzer/analyzer.js";
import { PtcError } from "../diagnostics/error.js";
import type { Span } from "../diagnostics/span.js";
import { Unit } from "../evaluator/codegen/emit.js";
import { encodeEntry, encodeValue } from "../evaluator/frozen-value.js";
import { read } from "../reader/read.js";
import { REGISTRY } from "../runtime/builtins/index.js";
import { Var } from "../runtime/values.js";

/** What a frozen program may use: the agent's tools and input keys. */
export interface FreezeContext {
  /** The agent's tool names. */
  readonly tools: ReadonlySet<string>;
  /** The static check of tool calls (src/agent/tool-check.ts), over the tools' signatures. */
  readonly toolCatalog: ToolCatalog | null;
  /** The input's keys (`data/...`): the signature's parameters. */
  readonly dataKeys: ReadonlySet<string>;
}

/** One form, generated: its factory's source (JavaScript) and its tables. */
export interface GeneratedForm {
  readonly source: string;
  readonly frameSize: number;
  /** Where the form is in the program file (an error realizing its value is placed there). */
  readonly span: Span;
  readonly unit: Unit;
}

/**
 * Read, analyze and generate a program's forms. Throws the PtcError of the first problem,
 * positioned in the program's text (reading, analysis, a tool call the check rejects).
 */
export function generateProgram(source: string, cx: FreezeContext): GeneratedForm[] {
  const { forms } = read(source);
  const vars = new Map<string, Var>();
  const intern = (name: string): Var => {
    let v = vars.get(name);
    if (v === undefined) {
      v = new Var(name);
      vars.set(name, v);
    }
    return v;
  };
  const ax = new Analyzer({
    registry: REGISTRY,
    lookupVar: (name) => vars.get(name),
    internVar: intern,
    tools: cx.tools,
    toolCatalog: cx.toolCatalog,
    dataKeys: cx.dataKeys,
    warn: () => {},
  });
  // Every form is analyzed before any is generated, as an evaluation does.
  const analyzed = forms.map((f) => ax.topLevel(f));
  return analyzed.map((a) => {
    const unit = new Unit();
    let text: string;
    try {
      text = unit.program(a.node);
    } catch (e) {
      // A defect of the generator (its tests assert it never happens): named, not hidden.
      throw new PtcError({
        kind: "internal",
        message: `the code generator cannot compile this form: ${e instanceof Error ? e.message : String(e)}`,
        span: a.node.span,
      });
    }
    return { source: text, frameSize: a.frameSize, span: a.node.span, unit };
  });
}

/** `$ptcc.frozenProgram({...})` for a program's generated forms; `indent` starts each line. */
export function frozenProgramText(file: string, source: string, forms: readonly GeneratedForm[]): string {
  const lines = [
    "$ptcc.frozenProgram({",
    `  file: ${JSON.stringify(file)},`,
    `  source: ${json(source)},`,
    "  forms: [",
  ];
  for (const f of forms) {
    const u = f.unit;
    lines.push(
      "    {",
      `      frameSize: ${f.frameSize},`,
      `      span: ${json(spanData(f.span))},`,
      `      consts: ${json(u.consts.map(encodeValue))},`,
      `      spans: ${json(u.spans.map(spanData))},`,
      `      entries: ${json(u.entries.map(encodeEntry))},`,
      `      vars: ${json(u.vars.map((v) => v.name))},`,
      `      metas: ${json(u.metas)},`,
      `      make: ${typescriptFactory(f.source)},`,
      "    },",
    );
  }
  lines.push("  ],", "})");
  return lines.join("\n");
}

/** JSON on one line, line separators escaped (they end `//` comments and lines of some tools). */
function json(x: unknown): string {
  return JSON.stringify(x).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

function spanData(s: Span): number[] {
  return [s.line, s.column, s.endLine, s.endColumn, s.offset, s.end];
}

// ---------------------------------------------------------------------------------------
// The factory as TypeScript. The generator writes one statement or header per line from
// fixed templates; its declarations are of three shapes (function headers, `let`/`const`
// lists of simple names), each given `any` and a `void` use so that strict settings accept
// the module whatever the program leaves unused. `void x` does nothing at run time.

const FUNCTION_HEAD = /^(return )?function( [A-Za-z_$][\w$]*)? ?\(([^)]*)\) \{$/;
const DECLARATION = /^(let|const) (.*);$/;
const FACTORY_PARAMS = ["K", "S", "D", "V", "M", "H"];

/** The generated factory body (JavaScript) as a TypeScript function expression. */
export function typescriptFactory(body: string): string {
  const out: string[] = [
    `function (${FACTORY_PARAMS.map((p) => `${p}: any`).join(", ")}): any {`,
    voids(FACTORY_PARAMS),
  ];
  for (const line of body.split("\n")) {
    // Module code is strict already; the directive would not be one after the `void`s.
    if (line === '"use strict";') continue;
    const head = FUNCTION_HEAD.exec(line);
    if (head !== null) {
      const params = head[3]!
        .split(",")
        .map((p) => p.trim())
        .filter((p) => p !== "");
      out.push(
        `${head[1] ?? ""}function${head[2] ?? " "}(${params.map((p) => `${p}: any`).join(", ")}): any {`,
        voids(params),
      );
      continue;
    }
    const decl = DECLARATION.exec(line);
    if (decl !== null && !line.startsWith('"')) {
      const parts = splitTop(decl[2]!);
      const names = parts.map((p) => p.split("=")[0]!.trim());
      const typed = parts.map((p) => {
        const eq = p.indexOf("=");
        return eq < 0 ? `${p.trim()}: any` : `${p.slice(0, eq).trim()}: any = ${p.slice(eq + 1).trim()}`;
      });
      out.push(`${decl[1]} ${typed.join(", ")};`, voids(names));
      continue;
    }
    out.push(line);
  }
  out.push("}");
  // A label nothing continues or breaks to is an error under `allowUnusedLabels: false`.
  const text = out.filter((l) => l !== "").join("\n");
  return text.replace(/^([A-Za-z_$][\w$]*): for \(;;\) \{$/gm, (line, label: string) =>
    new RegExp(`\\b(?:continue|break) ${label.replace(/\$/g, "\\$")};`).test(text) ? line : "for (;;) {",
  );
}

function voids(names: readonly string[]): string {
  return names.map((n) => `void ${n};`).join(" ");
}

/** A declaration list split at its top-level commas (initializers are simple: `f[2]`, `st.level`). */
function splitTop(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") depth--;
    else if (c === "," && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}
