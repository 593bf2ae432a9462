/**
 * The analyzer: Forms → Nodes. It resolves every symbol (local binding → user namespace
 * → builtin), checks special forms (arity, binding vectors, `recur` in tail position),
 * converts closures (which values each `fn` captures) and turns literals into constants.
 * Everything an LLM can get wrong in the shape of a program is reported here, before a
 * single tool runs.
 */
import { PtcError } from "../diagnostics/error.js";
import type { Span } from "../diagnostics/span.js";
import type { Warning } from "../diagnostics/warning.js";
import { formText, type Form, type ListForm, type SymbolForm } from "../reader/form.js";
import type { BuiltinDef, Registry } from "../runtime/builtins/registry.js";
import { arityText } from "../runtime/builtins/registry.js";
import { formToValue } from "./quote.js";
import type { Node } from "./node.js";
import { closest, didYouMean } from "../diagnostics/suggest.js";
import { transducerHint, UNSUPPORTED_HINTS } from "./suggest.js";
import { FnScope, LexScope, refer } from "./scope.js";
import { keyword, type Var } from "../runtime/values.js";
import { compileRegex } from "../runtime/regex/index.js";
import { literalCollection } from "./literals.js";
import { SPECIAL_FORMS, type SpecialForm } from "./forms/index.js";
import { INTEROP_CONSTANTS } from "../runtime/builtins/interop/index.js";

/** Clojure's special forms proper: a local of the same name does not shadow them in call position. */
const UNSHADOWABLE: ReadonlySet<string> = new Set(["if", "do", "def", "quote", "var", "recur", "fn*", "let*"]);

/** Where `recur` jumps to: the enclosing loop or function arity. */
export interface RecurTarget {
  readonly slots: readonly number[];
  readonly what: "loop" | "fn";
}

/** The analysis state that follows the tree: scope, tail position, recur target. */
export interface Ctx {
  readonly lex: LexScope;
  readonly tail: boolean;
  readonly recur: RecurTarget | null;
}

/** What the analyzer needs from the session it analyzes for. */
export interface AnalyzerHost {
  readonly registry: Registry;
  /** The user namespace: existing vars. */
  lookupVar(name: string): Var | undefined;
  /** Create (or return) the var `name`; undone if the evaluation fails. */
  internVar(name: string): Var;
  /** Tool names, or null when no tools are configured. */
  readonly tools: ReadonlySet<string> | null;
  /** What the host knows of its tools beyond their names (an agent: their signatures). */
  readonly toolCatalog?: ToolCatalog | null;
  /** Context keys for `data/`, or null to accept any key. */
  readonly dataKeys: ReadonlySet<string> | null;
  warn(w: Warning): void;
}

/**
 * A host's knowledge of its tools' parameters, consulted while analyzing, so that a call
 * that cannot succeed is reported before any tool of the program runs.
 */
export interface ToolCatalog {
  /**
   * Check a call's argument forms as written (`{:query "x"}`, `:query "x"`, or nothing);
   * throw a PtcError with the position of the offending form to reject the program.
   */
  check(name: string, args: readonly Form[], span: Span): void;
  /** The tool's signature as the model may see it, for `(doc tool/name)`. */
  describe(name: string): string | undefined;
}

export function analysisError(message: string, span: Span, hint?: string): PtcError {
  return new PtcError({ kind: "analysis", message, span, hint });
}

/** A Java class name as a namespace: `Math`, `System`, `java.time.LocalDate`. */
const JAVA_CLASS = /^([a-z][\w]*\.)*[A-Z][\w$]*$/;

function simpleClass(name: string): string {
  return name.slice(name.lastIndexOf(".") + 1);
}

/** Namespaces that mean the input data. */
const DATA_NS = new Set(["data", "ctx"]);

export class Analyzer {
  /** Counter for generated names (they contain a space, so programs cannot clash with them). */
  private gensymCount = 0;
  readonly specialForms: ReadonlyMap<string, SpecialForm> = SPECIAL_FORMS;
  /**
   * What the program's own `def`s and `defn`s say, in program order: `(doc g)` is rendered
   * while analyzing, before the `defn` above it has run.
   */
  readonly defined = new Map<string, { readonly doc: string | null; readonly params: readonly string[] }>();

  constructor(readonly host: AnalyzerHost) {}

