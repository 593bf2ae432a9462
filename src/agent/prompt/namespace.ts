/**
 * The namespace view of the mission message: what the program can use, as Clojure
 * comments.
 *
 *   ;; === data/ ===
 *   data/orders                   ; [{id :int, total :float}]
 *   ;;   Orders of the quarter.
 *   ;;   sample: [{"id" 1, "total" 12.5} ... (1000 items, showing first 3)]
 *   ;; === tool/ ===
 *   tool/search                   ; (query :string) -> [{id :int}]
 *   ;;   Full-text search.
 *   ;; === user/ (your prelude) ===
 *   (suspicious? [e])             ; "Large equipment expenses."
 *   results                       ; = vector of 12 items, sample: [...]
 *
 * Functions show their parameter lists and docstring only, never their source. Values
 * are samples, shortened, with firewalled (`_`) fields shown as <Firewalled>.
 */
import { print } from "../../runtime/printer.js";
import { typeName } from "../../runtime/type-name.js";
import { PtcFn, Var, type Value } from "../../runtime/values.js";
import { PMap } from "../../runtime/map.js";
import { PSet } from "../../runtime/set.js";
import { PVector } from "../../runtime/vector.js";
import { renderType } from "../../signature/render.js";
import type { SigType } from "../../signature/types.js";
import { inferType } from "./infer-type.js";

/** The width of the name column. */
export const NAME_WIDTH = 30;

const SAMPLE = { readably: true, maxItems: 5, maxChars: 300, maxStringChars: 60, firewall: true } as const;

export interface DataEntry {
  readonly name: string;
  /** The declared type (a signature parameter), or null to infer one from the value. */
  readonly type: SigType | null;
  readonly description?: string;
  readonly value: Value;
}

export interface ToolEntry {
  readonly name: string;
  /** `(query :string) -> [{id :int}]`, firewalled fields left out; null when it has none. */
  readonly signature: string | null;
  readonly description?: string;
}

export interface NamespaceView {
  readonly data: readonly DataEntry[];
  readonly tools: readonly ToolEntry[];
  /** Vars of the user namespace, in definition order. */
  readonly vars: readonly Var[];
  /** Names the agent inherited from its parent (shown in their own section). */
  readonly inherited: ReadonlySet<string>;
}

/** A name padded to the name column, then `; ` and the rest. */
export function entryLine(name: string, rest: string): string {
  return `${name.padEnd(NAME_WIDTH - 1)} ; ${rest}`;
}

/** A value's sample as prompts show it. */
export function sample(v: Value): string {
  return print(null, v, SAMPLE);
}

function descriptionLines(text: string | undefined): string[] {
  if (text === undefined || text.trim() === "") return [];
  return text
    .trim()
    .split(/\r?\n/)
    .map((l) => `;;   ${l.trim()}`);
}

export function renderDataSection(entries: readonly DataEntry[]): string {
  const lines = [";; === data/ ==="];
  if (entries.length === 0) lines.push(";; (no input data)");
  for (const e of entries) {
    const firewalled = e.name.startsWith("_");
    const type = e.type ?? inferType(e.value);
    lines.push(
      entryLine(
        `data/${e.name}`,
        e.value instanceof PtcFn ? fnSummary(e.value) : renderType(type, { namedTypes: "expand" }),
      ),
    );
    lines.push(...descriptionLines(e.description));
    if (!(e.value instanceof PtcFn)) lines.push(`;;   sample: ${firewalled ? "<Firewalled>" : sample(e.value)}`);
  }
  return lines.join("\n");
}

export function renderToolSection(tools: readonly ToolEntry[]): string {
  const lines = [";; === tool/ ==="];
  for (const t of tools) {
    lines.push(entryLine(`tool/${t.name}`, t.signature ?? "(a map of arguments) -> :any"));
    lines.push(...descriptionLines(t.description));
  }
  return lines.join("\n");
}

/** `fn [line] -- Parse a log line`: parameters and docstring, never the body. */
export function fnSummary(f: PtcFn): string {
  const params = f.paramLists();
  const head = `fn ${params.length > 0 ? params.join(" ") : "[...]"}`;
  return f.doc === null ? head : `${head} -- ${oneLine(f.doc)}`;
}

