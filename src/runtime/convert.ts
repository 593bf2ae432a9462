/**
 * The host boundary. Data coming in (the input context, tool results) is arbitrary JSON
 * from an untrusted source: it is copied into PTC-Lisp values (objects become maps with
 * string keys, arrays become vectors), so a program can never mutate the host's data
 * and the host can never change a value under a running program. Data going out is
 * plain JSON-compatible: keywords become strings, collections become arrays and objects.
 */
import { PtcError } from "../diagnostics/error.js";
import type { Cx } from "./context.js";
import { HostObject } from "./host-object.js";
import { MapBuilder, PMap } from "./map.js";
import { fnLabel, prStr } from "./printer.js";
import { asArray, ASeq, EmptyList, LazySeq, realizedArray } from "./seq.js";
import { PSet, SetBuilder } from "./set.js";
import { Char, Keyword, PtcFloat, PtcFn, PtcObject, Regex, Sym, Var, type Value } from "./values.js";
import { PVector } from "./vector.js";

/** Deepest nesting accepted from the host. */
const MAX_HOST_DEPTH = 500;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function hostError(message: string, path: string): PtcError {
  return new PtcError({ kind: "type", message: `${message} at ${path || "the top level"}` });
}

/** A host value as a PTC-Lisp value. PTC-Lisp values (closures passed along) pass through. */
export function fromHost(x: unknown, path = "", depth = 0): Value {
  if (x === null || x === undefined) return null;
  switch (typeof x) {
    case "boolean":
    case "string":
      return x;
    case "number":
      if (Number.isSafeInteger(x)) return x === 0 ? 0 : x;
      return Number.isInteger(x) ? new PtcFloat(x) : x;
    case "bigint":
      return Number.isSafeInteger(Number(x)) ? Number(x) : new PtcFloat(Number(x));
    case "function":
      throw hostError("host functions cannot be passed into a program", path);
    case "symbol":
      throw hostError("JS symbols cannot be passed into a program", path);
  }
  if (depth > MAX_HOST_DEPTH)
    throw hostError(`data is nested more than ${MAX_HOST_DEPTH} levels deep (or is circular)`, path);
  if (x instanceof PtcObject) return x;
  if (Array.isArray(x)) {
    const out = new Array<Value>(x.length);
    for (let i = 0; i < x.length; i++) out[i] = fromHost(x[i], `${path}[${i}]`, depth + 1);
    return new PVector(out, out.length);
  }
  if (x instanceof Date) return Number.isNaN(x.getTime()) ? null : x.toISOString();
  if (x instanceof Map) {
    const b = new MapBuilder();
    for (const [k, v] of x) b.assoc(fromHost(k, path, depth + 1), fromHost(v, `${path}.${String(k)}`, depth + 1));
    return b.build();
  }
  if (x instanceof Set) {
    const b = new SetBuilder();
    for (const v of x) b.add(fromHost(v, path, depth + 1));
    return b.build();
  }
  const b = new MapBuilder();
  let keys: string[];
  try {
    keys = Object.keys(x);
  } catch {
    throw hostError("an object that cannot be read", path);
  }
  for (const k of keys) {
    let v: unknown;
    try {
      v = (x as Record<string, unknown>)[k];
    } catch {
      throw hostError(`property ${k} cannot be read`, path);
    }
    if (v === undefined || typeof v === "function") continue;
    b.assoc(k, fromHost(v, path ? `${path}.${k}` : k, depth + 1));
  }
  return b.build();
}

/** A map key as a JSON object key. */
function hostKey(cx: Cx | null, k: Value): string {
  if (typeof k === "string") return k;
  if (k instanceof Keyword) return k.fqn;
  if (k instanceof Sym) return k.fqn;
  if (typeof k === "number" || typeof k === "boolean" || k === null) return String(k);
  return prStr(cx, k);
}

/** How values go out to the host: key spelling, and which PTC-Lisp values pass as they are. */
interface OutOptions {
  readonly keyFn: (k: string) => string;
  /** Values handed over as they are instead of converted. */
  readonly keep: (v: PtcObject) => boolean;
}

const KEEP_NONE = (): boolean => false;

