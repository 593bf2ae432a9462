/**
 * The context of one evaluation: budgets and output (from Cx), plus the input data,
 * the `*1 *2 *3` history, the namespace transaction and the tool journal.
 */
import { PtcError } from "../diagnostics/error.js";
import type { Span } from "../diagnostics/span.js";
import type { Warning } from "../diagnostics/warning.js";
import { Cx } from "../runtime/context.js";
import { toHostArgs } from "../runtime/convert.js";
import type { Limits } from "../runtime/limits.js";
import { getFlex, PMap } from "../runtime/map.js";
import type { Value, Var } from "../runtime/values.js";
import type { Txn } from "./namespace.js";
import { Suspend } from "./signals.js";

/** One answered tool call. */
export interface JournalEntry {
  readonly name: string;
  /** JSON of the arguments, to check that a replay makes the same call. */
  readonly argsKey: string;
  readonly args: Record<string, unknown>;
  readonly result: Value;
  readonly ms: number;
}

export class EvalContext extends Cx {
  readonly warnings: Warning[] = [];
  /** Next journal position a tool call reads. */
  cursor = 0;

  constructor(
    limits: Limits,
    startedAt: number,
    readonly data: PMap | null,
    private readonly historyValues: readonly Value[],
    readonly txn: Txn,
    readonly journal: JournalEntry[],
  ) {
    super(limits, startedAt);
  }

  /** `data/key`: flexible lookup in the input; nil when absent. */
  dataGet(key: string): Value {
    return this.data === null ? null : getFlex(this.data, key, null);
  }

  history(n: 1 | 2 | 3): Value {
    return this.historyValues[n - 1] ?? null;
  }

  setVar(v: Var, value: Value, doc: string | null): void {
    this.txn.set(v, value, doc);
  }

  callTool(name: string, args: Value, at: Span | undefined): Value {
    const hostArgs = toHostArgs(this, name, args);
    const argsKey = JSON.stringify(hostArgs);
    const i = this.cursor++;
    const e = this.journal[i];
    if (e !== undefined) {
      if (e.name !== name || e.argsKey !== argsKey) {
        throw new PtcError({
          kind: "internal",
          message: `internal error: replay made a different tool call (${name} instead of ${e.name})`,
          span: at,
        });
      }
      return e.result;
    }
    throw new Suspend([{ name, args: hostArgs, span: at, index: i }]);
  }

  warn(message: string): void {
    this.warnings.push({ message });
  }
}