function oneLine(s: string): string {
  const t = s.replace(/\s+/g, " ").trim();
  return t.length > 120 ? `${t.slice(0, 117)}...` : t;
}

function functionLine(v: Var, f: PtcFn): string {
  const params = f.paramLists();
  const head = `(${v.name}${params.length > 0 ? ` ${params.join(" ")}` : ""})`;
  return v.doc === null ? head : entryLine(head, JSON.stringify(oneLine(v.doc)));
}

function valueLine(v: Var): string {
  const x = v.value;
  if (v.name.startsWith("_")) return entryLine(v.name, `= ${typeName(x)}, <Firewalled>`);
  let what = typeName(x);
  if (x instanceof PVector || x instanceof PSet) what += ` of ${x.count} items`;
  else if (x instanceof PMap) what += ` of ${x.count} entries`;
  return entryLine(v.name, `= ${what}, sample: ${sample(x)}`);
}

/** The user/ sections: inherited functions first, then the agent's own definitions. */
export function renderUserSections(vars: readonly Var[], inherited: ReadonlySet<string>): string | null {
  const inh: string[] = [];
  const fns: string[] = [];
  const values: string[] = [];
  for (const v of vars) {
    if (!v.bound) continue;
    const f =
      v.value instanceof PtcFn
        ? v.value
        : v.value instanceof Var && v.value.value instanceof PtcFn
          ? v.value.value
          : null;
    // An inherited name stays in the inherited section even when the child redefines it
    // (the set is fixed when the child starts); a redefinition as a plain value is listed
    // with the child's own values.
    if (inherited.has(v.name) && f !== null) {
      inh.push(functionLine(v, f));
      continue;
    }
    if (f !== null) fns.push(functionLine(v, f));
    else values.push(valueLine(v));
  }
  const parts: string[] = [];
  if (inh.length > 0) parts.push([";; === user/ (inherited) ===", ...inh.sort()].join("\n"));
  if (fns.length + values.length > 0) parts.push([";; === user/ (your prelude) ===", ...fns, ...values].join("\n"));
  return parts.length > 0 ? parts.join("\n\n") : null;
}

/** Most names listed in a `user/ now:` line. */
const NOW_MAX = 60;

/**
 * The user/ namespace on one line, for the feedback of a turn that changed it:
 * `;; user/ now: (defn big? [o]) ; "doc", threshold`. Functions show their parameter
 * lists and docstring, values only their name (the program prints what it wants to see).
 * Inherited functions the agent did not redefine are in its first message, not here.
 * Null when there is nothing to list.
 */
export function renderUserNow(vars: readonly Var[], inherited: ReadonlyMap<string, PtcFn>): string | null {
  const fns: string[] = [];
  const values: string[] = [];
  for (const v of vars) {
    if (!v.bound || inherited.get(v.name) === v.value) continue;
    const f = v.value instanceof PtcFn ? v.value : null;
    if (f === null) {
      values.push(v.name);
      continue;
    }
    const params = f.paramLists();
    const head = `(defn ${v.name}${params.length > 0 ? ` ${params.join(" ")}` : ""})`;
    const doc = v.doc ?? f.doc;
    fns.push(doc === null ? head : `${head} ; ${JSON.stringify(oneLine(doc))}`);
  }
  const all = [...fns, ...values];
  if (all.length === 0) return null;
  const shown = all.slice(0, NOW_MAX);
  const more = all.length > shown.length ? `, ... (${all.length - shown.length} more)` : "";
  return `;; user/ now: ${shown.join(", ")}${more}`;
}

/** The whole namespace view. */
export function renderNamespace(view: NamespaceView): string {
  const parts = [renderDataSection(view.data)];
  if (view.tools.length > 0) parts.push(renderToolSection(view.tools));
  const user = renderUserSections(view.vars, view.inherited);
  if (user !== null) parts.push(user);
  return parts.join("\n\n");
}
