/**
 * The host boundary. Data coming in (the input context, tool results) is arbitrary JSON
 * from an untrusted source: it is copied into PTC-Lisp values (objects become maps with
 * string keys, arrays become vectors), so a program can never mutate the host's data
 * and the host can never change a value under a running program. Data going out is
 * plain JSON-compatible: keywords become strings, collections become arrays and objects.
 */
import { PtcError } from "../diagnostics/error.js";
import { optionalBuiltin } from "../platform.js";
import { Budget, isStepLimit, MAX_NESTING, nestingError, type Meter } from "./budget.js";
import type { Cx } from "./context.js";
import { describe } from "./errors.js";
import { HostObject } from "./host-object.js";
import { MapBuilder, PMap } from "./map.js";
import { DEFAULT_LIMITS, type Limits } from "./limits.js";
import { fnLabel, print } from "./printer.js";
import { asArray, ASeq, EmptyList, LazySeq, realizedArray } from "./seq.js";
import { PSet, SetBuilder } from "./set.js";
import { Char, Keyword, PtcFloat, PtcFn, PtcObject, Regex, Sym, Var, type Value } from "./values.js";
import { PVector } from "./vector.js";

/** Deepest nesting accepted from the host. */
const MAX_HOST_DEPTH = 500;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** How much host data may come in, and what converting it spends. */
export interface FromHostOptions {
  /**
   * Spent one unit per value converted (shared parts count each time they are reached):
   * the evaluation's context for a tool's answer, a Budget for the input.
   */
  readonly meter?: Meter;
  /** Size caps: arrays, objects, maps and sets of at most `maxCollection` items, strings of `maxString`. */
  readonly limits?: Pick<Limits, "maxCollection" | "maxString">;
}

/**
 * A host value as a PTC-Lisp value. PTC-Lisp values (closures passed along) pass through.
 * Host data is untrusted: what it cannot be (functions, symbols, cycles, nesting past 500
 * levels, collections or strings past the limits, getters or proxies that throw) is a
 * typed error naming the path, never a crash. The walk is metered (one step per value, an
 * array's items charged at once), and a part the data shares (`x = {a: x, b: x}` forty
 * times) is converted once and stays shared.
 */
export function fromHost(x: unknown, opts: FromHostOptions = {}): Value {
  const r = new HostReader(opts);
  try {
    return r.read(x, 0);
  } catch (e) {
    if (e instanceof PtcError) throw isStepLimit(e) ? r.tooMany(e) : e;
    // A proxy trap or a getter threw, or the engine refused (a length no array can have).
    throw r.error("type", `the data cannot be read (${hostMessage(e)})`);
  }
}

/** The message of anything a host threw, without trusting it (getters may throw too). */
export function hostMessage(e: unknown): string {
  try {
    if (e instanceof Error) {
      const m: unknown = e.message;
      if (typeof m === "string") return m;
    }
    if (typeof e === "string") return e;
    const s = String(e);
    return s;
  } catch {
    return "a value that cannot be shown";
  }
}

class HostReader {
  private readonly meter: Meter;
  private readonly maxCollection: number;
  private readonly maxString: number;
  /** The path of the value being read, as keys and indexes (made into text only for errors). */
  private readonly path: (string | number)[] = [];
  /**
   * Objects and arrays already converted, by identity: a part the host data shares is
   * converted once and shared in the value too (values are immutable), so data that is
   * small in memory stays small (`x = {a: x, b: x}` forty times is 41 maps, not 2^40).
   */
  private readonly done = new Map<object, Value>();

  constructor(opts: FromHostOptions) {
    this.meter = opts.meter ?? Budget.of();
    this.maxCollection = opts.limits?.maxCollection ?? DEFAULT_LIMITS.maxCollection;
    this.maxString = opts.limits?.maxString ?? DEFAULT_LIMITS.maxString;
  }

  error(kind: "type" | "limit", message: string, hint?: string): PtcError {
    let at = "";
    for (const p of this.path) at = typeof p === "number" ? `${at}[${p}]` : at === "" ? p : `${at}.${p}`;
    return new PtcError({ kind, message: `${message} at ${at || "the top level"}`, hint });
  }