  /** Analyze top-level forms. Each gets its own function scope (its frame). */
  topLevel(form: Form): { node: Node; frameSize: number } {
    const fn = new FnScope(null);
    const ctx: Ctx = { lex: new LexScope(null, fn), tail: false, recur: null };
    const node = this.analyze(form, ctx);
    return { node, frameSize: fn.size };
  }

  gensym(base: string): string {
    return `${base} ${++this.gensymCount}`;
  }

  // -------------------------------------------------------------------------------------

  analyze(form: Form, ctx: Ctx): Node {
    switch (form.kind) {
      case "nil":
        return { kind: "const", value: null, span: form.span };
      case "boolean":
      case "int":
      case "string":
      case "char":
      case "keyword":
      case "float":
        return { kind: "const", value: formToValue(form), span: form.span };
      case "regex":
        return { kind: "const", value: this.regex(form.source, form.span), span: form.span };
      case "symbol":
        return this.symbol(form, ctx);
      case "list":
        return this.list(form, ctx);
      case "vector":
      case "map":
      case "set":
        return literalCollection(this, form, this.nonTail(ctx));
    }
  }

  regex(source: string, span: Span): ReturnType<typeof compileRegex> {
    try {
      return compileRegex(source);
    } catch (e) {
      if (e instanceof PtcError) throw new PtcError({ kind: "analysis", message: e.message, hint: e.hint, span });
      throw e;
    }
  }

  /** The same context out of tail position (recur is not allowed there). */
  nonTail(ctx: Ctx): Ctx {
    return ctx.tail ? { lex: ctx.lex, tail: false, recur: ctx.recur } : ctx;
  }

  /** Analyze a body (implicit do): every form but the last out of tail position. */
  body(forms: readonly Form[], ctx: Ctx, span: Span): Node {
    if (forms.length === 0) return { kind: "const", value: null, span };
    if (forms.length === 1) return this.analyze(forms[0]!, ctx);
    const inner = this.nonTail(ctx);
    const nodes = forms.map((f, i) => this.analyze(f, i === forms.length - 1 ? ctx : inner));
    return { kind: "do", body: nodes, span };
  }

  // -------------------------------------------------------------------------------------
  // Symbols

  symbol(form: SymbolForm, ctx: Ctx): Node {
    const { ns, name, span } = form;
    if (ns !== null) return this.qualified(form, ctx);
    const local = ctx.lex.lookup(name);
    if (local !== undefined) return refer(local, ctx.lex, span);
    if (name === "*1" || name === "*2" || name === "*3")
      return { kind: "history", n: Number(name[1]) as 1 | 2 | 3, span };
    const v = this.host.lookupVar(name);
    if (v !== undefined) return { kind: "var-ref", v, span };
    const b = this.host.registry.get(name);
    if (b !== undefined) return { kind: "builtin-ref", def: b, span };
    if (this.specialForms.has(name)) {
      throw analysisError(`${name} is a special form and cannot be used as a value`, span, `call it: (${name} ...)`);
    }
    throw this.undefinedSymbol(name, span, ctx);
  }

  undefinedSymbol(name: string, span: Span, ctx: Ctx | null): PtcError {
    const unsupported = UNSUPPORTED_HINTS[name];
    if (unsupported !== undefined) {
      return new PtcError({
        kind: "undefined",
        message: `${name} is not available in PTC-Lisp`,
        span,
        hint: unsupported,
      });
    }
    if (/^%\d*&?$/.test(name)) {
      return new PtcError({
        kind: "undefined",
        message: `undefined symbol ${name}`,
        span,
        hint: "% arguments only exist inside #(...)",
      });
    }
    const candidates = [
      ...(ctx ? ctx.lex.visibleNames() : []),
      ...this.host.registry.names(),
      ...this.specialForms.keys(),
    ];
    let hint = didYouMean(closest(name, candidates));
    if (hint === undefined && name.includes("_") && this.host.registry.get(name.replace(/_/g, "-"))) {
      hint = `did you mean ${name.replace(/_/g, "-")}?`;
    }
    return new PtcError({ kind: "undefined", message: `undefined symbol ${name}`, span, hint });
  }

