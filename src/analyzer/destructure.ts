/**
 * Destructuring patterns, as in Clojure's `let`, `fn`, `loop`, `for`:
 * `[a b & more :as all]`, `{:keys [a b] :strs [c] :syms [d] :or {a 1} :as m}`,
 * `{x :x, [p q] :pos}`, nested to any depth. Map lookups are flexible: `:keys [id]`
 * also finds the string key "id" (JSON from the host).
 */
import { formText, type Form } from "../reader/form.js";
import { keyword, Sym, type Value } from "../runtime/values.js";
import { analysisError, type Analyzer, type Ctx } from "./analyzer.js";
import type { BindPattern, MapPatternEntry, Pattern } from "./node.js";
import { formToValue } from "./quote.js";
import type { LexScope } from "./scope.js";

const SYNTAX_HINT = "a binding is a symbol, a vector [a b & more] or a map {:keys [a b]}";

/** Analyze a binding pattern, binding its names in `scope`. */
export function analyzePattern(ax: Analyzer, form: Form, scope: LexScope, ctx: Ctx): Pattern {
  switch (form.kind) {
    case "symbol":
      return bindSymbol(form, scope);
    case "vector":
      return seqPattern(ax, form, scope, ctx);
    case "map":
      return mapPattern(ax, form, scope, ctx);
    default:
      throw analysisError(`cannot bind to ${formText(form)}`, form.span, SYNTAX_HINT);
  }
}

function bindSymbol(form: Form, scope: LexScope): BindPattern {
  if (form.kind !== "symbol") throw analysisError(`cannot bind to ${formText(form)}`, form.span, SYNTAX_HINT);
  if (form.ns !== null) {
    throw analysisError(
      `cannot bind to the qualified name ${formText(form)}`,
      form.span,
      `use a plain name like ${form.name}`,
    );
  }
  if (form.name === "&") throw analysisError("& must be followed by one binding for the rest", form.span);
  const b = scope.bind(form.name);
  return { kind: "bind", slot: b.slot, name: form.name };
}

function seqPattern(ax: Analyzer, form: Form & { kind: "vector" }, scope: LexScope, ctx: Ctx): Pattern {
  const items: Pattern[] = [];
  let rest: Pattern | null = null;
  let as: BindPattern | null = null;
  const fs = form.items;
  for (let i = 0; i < fs.length; i++) {
    const f = fs[i]!;
    if (f.kind === "symbol" && f.ns === null && f.name === "&") {
      const target = fs[i + 1];
      if (target === undefined || rest !== null) {
        throw analysisError("& must be followed by exactly one binding", f.span, "write [first & more]");
      }
      rest = analyzePattern(ax, target, scope, ctx);
      i++;
      continue;
    }
    if (f.kind === "keyword" && f.ns === null && f.name === "as") {
      const target = fs[i + 1];
      if (target === undefined || i + 2 !== fs.length) {
        throw analysisError(
          ":as must be followed by one name, at the end of the pattern",
          f.span,
          "write [a b :as all]",
        );
      }
      as = bindSymbol(target, scope);
      i++;
      continue;
    }
    if (rest !== null) throw analysisError("only :as may follow the & binding", f.span);
    items.push(analyzePattern(ax, f, scope, ctx));
  }
  return { kind: "seq", items, rest, as, span: form.span };
}

function mapPattern(ax: Analyzer, form: Form & { kind: "map" }, scope: LexScope, ctx: Ctx): Pattern {
  const entries: { key: Value; keyForm: Form | null; target: Form }[] = [];
  let asForm: Form | null = null;
  let orForm: (Form & { kind: "map" }) | null = null;
  const fs = form.items;
  for (let i = 0; i < fs.length; i += 2) {
    const k = fs[i]!;
    const v = fs[i + 1]!;
    if (k.kind === "keyword" && (k.name === "keys" || k.name === "strs" || k.name === "syms")) {
      if (v.kind !== "vector")
        throw analysisError(`:${k.name} must be followed by a vector of names`, v.span, `write {:${k.name} [a b]}`);
      for (const n of v.items) entries.push({ key: namedKey(k.name, k.ns, n), keyForm: null, target: nameTarget(n) });
      continue;
    }
    if (k.kind === "keyword" && k.ns === null && k.name === "as") {
      asForm = v;
      continue;
    }
    if (k.kind === "keyword" && k.ns === null && k.name === "or") {
      if (v.kind !== "map")
        throw analysisError(":or must be followed by a map of defaults", v.span, "write {:keys [a] :or {a 0}}");
      orForm = v;
      continue;
    }
    // `{target key}`: the key is a constant (keyword, string, number...) or, as in Clojure,
    // an expression evaluated when the pattern binds (`{v k}` with `k` a local, `{v 'foo}`).
    if (v.kind === "list" || v.kind === "symbol") entries.push({ key: null, keyForm: v, target: k });
    else entries.push({ key: formToValue(v), keyForm: null, target: k });
  }
  const as = asForm === null ? null : bindSymbol(asForm, scope);
  // :or defaults by name (forms, analyzed below at the point their name is bound).
  const orDefaults = new Map<string, Form>();
  if (orForm !== null) {
    for (let i = 0; i < orForm.items.length; i += 2) {
      const name = orForm.items[i]!;
      if (name.kind !== "symbol" || name.ns !== null) {
        throw analysisError(`:or keys must be names bound by the pattern, got ${formText(name)}`, name.span);
      }
      orDefaults.set(name.name, orForm.items[i + 1]!);
    }
    for (const name of orDefaults.keys()) {
      if (!entries.some((e) => e.target.kind === "symbol" && e.target.name === name)) {
        throw analysisError(`:or gives a default for ${name}, which the pattern does not bind`, orForm.span);
      }
    }
  }
  // Entries bind in order, as in Clojure: a default sees the names bound before it (and
  // the outer scope), never the name being bound or later ones.
  const inner = ax.nonTail({ lex: scope, tail: false, recur: ctx.recur });
  const out: MapPatternEntry[] = entries.map((e) => {
    const dfltForm = e.target.kind === "symbol" ? orDefaults.get(e.target.name) : undefined;
    const keyNode = e.keyForm === null ? null : ax.analyze(e.keyForm, inner);
    const dflt = dfltForm === undefined ? null : ax.analyze(dfltForm, inner);
    // A quoted or otherwise constant key needs no evaluation.
    if (keyNode !== null && keyNode.kind === "const") {
      return { key: keyNode.value, keyExpr: null, pattern: analyzePattern(ax, e.target, scope, ctx), dflt };
    }
    return { key: e.key, keyExpr: keyNode, pattern: analyzePattern(ax, e.target, scope, ctx), dflt };
  });
  return { kind: "map", entries: out, as, span: form.span };
}

/** The lookup key of one name in `:keys`/`:strs`/`:syms` (`:person/keys [name]` → `:person/name`). */
function namedKey(kind: string, ns: string | null, n: Form): Value {
  if (n.kind !== "symbol" && n.kind !== "keyword") {
    throw analysisError(`:${kind} takes names, got ${formText(n)}`, n.span);
  }
  const keyNs = n.ns ?? ns;
  if (kind === "strs") return keyNs === null ? n.name : `${keyNs}/${n.name}`;
  if (kind === "syms") return new Sym(keyNs, n.name);
  return keyword(n.name, keyNs);
}

/** The name bound by an entry of `:keys [a ns/b :c]`. */
function nameTarget(n: Form): Form {
  return { kind: "symbol", ns: null, name: n.kind === "symbol" || n.kind === "keyword" ? n.name : "", span: n.span };
}