  /** The step limit of a conversion, said as what it is. */
  tooMany(e: PtcError): PtcError {
    return new PtcError({
      kind: "limit",
      message: `the data is too large to convert: ${e.message}`,
      hint: "the data holds more values than an evaluation may handle; send less, or page through it",
    });
  }

  private size(n: number, what: string): void {
    if (n > this.maxCollection) {
      throw this.error(
        "limit",
        `collection size limit exceeded: ${what} of ${n} items (at most ${this.maxCollection})`,
        "send less data, or page through it",
      );
    }
    this.meter.fuel -= n;
    if (this.meter.fuel < 0) this.meter.refuel();
  }

  read(x: unknown, depth: number): Value {
    if (x === null || x === undefined) return null;
    switch (typeof x) {
      case "boolean":
        return x;
      case "string":
        if (x.length > this.maxString) {
          throw this.error(
            "limit",
            `string size limit exceeded: a string of ${x.length} characters (at most ${this.maxString})`,
          );
        }
        return x;
      case "number":
        if (Number.isSafeInteger(x)) return x === 0 ? 0 : x;
        return Number.isInteger(x) ? new PtcFloat(x) : x;
      case "bigint":
        return Number.isSafeInteger(Number(x)) ? Number(x) : new PtcFloat(Number(x));
      case "function":
        throw this.error("type", "host functions cannot be passed into a program");
      case "symbol":
        throw this.error("type", "JS symbols cannot be passed into a program");
    }
    if (--this.meter.fuel < 0) this.meter.refuel();
    if (depth > MAX_HOST_DEPTH)
      throw this.error("type", `data is nested more than ${MAX_HOST_DEPTH} levels deep (or is circular)`);
    if (x instanceof PtcObject) return x;
    const seen = this.done.get(x);
    if (seen !== undefined) return seen;
    const v = this.readObject(x, depth);
    this.done.set(x, v);
    return v;
  }

  private readObject(x: object, depth: number): Value {
    const path = this.path;
    if (Array.isArray(x)) {
      // Read once: a proxy may answer differently each time it is asked.
      const n: unknown = (x as unknown[]).length;
      if (typeof n !== "number" || !Number.isSafeInteger(n) || n < 0)
        throw this.error("type", "an array without a length");
      this.size(n, "an array");
      const out = new Array<Value>(n);
      path.push(0);
      for (let i = 0; i < n; i++) {
        path[path.length - 1] = i;
        out[i] = this.read((x as unknown[])[i], depth + 1);
      }
      path.pop();
      return new PVector(out, n);
    }
    if (x instanceof Date) return Number.isNaN(x.getTime()) ? null : x.toISOString();
    if (x instanceof Map) {
      this.size(x.size, "a map");
      const b = new MapBuilder();
      for (const [k, v] of x) {
        const key = this.read(k, depth + 1);
        path.push(String(key));
        b.assoc(key, this.read(v, depth + 1));
        path.pop();
      }
      return b.build();
    }
    if (x instanceof Set) {
      this.size(x.size, "a set");
      const b = new SetBuilder();
      for (const v of x) b.add(this.read(v, depth + 1));
      return b.build();
    }
    const keys = Object.keys(x);
    this.size(keys.length, "an object");
    const b = new MapBuilder();
    for (const k of keys) {
      path.push(k);
      let v: unknown;
      try {
        v = (x as Record<string, unknown>)[k];
      } catch (e) {
        throw this.error("type", `a property that cannot be read (${hostMessage(e)})`);
      }
      if (v !== undefined && typeof v !== "function") b.assoc(k, this.read(v, depth + 1));
      path.pop();
    }
    return b.build();
  }
}

/** A map key as a JSON object key. */
function hostKey(cx: Cx | null, k: Value, meter: Meter): string {
  if (typeof k === "string") return k;
  if (k instanceof Keyword) return k.fqn;
  if (k instanceof Sym) return k.fqn;
  if (typeof k === "number" || typeof k === "boolean" || k === null) return String(k);
  return print(cx, k, { readably: true, meter });
}

/** How values go out to the host: key spelling, and which PTC-Lisp values pass as they are. */
interface OutOptions {
  readonly keyFn: (k: string) => string;
  /** Values handed over as they are instead of converted. */
  readonly keep: (v: PtcObject) => boolean;
}

