/**
 * Differential-testing harness: runs a PTC-Lisp program through ptcc and through nbb (a
 * ClojureScript interpreter on Node) and compares the printed values structurally.
 *
 * nbb is ClojureScript, so some differences are artefacts of the host, not of ptcc: numbers
 * are JS doubles (`2.0` prints `2`), characters are one-character strings, ratios are floats,
 * hash-set and hash-map iteration order differs from the JVM, arithmetic on nil does not throw,
 * and fns do not check their arity. `canonical` erases the first two; cases must mark the rest.
 */
import { evaluateSync, read, type ErrorKind, type Form } from "../../src/index.js";

export type NbbResult = { ok: true; printed: string; output: string[] } | { ok: false; message: string };
export type PtccResult =
  { ok: true; printed: string; output: string[] } | { ok: false; kind: ErrorKind; message: string };

export type Verdict =
  /** Both succeeded and the canonical printed values (and output lines) agree. */
  | "same"
  /** Both failed. */
  | "both error"
  /** Both succeeded but the values differ. */
  | "value differs"
  /** Both succeeded with the same value, but println/prn output differs. */
  | "output differs"
  | "only ptcc error"
  | "only nbb error";

export interface Comparison {
  readonly program: string;
  readonly ptcc: PtccResult;
  readonly nbb: NbbResult;
  /** Canonical forms of the printed values, when the side succeeded. */
  readonly ptccCanonical: string | null;
  readonly nbbCanonical: string | null;
  readonly verdict: Verdict;
}

// ---------------------------------------------------------------------------------------
// nbb

type LoadString = (code: string) => Promise<unknown>;

interface OracleGlobals {
  __confValue?: unknown;
  __confOut?: string[];
}

const globals = globalThis as typeof globalThis & OracleGlobals;

let loader: Promise<LoadString> | null = null;
let caseCounter = 0;

/** Load nbb once (about 75 ms) and route its printing into a buffer we can read back. */
export function loadNbb(): Promise<LoadString> {
  if (loader === null) {
    loader = (async () => {
      const nbb = await import("nbb");
      globals.__confOut = [];
      await nbb.loadString(
        "(set! *print-fn* (fn [& xs] (.push js/globalThis.__confOut (apply str xs))))\n" +
          "(set! *print-err-fn* (fn [& xs] (.push js/globalThis.__confOut (apply str xs))))\n" +
          "(set! *print-newline* true)",
      );
      return nbb.loadString;
    })();
  }
  return loader;
}

/** Printed output as lines: the text split at newlines, without the empty piece after a final one. */
function outputLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/**
 * Run a program in nbb, in a fresh namespace with clojure.string, clojure.set and
 * clojure.walk aliased as in ptcc, and print the value of its last form with pr-str.
 *
 * The program is loaded as top-level forms (so `def`, `defn` and `declare` behave as at a
 * REPL); the last value is handed back through a JS global and printed by a second load.
 */
export async function nbbEval(program: string): Promise<NbbResult> {
  const loadString = await loadNbb();
  const n = ++caseCounter;
  const header = `(ns conf-case-${n} (:require [clojure.string :as str] [clojure.set :as set] [clojure.walk :as walk]))\n`;
  globals.__confOut = [];
  globals.__confValue = undefined;
  try {
    globals.__confValue = await loadString(header + program);
    const printed = await loadString("(pr-str js/globalThis.__confValue)");
    if (typeof printed !== "string") return { ok: false, message: `pr-str returned ${typeof printed}` };
    return { ok: true, printed, output: outputLines((globals.__confOut ?? []).join("")) };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  } finally {
    globals.__confValue = undefined;
  }
}

// ---------------------------------------------------------------------------------------
// ptcc

export function ptccEval(program: string): PtccResult {
  const r = evaluateSync(program);
  if (r.ok) return { ok: true, printed: r.printed, output: [...r.output] };
  return { ok: false, kind: r.error.kind, message: r.error.format() };
}

// ---------------------------------------------------------------------------------------
// canonical printing