  private qualified(form: SymbolForm, ctx: Ctx): Node {
    const ns = form.ns!;
    const { name, span } = form;
    if (DATA_NS.has(ns)) return this.dataRef(name, span);
    if (ns === "tool") {
      throw analysisError(`tool/${name} can only be called`, span, `write (tool/${name} {...})`);
    }
    if (ns === "user") {
      const v = this.host.lookupVar(name);
      if (v !== undefined) return { kind: "var-ref", v, span };
      throw this.undefinedSymbol(name, span, ctx);
    }
    if (JAVA_CLASS.test(ns)) {
      const key = `${simpleClass(ns)}/${name}`;
      if (Object.prototype.hasOwnProperty.call(INTEROP_CONSTANTS, key))
        return { kind: "const", value: INTEROP_CONSTANTS[key]!, span };
      return { kind: "builtin-ref", def: this.staticMethod(ns, name, span), span };
    }
    return { kind: "builtin-ref", def: this.namespacedBuiltin(ns, name, span), span };
  }

  dataRef(key: string, span: Span): Node {
    const keys = this.host.dataKeys;
    if (keys !== null && !keys.has(key)) {
      const near = closest(key, keys);
      const hint =
        near.length > 0
          ? didYouMean(near.map((k) => `data/${k}`))
          : keys.size > 0
            ? `the input has ${[...keys]
                .slice(0, 10)
                .map((k) => `data/${k}`)
                .join(", ")}`
            : "this evaluation has no input data";
      throw new PtcError({ kind: "undefined", message: `data/${key} is not in the input`, span, hint });
    }
    return { kind: "data-ref", key, span };
  }

  /** `(System/currentTimeMillis)`, `(LocalDate/parse s)`, `Math/abs`: the interop surface, then core for Math. */
  staticMethod(ns: string, name: string, span: Span): BuiltinDef {
    const reg = this.host.registry;
    const cls = simpleClass(ns);
    const def = reg.getQualified("ptc.interop", `${cls}.${name}`) ?? (cls === "Math" ? reg.get(name) : undefined);
    if (def !== undefined) return def;
    const unsupported = UNSUPPORTED_HINTS[`${cls}/${name}`];
    if (unsupported !== undefined) {
      throw new PtcError({
        kind: "undefined",
        message: `${ns}/${name} is not available in PTC-Lisp`,
        span,
        hint: unsupported,
      });
    }
    throw new PtcError({
      kind: "undefined",
      message: `${ns}/${name} is not available`,
      span,
      hint: this.interopHint(`${cls}.${name}`),
    });
  }

  /** `(.getTime d)` and `(java.util.Date. x)`. */
  interopCall(head: SymbolForm): BuiltinDef {
    const reg = this.host.registry;
    const name =
      head.name.endsWith(".") && !head.name.startsWith(".") ? `${simpleClass(head.name.slice(0, -1))}.` : head.name;
    const def = reg.getQualified("ptc.interop", name);
    if (def !== undefined) return def;
    throw new PtcError({
      kind: "undefined",
      message: `Java interop (${head.name} ...) is not available`,
      span: head.span,
      hint: this.interopHint(name),
    });
  }

  /** The nearest interop names, or a pointer to the PTC-Lisp builtins. */
  private interopHint(name: string): string {
    const show = (n: string): string => (n.startsWith(".") || n.endsWith(".") ? n : n.replace(".", "/"));
    const near = closest(name, this.host.registry.namesIn("ptc.interop"));
    return (
      didYouMean(near.map(show)) ??
      "Java interop is limited to dates, common String methods and Math/...; use the PTC-Lisp builtin of the same purpose"
    );
  }

  /** `clojure.string/join`, `str/join`, `clojure.core/map`, `set/union`... */
  namespacedBuiltin(ns: string, name: string, span: Span): BuiltinDef {
    const reg = this.host.registry;
    const target = reg.namespace(ns);
    if (target === undefined) {
      throw new PtcError({
        kind: "undefined",
        message: `unknown namespace ${ns} in ${ns}/${name}`,
        span,
        hint: "use tool/ for tools, data/ for input data, and clojure.string/, clojure.set/, clojure.walk/ for library functions",
      });
    }
    const def = reg.getQualified(target, name);
    if (def !== undefined) return def;
    const near = closest(name, reg.namesIn(target));
    throw new PtcError({
      kind: "undefined",
      message: `${target}/${name} is not available`,
      span,
      hint:
        didYouMean(near.map((n) => `${target}/${n}`)) ??
        `${target} offers: ${reg.namesIn(target).slice(0, 20).join(", ")}`,
    });
  }