const KEEP_NONE = (): boolean => false;
const SAME_KEY = (k: string): string => k;

/**
 * The walk that turns values into host data. One unit of fuel per value (a value that
 * shares its parts is converted once per reference, so it stops at the step limit), and
 * nesting past MAX_NESTING is a limit error rather than a host stack overflow.
 */
class Out {
  private depth = 0;
  private readonly m: Meter;
  constructor(
    private readonly cx: Cx | null,
    private readonly o: OutOptions,
    meter: Meter | undefined,
  ) {
    this.m = cx ?? meter ?? Budget.of();
  }

  value(v: Value): unknown {
    switch (typeof v) {
      case "number":
      case "string":
      case "boolean":
        return v;
    }
    if (v === null) return null;
    const o = this.o;
    if (o.keep(v)) return v;
    if (v instanceof Keyword) return v.fqn;
    if (v instanceof PtcFloat) return v.value;
    if (--this.m.fuel < 0) this.m.refuel();
    if (v instanceof PMap) {
      this.down();
      const obj: Record<string, unknown> = {};
      v.forEach((k, val) => {
        const key = o.keyFn(hostKey(this.cx, k, this.m));
        // `obj.__proto__ = x` would set the prototype: a key of that name must stay data.
        if (key === "__proto__") {
          Object.defineProperty(obj, key, {
            value: this.value(val),
            enumerable: true,
            writable: true,
            configurable: true,
          });
        } else obj[key] = this.value(val);
      });
      this.depth--;
      return obj;
    }
    if (
      v instanceof PVector ||
      v instanceof PSet ||
      v instanceof ASeq ||
      v instanceof LazySeq ||
      v instanceof EmptyList
    ) {
      this.down();
      let items: readonly Value[];
      if (v instanceof PSet) items = v.itemArray();
      else if (this.cx !== null) items = asArray(this.cx, v);
      else items = realizedArray(v);
      const n = items.length;
      this.m.fuel -= n;
      if (this.m.fuel < 0) this.m.refuel();
      const arr = new Array<unknown>(n);
      for (let i = 0; i < n; i++) arr[i] = this.value(items[i] as Value);
      this.depth--;
      return arr;
    }
    if (v instanceof Char) return v.c;
    if (v instanceof Sym) return v.fqn;
    if (v instanceof PtcFn) return fnLabel(v);
    if (v instanceof Var) return `#'${v.name}`;
    if (v instanceof Regex) return v.source;
    if (v instanceof HostObject) return v.toJson();
    return null;
  }

  private down(): void {
    if (++this.depth > MAX_NESTING) throw nestingError("cannot convert to JSON");
  }
}

/**
 * A value as JSON-compatible host data. Lazy seqs are realized (with the context's
 * limits). Functions become their printed description (`#fn[name [x]]`), never their code.
 * Without a context the walk spends `meter` (a default Budget when none is given).
 */
export function toHost(
  cx: Cx | null,
  v: Value,
  opts: { readonly keyFn?: (k: string) => string; readonly meter?: Meter } = {},
): Json {
  return new Out(cx, { keyFn: opts.keyFn ?? SAME_KEY, keep: KEEP_NONE }, opts.meter).value(v) as Json;
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
      message: `tool/${tool} takes a map of arguments, got ${describe(args)}`,
      hint: `write (tool/${tool} {:name value})`,
    });
  }
  return new Out(cx, { keyFn: (k) => k.replace(/-/g, "_"), keep: (v) => v instanceof PtcFn }, undefined).value(
    args,
  ) as Record<string, unknown>;
}

/**
 * A value as host data for validation against a signature: like toHost (maps become
 * objects, sequences arrays), but floats stay PtcFloat, keywords stay Keyword and
 * functions stay PtcFn, so that `:int` can reject a float `42.0`, `:keyword` can tell a
 * keyword, and `:fn` can accept a closure.
 */
export function toTyped(cx: Cx | null, v: Value, meter?: Meter): unknown {
  return new Out(
    cx,
    {
      keyFn: SAME_KEY,
      keep: (x) => x instanceof PtcFloat || x instanceof Keyword || x instanceof PtcFn,
    },
    meter,
  ).value(v);
}