function canonicalNumber(v: number): string {
  if (Number.isNaN(v)) return "##NaN";
  if (v === Infinity) return "##Inf";
  if (v === -Infinity) return "##-Inf";
  return String(v === 0 ? 0 : v);
}

function canonicalForm(f: Form): string {
  switch (f.kind) {
    case "nil":
      return "nil";
    case "boolean":
      return String(f.value);
    case "int":
    case "float":
      return canonicalNumber(f.value);
    case "string":
    case "char":
      return JSON.stringify(f.value);
    case "keyword":
      return `:${f.ns === null ? "" : `${f.ns}/`}${f.name}`;
    case "symbol":
      return `${f.ns === null ? "" : `${f.ns}/`}${f.name}`;
    case "regex":
      return `#"${f.source}"`;
    case "list": {
      // `#'ns/x` reads as (var ns/x): nbb names the case's namespace, ptcc does not.
      const [head, target] = f.items;
      if (
        f.items.length === 2 &&
        head?.kind === "symbol" &&
        head.ns === null &&
        head.name === "var" &&
        target?.kind === "symbol"
      ) {
        return `#'${target.name}`;
      }
      return `(${f.items.map(canonicalForm).join(" ")})`;
    }
    case "vector":
      return `[${f.items.map(canonicalForm).join(" ")}]`;
    case "map": {
      const entries: [string, string][] = [];
      for (let i = 0; i + 1 < f.items.length; i += 2) {
        entries.push([canonicalForm(f.items[i]!), canonicalForm(f.items[i + 1]!)]);
      }
      entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([k, v]) => `${k} ${v}`).join(", ")}}`;
    }
    case "set":
      return `#{${f.items.map(canonicalForm).sort().join(" ")}}`;
  }
}

/**
 * A pr-str string in a form that compares structurally between ptcc and nbb: numbers by
 * value (2 and 2.0 agree), characters as one-character strings, map entries and set items
 * sorted, lists and vectors kept apart. Text the reader cannot read (`#object[...]`, `#fn[...]`)
 * comes back as `#<unreadable TEXT>`.
 */
export function canonical(printed: string): string {
  let forms: readonly Form[];
  try {
    forms = read(printed).forms;
  } catch {
    return `#<unreadable ${printed}>`;
  }
  return forms.map(canonicalForm).join(" ");
}

// ---------------------------------------------------------------------------------------
// comparison

/** Printed output compares line by line, exactly. */
function sameOutput(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((line, i) => line === b[i]);
}

export async function compareWithNbb(program: string, options: { compareOutput?: boolean } = {}): Promise<Comparison> {
  const ptcc = ptccEval(program);
  const nbb = await nbbEval(program);
  const ptccCanonical = ptcc.ok ? canonical(ptcc.printed) : null;
  const nbbCanonical = nbb.ok ? canonical(nbb.printed) : null;
  let verdict: Verdict;
  if (!ptcc.ok && !nbb.ok) verdict = "both error";
  else if (!ptcc.ok) verdict = "only ptcc error";
  else if (!nbb.ok) verdict = "only nbb error";
  else if (ptccCanonical !== nbbCanonical) verdict = "value differs";
  else if ((options.compareOutput ?? true) && !sameOutput(ptcc.output, nbb.output)) verdict = "output differs";
  else verdict = "same";
  return { program, ptcc, nbb, ptccCanonical, nbbCanonical, verdict };
}

/** A multi-line description of a comparison, for assertion messages. */
export function describe(c: Comparison): string {
  const side = (name: string, r: PtccResult | NbbResult, canon: string | null): string =>
    r.ok
      ? `${name}: ${r.printed}\n${" ".repeat(name.length)}  canonical ${canon ?? ""}${r.output.length > 0 ? `\n${" ".repeat(name.length)}  output ${JSON.stringify(r.output)}` : ""}`
      : `${name}: ERROR ${"kind" in r ? `[${r.kind}] ` : ""}${r.message}`;
  return [
    `program: ${c.program}`,
    side("ptcc", c.ptcc, c.ptccCanonical),
    side("nbb ", c.nbb, c.nbbCanonical),
    `verdict: ${c.verdict}`,
  ].join("\n");
}
