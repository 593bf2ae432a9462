/**
 * What the analyzer produces and the compiler consumes: a checked tree in which every
 * symbol is resolved (to a frame slot, a captured value, a user var, a builtin, a data
 * key, a tool) and every special form is reduced to a small set of node kinds.
 */
import type { Span } from "../diagnostics/span.js";
import type { BuiltinDef } from "../runtime/builtins/registry.js";
import type { Value, Var } from "../runtime/values.js";

export type Node =
  | ConstNode
  | LocalNode
  | CapturedNode
  | VarRefNode
  | BuiltinRefNode
  | DataRefNode
  | HistoryNode
  | IfNode
  | DoNode
  | LetNode
  | LoopNode
  | RecurNode
  | FnNode
  | InvokeNode
  | CallBuiltinNode
  | KeywordCallNode
  | ToolCallNode
  | DefNode
  | AndNode
  | OrNode
  | CaseNode
  | LazySeqNode
  | ForNode
  | ReturnNode
  | FailNode
  | VectorNode
  | MapNode
  | SetNode;

interface Base {
  readonly span: Span;
}

export interface ConstNode extends Base {
  readonly kind: "const";
  readonly value: Value;
}
/** A binding in the current function's frame. */
export interface LocalNode extends Base {
  readonly kind: "local";
  readonly slot: number;
  readonly name: string;
}
/** A binding of an enclosing function, copied into this closure when it was made. */
export interface CapturedNode extends Base {
  readonly kind: "captured";
  readonly index: number;
  readonly name: string;
}
/** A user-namespace var, read when the code runs (so later `def`s are seen). */
export interface VarRefNode extends Base {
  readonly kind: "var-ref";
  readonly v: Var;
}
export interface BuiltinRefNode extends Base {
  readonly kind: "builtin-ref";
  readonly def: BuiltinDef;
}
/** `data/name`: a key of the input context. */
export interface DataRefNode extends Base {
  readonly kind: "data-ref";
  readonly key: string;
}
/** `*1`, `*2`, `*3`. */
export interface HistoryNode extends Base {
  readonly kind: "history";
  readonly n: 1 | 2 | 3;
}
export interface IfNode extends Base {
  readonly kind: "if";
  readonly test: Node;
  readonly then: Node;
  readonly else: Node;
}
export interface DoNode extends Base {
  readonly kind: "do";
  /** At least one node; the last one's value is the result. */
  readonly body: readonly Node[];
}
export interface Binding {
  readonly init: Node;
  readonly pattern: Pattern;
}
export interface LetNode extends Base {
  readonly kind: "let";
  readonly bindings: readonly Binding[];
  readonly body: Node;
}
export interface LoopNode extends Base {
  readonly kind: "loop";
  readonly bindings: readonly Binding[];
  /** Slots `recur` writes to, one per binding (a temp slot for destructured bindings). */
  readonly slots: readonly number[];
  readonly body: Node;
}
export interface RecurNode extends Base {
  readonly kind: "recur";
  readonly slots: readonly number[];
  readonly args: readonly Node[];
}
export interface FnArity {
  /** Parameter patterns in order; `rest` is the `& more` pattern. */
  readonly params: readonly Pattern[];
  readonly rest: Pattern | null;
  /** Slots the raw argument values are stored in (fixed params, then rest). */
  readonly argSlots: readonly number[];
  readonly frameSize: number;
  readonly body: Node;
  /** Parameter list as written, for printing (`[a b & more]`). */
  readonly label: string;
}
export interface FnNode extends Base {
  readonly kind: "fn";
  readonly name: string | null;
  readonly doc: string | null;
  readonly arities: readonly FnArity[];
  /** Values of the enclosing frame captured when the closure is made (local or captured nodes). */
  readonly captures: readonly (LocalNode | CapturedNode)[];
}
export interface InvokeNode extends Base {
  readonly kind: "invoke";
  readonly fn: Node;
  readonly args: readonly Node[];
}
export interface CallBuiltinNode extends Base {
  readonly kind: "call-builtin";
  readonly def: BuiltinDef;
  readonly args: readonly Node[];
  /**
   * The lazy seq it returns goes straight to a reduction that streams it, and nothing else
   * can reach it: the reduction may walk it without keeping its items (LazySeq.fresh).
   */
  readonly fresh?: true;
}
/** `(:k m)` / `(:k m default)`. */
export interface KeywordCallNode extends Base {
  readonly kind: "keyword-call";
  readonly key: Value;
  readonly target: Node;
  readonly dflt: Node | null;
}
export interface ToolCallNode extends Base {
  readonly kind: "tool-call";
  readonly name: string;
  /** Evaluates to the argument map. */
  readonly args: Node;
}
export interface DefNode extends Base {
  readonly kind: "def";
  readonly v: Var;
  readonly init: Node | null;
  readonly doc: string | null;
  /** defonce: keep an existing value. */
  readonly once: boolean;
}
export interface AndNode extends Base {
  readonly kind: "and";
  readonly items: readonly Node[];
}
export interface OrNode extends Base {
  readonly kind: "or";
  readonly items: readonly Node[];
}
export interface CaseNode extends Base {
  readonly kind: "case";
  readonly test: Node;
  /** Constant keys (realized values) and the index of their branch. */
  readonly keys: readonly Value[];
  readonly branchOf: readonly number[];
  readonly branches: readonly Node[];
  readonly dflt: Node | null;
}
/** `(lazy-seq body)`: a lazy seq whose thunk is a zero-argument closure. */
export interface LazySeqNode extends Base {
  readonly kind: "lazy-seq";
  readonly thunk: FnNode;
}
/**
 * `for` (a lazy seq, realized 32 items at a time) and `doseq` (eager, for effects). The
 * iteration runs in its own frame, like a closure's, so a lazy `for` keeps the values
 * it was made with.
 */