/** How toJsonSafe walks: what it spends, and how much of a value it keeps. */
export interface JsonSafeOptions {
  /** Spent one unit per value visited (a default Budget when not given). */
  readonly meter?: Meter;
  /**
   * Most characters the value may take as JSON (about): a larger one is replaced by
   * `{"#truncated": "<the first characters of its JSON>", "#size": "<how big it is>"}`.
   */
  readonly maxChars?: number;
  /** How many characters of JSON such a preview keeps (default 2,000). */
  readonly previewChars?: number;
  /**
   * Throw what stopped the walk (a limit, a timeout) instead of answering a marker string:
   * for a value that must be written whole (a run's return).
   */
  readonly strict?: boolean;
}

const PREVIEW_CHARS = 2_000;

/**
 * Host data as something JSON.stringify can always write (a trace event, a Step): the
 * value itself when it is plain JSON already — the common case, checked without copying
 * — or a copy in which PTC-Lisp values are converted (closures become their labels),
 * Dates become ISO strings, functions and undefined are left out, proxies are read once,
 * cycles or nesting deeper than MAX_HOST_DEPTH become a marker string, and a value larger
 * than `maxChars` becomes a preview. Never throws (unless `strict`): a value too large to
 * walk within the meter becomes a marker string saying so.
 */
export function toJsonSafe(x0: unknown, opts: JsonSafeOptions = {}): unknown {
  const w = new JsonWalk(opts);
  let x = x0;
  try {
    // A PTC-Lisp value is made host data once (the walks below then look at plain data).
    if (x instanceof PtcObject) x = w.host(x);
    if (w.plain(x, 0)) return x;
    // Copy the value whole if it fits (it was not plain JSON), else only a preview's worth.
    const over = w.over;
    const preview = Math.min(w.maxChars, opts.previewChars ?? PREVIEW_CHARS);
    w.left = over ? preview : w.maxChars;
    const copy = w.copy(x, 0);
    if (!w.cut) return copy;
    if (!over) {
      // Not plain, and larger than it looked: copy again, a preview's worth.
      w.cut = false;
      w.left = preview;
    }
    let text: string;
    try {
      text = JSON.stringify(over ? copy : w.copy(x, 0)) ?? "null";
    } catch {
      text = "#unprintable";
    }
    return { "#truncated": `${text.slice(0, preview)}…`, "#size": sizeOf(x0) };
  } catch (e) {
    if (opts.strict === true) throw e;
    return `#too-large: ${e instanceof PtcError ? e.message : "the value cannot be walked"}`;
  }
}

/** `10000000 items`, `52428800 characters`: a value's size, said without walking it. */
function sizeOf(x: unknown): string {
  try {
    if (typeof x === "string") return `${x.length} characters`;
    if (Array.isArray(x)) return `${x.length} items`;
    if (x instanceof PVector || x instanceof PSet || x instanceof PMap) return `${x.count} items`;
    if (typeof x === "object" && x !== null) return `${Object.keys(x).length} keys`;
  } catch {
    // A proxy that refuses: the size is not known.
  }
  return "unknown";
}

/** Node's proxy test, where there is one (`util.types.isProxy`). */
const isProxy: (x: object) => boolean = (() => {
  const util = optionalBuiltin("node:util") as { types?: { isProxy?: (x: unknown) => boolean } } | undefined;
  const f = util?.types?.isProxy;
  return f === undefined ? () => false : (x: object) => f(x);
})();

class JsonWalk {
  private readonly meter: Meter;
  readonly maxChars: number;
  /** Characters (about) the copy may still take; set by the caller before copying. */
  left = Infinity;
  /** Whether the copy stopped short of the value (over maxChars). */
  cut = false;
  private chars = 0;
  private readonly path = new Set<object>();

  /** A PTC-Lisp value as host data ("#unprintable" when it cannot be converted). */
  host(x: PtcObject): unknown {
    try {
      return toHost(null, x as Value, { meter: this.meter });
    } catch (e) {
      if ((e instanceof PtcError && e.kind === "timeout") || isStepLimit(e)) throw e;
      return "#unprintable";
    }
  }