function out(cx: Cx | null, v: Value, o: OutOptions): unknown {
  switch (typeof v) {
    case "number":
    case "string":
    case "boolean":
      return v;
  }
  if (v === null) return null;
  if (o.keep(v)) return v;
  if (v instanceof Keyword) return v.fqn;
  if (v instanceof PtcFloat) return v.value;
  if (v instanceof PMap) {
    const obj: Record<string, unknown> = {};
    v.forEach((k, val) => {
      const key = o.keyFn(hostKey(cx, k));
      // `obj.__proto__ = x` would set the prototype: a key of that name must stay data.
      if (key === "__proto__") {
        Object.defineProperty(obj, key, {
          value: out(cx, val, o),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else obj[key] = out(cx, val, o);
    });
    return obj;
  }
  if (
    v instanceof PVector ||
    v instanceof PSet ||
    v instanceof ASeq ||
    v instanceof LazySeq ||
    v instanceof EmptyList
  ) {
    let items: readonly Value[];
    if (v instanceof PSet) items = v.itemArray();
    else if (cx !== null) items = asArray(cx, v);
    else items = realizedArray(v);
    return items.map((x) => out(cx, x, o));
  }
  if (v instanceof Char) return v.c;
  if (v instanceof Sym) return v.fqn;
  if (v instanceof PtcFn) return fnLabel(v);
  if (v instanceof Var) return `#'${v.name}`;
  if (v instanceof Regex) return v.source;
  if (v instanceof HostObject) return v.toJson();
  return null;
}

/**
 * A value as JSON-compatible host data. Lazy seqs are realized (with the context's
 * limits). Functions become their printed description (`#fn[name [x]]`), never their code.
 */
export function toHost(cx: Cx | null, v: Value, keyFn: (k: string) => string = (k) => k): Json {
  return out(cx, v, { keyFn, keep: KEEP_NONE }) as Json;
}

/**
 * Tool arguments: one map (or nil) as a JSON object whose keys are strings with `-`
 * turned into `_` (`{:max-price 5}` → `{ "max_price": 5 }`), recursively. Functions pass
 * as they are (a closure handed to an agent as a `:fn` parameter); a host tool that
 * serializes one gets its label (PtcFn.toJSON).
 */
export function toHostArgs(cx: Cx, tool: string, args: Value): Record<string, unknown> {
  if (args === null) return {};
  if (!(args instanceof PMap)) {
    throw new PtcError({
      kind: "type",
      message: `tool/${tool} takes a map of arguments, got ${prStr(null, args)}`,
      hint: `write (tool/${tool} {:name value})`,
    });
  }
  return out(cx, args, { keyFn: (k) => k.replace(/-/g, "_"), keep: (v) => v instanceof PtcFn }) as Record<
    string,
    unknown
  >;
}

/**
 * A value as host data for validation against a signature: like toHost (maps become
 * objects, sequences arrays), but floats stay PtcFloat, keywords stay Keyword and
 * functions stay PtcFn, so that `:int` can reject a float `42.0`, `:keyword` can tell a
 * keyword, and `:fn` can accept a closure.
 */
export function toTyped(cx: Cx | null, v: Value): unknown {
  return out(cx, v, {
    keyFn: (k) => k,
    keep: (x) => x instanceof PtcFloat || x instanceof Keyword || x instanceof PtcFn,
  });
}

/**
 * Host data as something JSON.stringify can always write (a trace event): the value
 * itself when it is plain JSON already — the common case, checked without copying — or
 * a copy in which PTC-Lisp values are converted (closures become their labels), Dates
 * become ISO strings, functions and undefined are left out, and cycles or nesting deeper
 * than MAX_HOST_DEPTH become a marker string. Never throws.
 */
export function toJsonSafe(x: unknown): unknown {
  return isPlainJson(x, 0, new Set()) ? x : jsonCopy(x, 0, new Set());
}

function isPlainJson(x: unknown, depth: number, path: Set<object>): boolean {
  if (x === null || typeof x === "string" || typeof x === "boolean") return true;
  if (typeof x === "number") return Number.isFinite(x);
  if (typeof x !== "object" || depth > MAX_HOST_DEPTH || path.has(x) || x instanceof PtcObject) return false;
  const proto: unknown = Object.getPrototypeOf(x);
  if (!Array.isArray(x) && proto !== Object.prototype && proto !== null) return false;
  path.add(x);
  try {
    for (const v of Array.isArray(x) ? x : Object.values(x)) if (!isPlainJson(v, depth + 1, path)) return false;
    return true;
  } catch {
    return false; // a getter that throws
  } finally {
    path.delete(x);
  }
}

function jsonCopy(x: unknown, depth: number, path: Set<object>): unknown {
  if (x === null || x === undefined) return null;
  switch (typeof x) {
    case "string":
    case "boolean":
      return x;
    case "number":
      return Number.isFinite(x) ? x : null;
    case "bigint":
      return Number(x);
    case "function":
    case "symbol":
      return null;
  }
  if (x instanceof PtcObject) {
    try {
      return toHost(null, x as Value);
    } catch {
      return "#unprintable";
    }
  }
  if (x instanceof Date) return Number.isNaN(x.getTime()) ? null : x.toISOString();
  const o = x as object;
  if (path.has(o)) return "#circular";
  if (depth > MAX_HOST_DEPTH) return "#too-deep";
  path.add(o);
  try {
    if (Array.isArray(o)) return o.map((v) => jsonCopy(v, depth + 1, path));
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(o)) {
      if (v === undefined || typeof v === "function") continue;
      Object.defineProperty(out, k, {
        value: jsonCopy(v, depth + 1, path),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  } catch {
    return "#unprintable";
  } finally {
    path.delete(o);
  }
}