  // -------------------------------------------------------------------------------------
  // Calls

  private list(form: ListForm, ctx: Ctx): Node {
    const span = form.span;
    if (form.items.length === 0) return { kind: "const", value: formToValue(form), span };
    const head = form.items[0]!;
    const args = form.items.slice(1);
    if (head.kind === "symbol") {
      if (head.ns === null) {
        // A local shadows a macro-like form in call position, as in Clojure; the true special
        // forms (if, do, def, quote, var, recur, fn*) cannot be shadowed there either.
        const special = this.specialForms.get(head.name);
        if (special !== undefined && (UNSHADOWABLE.has(head.name) || ctx.lex.lookup(head.name) === undefined)) {
          return special.analyze(form, this, ctx);
        }
        const isMethod = head.name.length > 1 && head.name.startsWith(".");
        const isConstructor = head.name.length > 1 && head.name.endsWith(".") && !isMethod;
        if ((isMethod || isConstructor) && ctx.lex.lookup(head.name) === undefined) {
          return this.builtinCall(this.interopCall(head), args, span, ctx);
        }
      } else if (head.ns === "clojure.core" && this.specialForms.has(head.name)) {
        // Expansions name the forms they build as clojure.core/let etc., out of reach of locals.
        return this.specialForms.get(head.name)!.analyze(form, this, ctx);
      } else if (head.ns === "tool" || (head.ns === "ctx" && this.host.tools?.has(head.name))) {
        return this.toolCall(head, args, span, ctx);
      }
    }
    if (head.kind === "keyword") return this.keywordCall(head, args, span, ctx);
    const fnNode = this.analyze(head, this.nonTail(ctx));
    const argCtx = this.nonTail(ctx);
    const argNodes = args.map((a) => this.analyze(a, argCtx));
    if (fnNode.kind === "builtin-ref") return this.checkedBuiltinCall(fnNode.def, argNodes, span);
    if (fnNode.kind === "const" && (fnNode.value === null || typeof fnNode.value !== "object")) {
      throw analysisError(
        `${formText(head)} cannot be called`,
        head.span,
        "only functions, keywords, maps, sets and vectors can be called",
      );
    }
    return { kind: "invoke", fn: fnNode, args: argNodes, span };
  }

  /** A call of a builtin known here: the argument count is checked now. */
  private builtinCall(def: BuiltinDef, args: readonly Form[], span: Span, ctx: Ctx): Node {
    const argCtx = this.nonTail(ctx);
    return this.checkedBuiltinCall(
      def,
      args.map((a) => this.analyze(a, argCtx)),
      span,
    );
  }

  private checkedBuiltinCall(def: BuiltinDef, argNodes: Node[], span: Span): Node {
    if (argNodes.length < def.minArity || argNodes.length > def.maxArity) {
      throw new PtcError({
        kind: "arity",
        message: `${def.name} called with ${argNodes.length} argument${argNodes.length === 1 ? "" : "s"}, expects ${arityText(def)}`,
        span,
        hint: `${def.name} takes ${def.arglists.join(" ")}${transducerHint(def, argNodes.length)}`,
      });
    }
    return { kind: "call-builtin", def, args: freshArgs(def, argNodes), span };
  }

  private keywordCall(head: Form & { kind: "keyword" }, args: readonly Form[], span: Span, ctx: Ctx): Node {
    if (args.length < 1 || args.length > 2) {
      throw new PtcError({
        kind: "arity",
        message: `keyword ${formText(head)} called with ${args.length} arguments, expects 1 or 2`,
        span,
        hint: `write (${formText(head)} m) or (${formText(head)} m default)`,
      });
    }
    const c = this.nonTail(ctx);
    return {
      kind: "keyword-call",
      key: keyword(head.name, head.ns),
      target: this.analyze(args[0]!, c),
      dflt: args.length === 2 ? this.analyze(args[1]!, c) : null,
      span,
    };
  }

