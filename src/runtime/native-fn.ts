/**
 * Functions made by builtins at run time (`comp`, `partial`, `juxt`, `complement`,
 * `constantly`, `fnil`, `memoize`, `where`...): a JS implementation with a name and a
 * printable parameter list, usable everywhere a function value is.
 */
import type { Cx } from "./context.js";
import { PtcFn, type Value } from "./values.js";

export class NativeFn extends PtcFn {
  constructor(
    readonly name: string | null,
    private readonly impl: (cx: Cx, args: Value[]) => Value,
    /** Parameter lists for printing, e.g. `["[x]"]` or `["[& args]"]`. */
    private readonly params: readonly string[] = ["[& args]"],
  ) {
    super();
  }

  invoke(cx: Cx, args: Value[]): Value {
    return this.impl(cx, args);
  }

  override paramLists(): string[] {
    return [...this.params];
  }
}

/** A function value from a JS implementation. */
export function nativeFn(
  name: string | null,
  impl: (cx: Cx, args: Value[]) => Value,
  params?: readonly string[],
): NativeFn {
  return new NativeFn(name, impl, params);
}
