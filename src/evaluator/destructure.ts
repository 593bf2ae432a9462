/**
 * Destructuring at run time: a pattern compiles to a binder that writes the parts of a
 * value into frame slots. Semantics follow Clojure: sequential patterns read by position
 * (missing positions bind nil), `& rest` binds a seq or nil, map patterns read keys with
 * flexible keyword/string lookup and apply `:or` defaults only to absent keys.
 */
import type * as N from "../analyzer/node.js";
import type { Cx } from "../runtime/context.js";
import { typeError } from "../runtime/errors.js";
import { get } from "../runtime/builtins/collections.js";
import { EMPTY_MAP, MapBuilder, NOT_FOUND, PMap } from "../runtime/map.js";
import { realizeKey } from "../runtime/equality.js";
import { ArraySeq, ASeq, EmptyList, LazySeq, seq, stringChars } from "../runtime/seq.js";
import type { Value } from "../runtime/values.js";
import { PVector } from "../runtime/vector.js";
import type { Binder, Code, Frame } from "./closure.js";
import { locate } from "./locate.js";
import type { Span } from "../diagnostics/span.js";

export function compilePattern(p: N.Pattern, compile: (n: N.Node) => Code): Binder {
  switch (p.kind) {
    case "bind": {
      const slot = p.slot;
      return (f, _cx, v) => {
        f[slot] = v;
      };
    }
    case "seq":
      return located(seqBinder(p, compile), p.span);
    case "map":
      return located(mapBinder(p, compile), p.span);
  }
}

/** A value that does not fit the pattern is reported at the pattern. */
function located(bind: Binder, span: Span): Binder {
  return (f, cx, v) => {
    try {
      bind(f, cx, v);
    } catch (e) {
      throw locate(e, span);
    }
  };
}

function seqBinder(p: N.SeqPattern, compile: (n: N.Node) => Code): Binder {
  const items = p.items.map((x) => compilePattern(x, compile));
  const rest = p.rest === null ? null : compilePattern(p.rest, compile);
  const as = p.as === null ? null : p.as.slot;
  const n = items.length;
  return (f, cx, v) => {
    if (as !== null) f[as] = v;
    if (v instanceof PVector) {
      for (let i = 0; i < n; i++) items[i]!(f, cx, i < v.count ? (v.arr[i] as Value) : null);
      if (rest !== null) rest(f, cx, v.count > n ? new ArraySeq(v.shared(), n, v.count, null) : null);
      return;
    }
    let s: ASeq | null;
    if (v === null) s = null;
    else if (typeof v === "string") s = v.length === 0 ? null : new ArraySeq(stringChars(cx, v), 0, v.length, null);
    else if (v instanceof ASeq || v instanceof LazySeq || v instanceof EmptyList) s = seq(cx, v);
    else
      throw typeError(
        "sequential destructuring",
        "a vector, list, seq, string or nil",
        v,
        "use {:keys [...]} to destructure a map",
      );
    for (let i = 0; i < n; i++) {
      items[i]!(f, cx, s === null ? null : s.first());
      s = s === null ? null : s.next(cx);
    }
    if (rest !== null) rest(f, cx, s);
  };
}

function mapBinder(p: N.MapPattern, compile: (n: N.Node) => Code): Binder {
  const entries = p.entries.map((e) => ({
    key: e.key,
    keyExpr: e.keyExpr === null ? null : compile(e.keyExpr),
    bind: compilePattern(e.pattern, compile),
    dflt: e.dflt === null ? null : compile(e.dflt),
  }));
  const as = p.as === null ? null : p.as.slot;
  return (f: Frame, cx: Cx, v: Value) => {
    // `& {:keys [...]}` keyword arguments arrive as a seq of key/value pairs.
    const m = v instanceof ASeq || v instanceof LazySeq || v instanceof EmptyList ? pairsToMap(cx, v) : v;
    if (as !== null) f[as] = m;
    for (const e of entries) {
      // Clojure reads each key with `get`: flexible keys on maps, indexes on vectors and
      // strings, members of sets; anything else has no keys.
      const x = get(cx, m, e.keyExpr === null ? e.key : e.keyExpr(f, cx), NOT_FOUND);
      e.bind(f, cx, x === NOT_FOUND ? (e.dflt === null ? null : e.dflt(f, cx)) : x);
    }
  };
}

/**
 * Clojure 1.11: a seq destructured as a map is read as alternating keys and values, and an
 * odd last item that is a map is merged in (`(f 1 :a 1 {:b 2})`); one item is taken as the
 * map itself and an empty seq gives `{}`.
 */
export function pairsToMap(cx: Cx, v: Value): Value {
  const s = seq(cx, v);
  if (s === null) return EMPTY_MAP;
  const second = s.next(cx);
  if (second === null) return s.first();
  const b = new MapBuilder();
  for (let x: ASeq | null = s; x !== null;) {
    const k = x.first();
    const rest = x.next(cx);
    if (rest === null && k instanceof PMap) {
      k.forEach((tk, tv) => {
        b.assoc(tk, tv);
      });
      break;
    }
    b.assoc(realizeKey(cx, k), rest === null ? null : rest.first());
    x = rest === null ? null : rest.next(cx);
  }
  return b.build();
}