  /**
   * `(tool/search {:q "x"})`, `(tool/search :q "x")`, `(tool/search)`: the argument is
   * one map, keyword/value pairs, or nothing.
   */
  private toolCall(head: SymbolForm, args: readonly Form[], span: Span, ctx: Ctx): Node {
    const name = head.name;
    const tools = this.host.tools;
    if (tools === null || !tools.has(name)) {
      const available = tools === null ? [] : [...tools];
      throw new PtcError({
        kind: "undefined",
        message: `unknown tool ${name}`,
        span: head.span,
        hint:
          available.length === 0
            ? "no tools are available in this evaluation"
            : (didYouMean(closest(name, available).map((t) => `tool/${t}`)) ??
              `available tools: ${available.map((t) => `tool/${t}`).join(", ")}`),
      });
    }
    // Literal keys and values are checked against the tool's parameters first.
    this.host.toolCatalog?.check(name, args, span);
    const c = this.nonTail(ctx);
    let argNode: Node;
    if (args.length === 0) argNode = { kind: "const", value: literalEmptyMap(), span };
    else if (args.length === 1) argNode = this.analyze(args[0]!, c);
    else if (
      args.length % 2 === 0 &&
      args.every((a, i) => i % 2 === 1 || a.kind === "keyword" || a.kind === "string")
    ) {
      argNode = literalCollection(this, { kind: "map", items: args, span }, c);
    } else {
      throw new PtcError({
        kind: "analysis",
        message: `tool/${name} takes one map of arguments`,
        span,
        hint: `write (tool/${name} {:name value ...}) or (tool/${name} :name value ...)`,
      });
    }
    return { kind: "tool-call", name, args: argNode, span };
  }
}

function literalEmptyMap() {
  return formToValue({
    kind: "map",
    items: [],
    span: { line: 0, column: 0, endLine: 0, endColumn: 0, offset: 0, end: 0 },
  });
}

/** Reductions that walk their last argument once, keeping only their result. */
const STREAMING = new Set([
  "clojure.core/frequencies",
  "clojure.core/group-by",
  "clojure.core/set",
  "clojure.core/into",
  "clojure.core/count",
  "clojure.core/last",
  "clojure.core/some",
  "clojure.core/every?",
  "clojure.core/not-any?",
  "clojure.core/not-every?",
  "clojure.core/reduce",
  "clojure.core/run!",
  "clojure.core/dorun",
  "clojure.string/join",
  "ptc/sum",
  "ptc/avg",
  "ptc/sum-by",
  "ptc/avg-by",
  "ptc/min-by",
  "ptc/max-by",
]);

/** Builtins whose lazy result is a new seq, reachable only from where it is returned. */
const LAZY_PRODUCERS = new Set([
  "clojure.core/map",
  "clojure.core/filter",
  "clojure.core/remove",
  "clojure.core/keep",
  "clojure.core/map-indexed",
  "clojure.core/keep-indexed",
  "clojure.core/mapcat",
  "clojure.core/take",
  "clojure.core/take-while",
  "clojure.core/drop",
  "clojure.core/drop-while",
  "clojure.core/concat",
  "clojure.core/iterate",
  "clojure.core/repeat",
  "clojure.core/repeatedly",
  "clojure.core/cycle",
  "clojure.core/re-seq",
  "clojure.core/partition",
  "clojure.core/partition-all",
  "clojure.core/partition-by",
  "clojure.core/distinct",
  "clojure.core/dedupe",
  "clojure.core/interleave",
  "clojure.core/interpose",
  "clojure.core/take-nth",
  "clojure.core/reductions",
]);

/**
 * `(frequencies (map f xs))`: the lazy seq of the inner call is seen by the reduction only,
 * which may then walk it without keeping what it has passed (constant memory, as Clojure's
 * locals clearing gives). Marks that inner call.
 */
function freshArgs(def: BuiltinDef, args: Node[]): Node[] {
  if (!STREAMING.has(def.qualified) || args.length === 0) return args;
  // (max-by k a b c) takes items, not a collection: its last argument is not walked.
  if ((def.qualified === "ptc/min-by" || def.qualified === "ptc/max-by") && args.length !== 2) return args;
  const last = args[args.length - 1]!;
  if (last.kind !== "call-builtin" || !LAZY_PRODUCERS.has(last.def.qualified)) return args;
  return [...args.slice(0, -1), { ...last, fresh: true }];
}
