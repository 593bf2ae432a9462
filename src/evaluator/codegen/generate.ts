/**
 * The code-generation tier: a top-level form → JavaScript (emit.ts) → a function, made
 * with `new Function` from the generated source and the form's tables.
 *
 * Factories are cached by their source text (least recently used first out, 512 of them):
 * the same form run again (a replayed turn, a benchmark) or another form of the same shape
 * (the source holds no constants, names or positions) reuses code V8 has already
 * optimized, with the new form's tables.
 *
 * Where code generation is not allowed (a host that forbids `new Function`), or for a form
 * the generator cannot turn into JavaScript the engine accepts (nesting too deep for its
 * parser), `generate` answers null and the closure compiler runs the form.
 */
import type * as N from "../../analyzer/node.js";
import type { Code } from "../closure.js";
import { Unit } from "./emit.js";
import type { ForRun } from "./for-runtime.js";
import type { Entry } from "./gen-fn.js";
import { HELPERS, type Helpers } from "./helpers.js";

type Factory = (
  K: readonly unknown[],
  S: readonly unknown[],
  D: readonly unknown[],
  V: readonly unknown[],
  M: readonly unknown[],
  H: Helpers,
) => unknown;

const FACTORIES = new Map<string, Factory>();
const MAX_FACTORIES = 512;
/** Longer sources are compiled but not kept: the cache belongs to the process, not to a program. */
const MAX_CACHED_SOURCE = 32_768;

function factory(source: string): Factory | null {
  let make = FACTORIES.get(source);
  if (make !== undefined) {
    FACTORIES.delete(source);
  } else {
    try {
      // The source is built from fixed templates, slot numbers and table indexes only (emit.ts).
      make = new Function("K", "S", "D", "V", "M", "H", source) as Factory;
    } catch {
      return null;
    }
    if (source.length > MAX_CACHED_SOURCE) return make;
    if (FACTORIES.size >= MAX_FACTORIES) FACTORIES.delete(FACTORIES.keys().next().value as string);
  }
  FACTORIES.set(source, make);
  return make;
}

/** The generated source of a top-level form, and the tables its factory receives. */
export function emitForm(node: N.Node): { readonly source: string; readonly unit: Unit } {
  const unit = new Unit();
  return { source: unit.program(node), unit };
}

/** Emit with `emit`, make the function; null when generation fails or is not allowed. */
function instantiate<T>(emit: (u: Unit) => string): T | null {
  const unit = new Unit();
  let source: string;
  try {
    source = emit(unit);
  } catch {
    // A defect of the generator (the tests assert it never happens): the closures are exact.
    return null;
  }
  const make = factory(source);
  if (make === null) return null;
  return make(unit.consts, unit.spans, unit.entries, unit.vars, unit.metas, HELPERS) as T;
}

/**
 * A top-level form as generated code, or null when it cannot be generated here (then
 * the closure compiler runs it).
 */
export function generate(node: N.Node): Code | null {
  return instantiate<Code>((u) => u.program(node));
}

/** The arities of a hot `fn` form (in the order written), for the closure compiler to call. */
export function generateFn(node: N.FnNode): readonly Entry[] | null {
  return instantiate<Entry[]>((u) => u.fnProgram(node));
}

/** A hot `loop`, entered at the start of its body with its bindings in the frame. */
export function generateLoop(node: N.LoopNode): Code | null {
  return instantiate<Code>((u) => u.loopProgram(node));
}

/** The iteration of a hot `for`/`doseq`, on the closure compiler's state. */
export function generateFor(node: N.ForNode): ForRun | null {
  return instantiate<ForRun>((u) => u.forProgram(node));
}
