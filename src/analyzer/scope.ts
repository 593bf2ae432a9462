/**
 * Lexical scopes and closure conversion.
 *
 * Every function body runs in its own frame (a JS array). Slot 0 holds the closure's
 * captured values, slot 1 the closure itself; parameters and every `let`/`loop`
 * binding of the body get further slots. A closure copies the values it uses from
 * enclosing functions when it is created (bindings are immutable, so a copy is exact).
 */
import type { Span } from "../diagnostics/span.js";
import type { CapturedNode, LocalNode } from "./node.js";

export const CAPTURES_SLOT = 0;
export const SELF_SLOT = 1;
export const FIRST_SLOT = 2;

export class Binding {
  constructor(
    readonly name: string,
    readonly fn: FnScope,
    readonly slot: number,
  ) {}
}

export class FnScope {
  size = FIRST_SLOT;
  /** Captured bindings in capture order; index i is read as `frame[0][i]`. */
  readonly captures: { binding: Binding; from: LocalNode | CapturedNode }[] = [];
  private readonly captureIndex = new Map<Binding, number>();

  constructor(readonly parent: FnScope | null) {}

  alloc(): number {
    return this.size++;
  }

  /** The index of `b` among this function's captures, capturing it through every level. */
  capture(b: Binding, outer: LexScope, span: Span): number {
    const known = this.captureIndex.get(b);
    if (known !== undefined) return known;
    const parent = this.parent!;
    const from: LocalNode | CapturedNode =
      b.fn === parent
        ? { kind: "local", slot: b.slot, name: b.name, span }
        : { kind: "captured", index: parent.capture(b, outer, span), name: b.name, span };
    const index = this.captures.length;
    this.captures.push({ binding: b, from });
    this.captureIndex.set(b, index);
    return index;
  }
}

export class LexScope {
  private readonly names = new Map<string, Binding>();

  constructor(
    readonly parent: LexScope | null,
    readonly fn: FnScope,
  ) {}

  /** A child scope in the same function. */
  child(): LexScope {
    return new LexScope(this, this.fn);
  }

  /** Bind `name` to a fresh slot of this scope's function. */
  bind(name: string): Binding {
    const b = new Binding(name, this.fn, this.fn.alloc());
    this.names.set(name, b);
    return b;
  }

  /** Bind `name` to an existing slot (the function's own name, say). */
  bindSlot(name: string, slot: number): Binding {
    const b = new Binding(name, this.fn, slot);
    this.names.set(name, b);
    return b;
  }

  lookup(name: string): Binding | undefined {
    for (let s: LexScope | null = this; s !== null; s = s.parent) {
      const b = s.names.get(name);
      if (b !== undefined) return b;
    }
    return undefined;
  }

  /** All names visible here (for suggestions). */
  visibleNames(): string[] {
    const out: string[] = [];
    for (let s: LexScope | null = this; s !== null; s = s.parent) out.push(...s.names.keys());
    return out;
  }
}

/** The node reading binding `b` from code in scope `at`. */
export function refer(b: Binding, at: LexScope, span: Span): LocalNode | CapturedNode {
  if (b.fn === at.fn) return { kind: "local", slot: b.slot, name: b.name, span };
  return { kind: "captured", index: at.fn.capture(b, at, span), name: b.name, span };
}