export interface ForNode extends Base {
  readonly kind: "for";
  readonly levels: readonly ForLevel[];
  readonly body: Node;
  /** true for `for`, false for `doseq`. */
  readonly lazy: boolean;
  readonly frameSize: number;
  readonly captures: readonly (LocalNode | CapturedNode)[];
}
export interface ForLevel {
  readonly coll: Node;
  readonly pattern: Pattern;
  readonly mods: readonly ForModifier[];
}
export type ForModifier =
  | { readonly kind: "when"; readonly test: Node }
  | { readonly kind: "while"; readonly test: Node }
  | { readonly kind: "let"; readonly bindings: readonly Binding[] };

export interface ReturnNode extends Base {
  readonly kind: "return";
  readonly value: Node;
}
export interface FailNode extends Base {
  readonly kind: "fail";
  readonly value: Node;
}
export interface VectorNode extends Base {
  readonly kind: "vector";
  readonly items: readonly Node[];
}
export interface MapNode extends Base {
  readonly kind: "map";
  readonly keys: readonly Node[];
  readonly vals: readonly Node[];
}
export interface SetNode extends Base {
  readonly kind: "set";
  readonly items: readonly Node[];
}

// ---------------------------------------------------------------------------------------
// Destructuring patterns

export type Pattern = BindPattern | SeqPattern | MapPattern;

/** Bind the whole value to a slot. */
export interface BindPattern {
  readonly kind: "bind";
  readonly slot: number;
  readonly name: string;
}
/** `[a b & more :as all]` */
export interface SeqPattern {
  readonly kind: "seq";
  readonly items: readonly Pattern[];
  readonly rest: Pattern | null;
  readonly as: BindPattern | null;
  readonly span: Span;
}
/** `{a :a, :keys [b], :strs [c], :or {b 1}, :as m}` */
export interface MapPattern {
  readonly kind: "map";
  readonly entries: readonly MapPatternEntry[];
  readonly as: BindPattern | null;
  readonly span: Span;
}
export interface MapPatternEntry {
  readonly key: Value;
  /** A key written as an expression (`{v k}` with `k` a local): evaluated at binding time. */
  readonly keyExpr: Node | null;
  readonly pattern: Pattern;
  /** `:or` default, evaluated only when the key is absent. */
  readonly dflt: Node | null;
}
