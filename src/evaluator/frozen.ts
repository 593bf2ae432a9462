/**
 * A program compiled ahead of time (a frozen agent's `x.program.clj`, see docs/compile.md):
 * each top-level form's factory, written by the code-generation tier when the agent was
 * compiled and kept in the generated module as ordinary code, with the form's tables as
 * data. Loading one makes no code at run time (no `eval`, no `new Function`), so it runs
 * where code generation is forbidden; its values, errors, positions and steps are those of
 * the same program evaluated from its source.
 */
import type { Span } from "../diagnostics/span.js";
import type { Value, Var } from "../runtime/values.js";
import type { Code } from "./closure.js";
import type { FnMeta } from "./codegen/gen-fn.js";
import { HELPERS, type Helpers } from "./codegen/helpers.js";
import { decodeEntry, decodeValue, VarName, type EntryKind, type FrozenValue } from "./frozen-value.js";

/** A factory of generated code: its tables in, the form's code out (src/evaluator/codegen/generate.ts). */
export type FrozenFactory = (
  K: readonly unknown[],
  S: readonly unknown[],
  D: readonly unknown[],
  V: readonly unknown[],
  M: readonly unknown[],
  H: Helpers,
) => unknown;

/** One top-level form of a frozen program: its factory and its tables as data. */
export interface FrozenForm {
  readonly make: FrozenFactory;
  readonly frameSize: number;
  /** Where the form is in the program file, as `spans` holds them (modules before it: none). */
  readonly span?: readonly number[];
  readonly consts: readonly FrozenValue[];
  /** Positions in the program file: [line, column, endLine, endColumn, offset, end]. */
  readonly spans: readonly (readonly number[])[];
  readonly entries: readonly (readonly [string, EntryKind])[];
  /** The vars the form reads or defines, by name. */
  readonly vars: readonly string[];
  readonly metas: readonly FnMeta[];
}

/** What a generated module hands to `frozenProgram`. */
export interface FrozenProgramData {
  /** The program file, for error positions (`agents/x.program.clj`). */
  readonly file: string;
  /** The program's text (for code frames and a Step's turn). */
  readonly source: string;
  readonly forms: readonly FrozenForm[];
}

/** A form ready to run: its code and the size of its frame. */
export interface FrozenTopLevel {
  readonly code: Code;
  readonly frameSize: number;
  readonly span?: Span;
}

interface Decoded {
  readonly form: FrozenForm;
  readonly span: Span | undefined;
  readonly consts: readonly Value[];
  readonly spans: readonly Span[];
  readonly entries: readonly unknown[];
}

/**
 * A frozen program, loaded. Its constants are decoded once, on first use (they are
 * immutable values); each run gets fresh vars in its own namespace.
 */
export class FrozenProgram {
  private decoded: readonly Decoded[] | null = null;

  constructor(readonly data: FrozenProgramData) {}

  get file(): string {
    return this.data.file;
  }

  get source(): string {
    return this.data.source;
  }

  /** The forms' code, with their vars interned by `intern` (the evaluation's namespace). */
  instantiate(intern: (name: string) => Var): FrozenTopLevel[] {
    this.decoded ??= this.data.forms.map((form) => ({
      form,
      span: form.span === undefined ? undefined : toSpan(form.span),
      consts: form.consts.map((c) => decodeValue(c)),
      spans: form.spans.map(toSpan),
      entries: form.entries.map(decodeEntry),
    }));
    return this.decoded.map((d) => ({
      code: d.form.make(
        withVars(d.consts, intern),
        d.spans,
        d.entries,
        d.form.vars.map(intern),
        d.form.metas,
        HELPERS,
      ) as Code,
      frameSize: d.form.frameSize,
      ...(d.span !== undefined ? { span: d.span } : {}),
    }));
  }
}

/** The constants with each `(var x)` the run's own var. */
function withVars(consts: readonly Value[], intern: (name: string) => Var): readonly Value[] {
  if (!consts.some((c) => c instanceof VarName)) return consts;
  return consts.map((c) => (c instanceof VarName ? intern(c.name) : c));
}

function toSpan(s: readonly number[]): Span {
  return { line: s[0]!, column: s[1]!, endLine: s[2]!, endColumn: s[3]!, offset: s[4]!, end: s[5]! };
}

/** A frozen program from the data its generated module holds. */
export function frozenProgram(data: FrozenProgramData): FrozenProgram {
  return new FrozenProgram(data);
}
