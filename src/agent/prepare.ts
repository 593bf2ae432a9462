/**
 * What a run does with its input before the first model call, shared by the loop and by
 * `renderPrompt`: check and coerce the input against the parameters, fill in the mission
 * template, and list the data/ entries the first message shows.
 */
import { getFlex, type PMap } from "../runtime/map.js";
import type { Value } from "../runtime/values.js";
import { tryHostWalk } from "../evaluator/host-walk.js";
import { expandTemplate, type Placeholder } from "../signature/placeholders.js";
import { renderParams } from "../signature/render.js";
import { altSpelling } from "../signature/types.js";
import { llmIssue } from "./feedback.js";
import { checkedInput } from "./host-values.js";
import type { DataEntry } from "./prompt/namespace.js";
import type { AgentDefinition } from "./types.js";

/**
 * The input checked and coerced, with every optional parameter left out present as nil
 * (the prompt lists it as a data/ name); or why it does not match.
 */
export function checkRunInput(
  def: AgentDefinition,
  given: Readonly<Record<string, unknown>>,
): { readonly ok: true; readonly input: Record<string, unknown> } | { readonly ok: false; readonly reason: string } {
  // The caller's data may be anything (huge, shared, a proxy): checked and copied under a budget.
  const checked = checkedInput(def.signature, given, def.limits);
  if (!checked.ok) return { ok: false, reason: `the input cannot be checked: ${checked.error.message}` };
  if (checked.value.errors.length > 0) {
    return {
      ok: false,
      reason: `the input does not match (${renderParams(def.signature)}): ${checked.value.errors.map(llmIssue).join("; ")}`,
    };
  }
  const input: Record<string, unknown> = checked.value.input;
  for (const p of def.signature.params) {
    const alt = altSpelling(p.name);
    if (!Object.hasOwn(input, p.name) && (alt === null || !Object.hasOwn(input, alt))) input[p.name] = null;
  }
  return { ok: true, input };
}

/**
 * The mission: the prompt template filled in with the input. Filling it in writes input
 * values as JSON, a walk too: bounded, under the watchdog. Throws on a template error.
 */
export function missionText(def: AgentDefinition, input: Readonly<Record<string, unknown>>): string {
  // A program reads its input as data/x anyway: in a multi-turn program run, a long value
  // is pointed to, not pasted (a single turn or a text answer has no later turn to read it).
  const point = def.outputMode === "lisp" && def.maxTurns > 1;
  const max = def.formatOptions.inlineMaxChars;
  const render = point
    ? (p: Placeholder, value: unknown, text: string): string =>
        text.length > max ? dataReference(p.path, value) : text
    : undefined;
  const filled = tryHostWalk(() => expandTemplate(def.prompt, input, render), { limits: def.limits });
  if (!filled.ok) throw filled.error;
  return filled.value;
}

/** `` `data/documents` (list of 2,000 maps) ``: where a program finds a value, and its shape. */
export function dataReference(path: readonly string[], value: unknown): string {
  const where =
    path.length === 1
      ? `data/${path[0]}`
      : `(get-in data/${path[0]} [${path
          .slice(1)
          .map((k) => `:${k}`)
          .join(" ")}])`;
  return `\`${where}\` (${shapeOf(value)})`;
}

function shapeOf(v: unknown): string {
  const n = (k: number): string => k.toLocaleString("en-US");
  if (typeof v === "string") return `string of ${n(v.length)} characters`;
  if (Array.isArray(v)) {
    const maps = v.length > 0 && v.every((x) => typeof x === "object" && x !== null && !Array.isArray(x));
    const strings = v.length > 0 && v.every((x) => typeof x === "string");
    return `list of ${n(v.length)} ${maps ? "maps" : strings ? "strings" : "items"}`;
  }
  if (typeof v === "object" && v !== null) return `map of ${n(Object.keys(v).length)} keys`;
  return typeof v;
}

/** The data/ entries: the parameters in signature order, then any other input keys. */
export function dataEntries(
  def: AgentDefinition,
  data: PMap | null,
  inputDescriptions: Readonly<Record<string, string>> = {},
): DataEntry[] {
  // Own keys only: an input key such as `constructor` must not find Object.prototype's.
  const descriptions = new Map(Object.entries({ ...inputDescriptions, ...def.fieldDescriptions }));
  const get = (k: string): Value => (data === null ? null : getFlex(data, k, null));
  const entries: DataEntry[] = [];
  const seen = new Set<string>();
  for (const p of def.signature.params) {
    seen.add(p.name);
    const alt = altSpelling(p.name);
    if (alt !== null) seen.add(alt);
    // fieldDescriptions (and a parent's inputDescriptions) win over the signature's own.
    const d = descriptions.get(p.name) ?? p.description;
    const value = get(p.name) ?? (alt !== null ? get(alt) : null);
    entries.push({ name: p.name, type: p.type, value, ...(d !== undefined ? { description: d } : {}) });
  }
  data?.forEach((k) => {
    if (typeof k !== "string" || seen.has(k)) return;
    const d = descriptions.get(k);
    entries.push({ name: k, type: null, value: get(k), ...(d !== undefined ? { description: d } : {}) });
  });
  return entries;
}