  /** Whether the plain check stopped because the value is larger than maxChars. */
  get over(): boolean {
    return this.chars > this.maxChars;
  }

  constructor(opts: JsonSafeOptions) {
    this.meter = opts.meter ?? Budget.of();
    this.maxChars = opts.maxChars ?? Infinity;
  }

  /** Plain JSON within maxChars: arrays and plain objects of strings, finite numbers, booleans, null. */
  plain(x: unknown, depth: number): boolean {
    if (x === null || typeof x === "boolean") {
      this.chars += 5;
      return this.chars <= this.maxChars;
    }
    if (typeof x === "string") {
      this.chars += x.length + 2;
      return this.chars <= this.maxChars;
    }
    if (typeof x === "number") {
      this.chars += 8;
      return Number.isFinite(x) && this.chars <= this.maxChars;
    }
    if (typeof x !== "object" || depth > MAX_HOST_DEPTH || x instanceof PtcObject || isProxy(x) || this.path.has(x))
      return false;
    if (--this.meter.fuel < 0) this.meter.refuel();
    const path = this.path;
    path.add(x);
    try {
      if (Array.isArray(x)) {
        const n = x.length;
        this.meter.fuel -= n;
        if (this.meter.fuel < 0) this.meter.refuel();
        this.chars += n + 2;
        for (let i = 0; i < n; i++) if (!this.plain(x[i], depth + 1)) return false;
        return true;
      }
      const proto: unknown = Object.getPrototypeOf(x);
      if (proto !== Object.prototype && proto !== null) return false;
      const keys = Object.keys(x);
      this.meter.fuel -= keys.length;
      if (this.meter.fuel < 0) this.meter.refuel();
      for (const k of keys) {
        this.chars += k.length + 4;
        if (!this.plain((x as Record<string, unknown>)[k], depth + 1)) return false;
      }
      return true;
    } catch (e) {
      if (e instanceof PtcError) throw e;
      return false; // a getter or a proxy trap that throws
    } finally {
      path.delete(x);
    }
  }

  copy(x: unknown, depth: number): unknown {
    if (x === null || x === undefined) return null;
    switch (typeof x) {
      case "string":
        if (x.length + 2 > this.left) {
          this.cut = true;
          const kept = x.slice(0, Math.max(0, this.left));
          this.left = -1;
          return `${kept}…`;
        }
        this.left -= x.length + 2;
        return x;
      case "boolean":
        this.left -= 5;
        return x;
      case "number":
        this.left -= 8;
        return Number.isFinite(x) ? x : null;
      case "bigint":
        this.left -= 8;
        return Number(x);
      case "function":
      case "symbol":
        return null;
    }
    if (--this.meter.fuel < 0) this.meter.refuel();
    if (x instanceof PtcObject) return this.copy(this.host(x), depth);
    if (x instanceof Date) return Number.isNaN(x.getTime()) ? null : x.toISOString();
    const o = x as object;
    if (this.path.has(o)) return "#circular";
    if (depth > MAX_HOST_DEPTH) return "#too-deep";
    this.path.add(o);
    try {
      if (Array.isArray(o)) {
        const n: unknown = (o as unknown[]).length;
        if (typeof n !== "number") return "#unprintable";
        const out: unknown[] = [];
        this.left -= 2;
        for (let i = 0; i < n; i++) {
          if (this.left < 0) {
            this.cut = true;
            break;
          }
          if (--this.meter.fuel < 0) this.meter.refuel();
          out.push(this.copy((o as unknown[])[i], depth + 1));
          this.left -= 1;
        }
        return out;
      }
      const out: Record<string, unknown> = {};
      this.left -= 2;
      for (const k of Object.keys(o)) {
        if (this.left < 0) {
          this.cut = true;
          break;
        }
        if (--this.meter.fuel < 0) this.meter.refuel();
        const v: unknown = (o as Record<string, unknown>)[k];
        if (v === undefined || typeof v === "function") continue;
        this.left -= k.length + 4;
        Object.defineProperty(out, k, {
          value: this.copy(v, depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    } catch (e) {
      if (e instanceof PtcError) throw e;
      return "#unprintable";
    } finally {
      this.path.delete(o);
    }
  }
}
