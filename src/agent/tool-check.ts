/**
 * The static check of tool calls: each program is analyzed whole before anything runs,
 * and each `(tool/name ...)` whose arguments are written out is checked against the
 * tool's signature then, so a call that cannot succeed stops the program before any of
 * its tools fire (a search that already ran, followed by a save with a misspelled key,
 * would otherwise have done half the work):
 *
 *   - an unknown key:             tool/search has no key :limt — did you mean :limit?
 *                                 (unless the signature declares no parameters at all)
 *   - a missing required key:     tool/search needs :query — its parameters are ...
 *   - a literal of the wrong type: tool/search :limit: expected int, got string "ten"
 *   - positional arguments:       tool/search takes a map of arguments, not 2 positional ones
 *
 * Only what is written literally is judged, with the same rules as the call itself
 * (keys match in either spelling, `"5"` coerces to 5 for an :int), so a program this
 * check rejects is one that would have failed at the call. Arguments computed at run
 * time (`(tool/search opts)`, `{:limit n}`) are left to the call.
 */
import type { ToolCatalog } from "../analyzer/analyzer.js";
import { formToValue } from "../analyzer/quote.js";
import { PtcError } from "../diagnostics/error.js";
import type { Span } from "../diagnostics/span.js";
import { closest, didYouMean } from "../diagnostics/suggest.js";
import { formText, type Form } from "../reader/form.js";
import { toHost } from "../runtime/convert.js";
import { deref, primitive, type Field, type Signature } from "../signature/types.js";
import { renderParams, renderSignature } from "../signature/render.js";
import { validateAndCoerce } from "../signature/validate.js";
import { llmIssue } from "./feedback.js";

/** The `detail` of the errors this check raises, so the loop can count them in the trace. */
export const TOOL_CHECK = "tool_check";

/** A catalog over tool signatures (tools without one are not checked). */
export function toolCatalog(signatures: ReadonlyMap<string, Signature>): ToolCatalog {
  return {
    check: (name, args, span) => {
      const sig = signatures.get(name);
      if (sig !== undefined) checkCall(name, sig, args, span);
    },
    describe: (name) => {
      const sig = signatures.get(name);
      return sig === undefined ? undefined : renderSignature(sig);
    },
  };
}

function reject(message: string, span: Span, hint?: string): PtcError {
  return new PtcError({ kind: "analysis", message, span, ...(hint !== undefined ? { hint } : {}) }, TOOL_CHECK);
}

/** A key as the tool gets it: `-` turned into `_`. */
const wire = (name: string): string => name.replace(/-/g, "_");

function paramOf(sig: Signature, key: string): Field | undefined {
  const k = wire(key);
  return sig.params.find((p) => wire(p.name) === k);
}

/** `{:query "lamp" :limit 10}`: the parameters as a map literal, for hints. */
function mapHint(name: string, sig: Signature, values: readonly Form[] = []): string {
  const parts = sig.params.map((p, i) => `:${p.name} ${values[i] !== undefined ? formText(values[i], 30) : "..."}`);
  return `write (tool/${name} {${parts.join(" ")}})`;
}

/** A form with no symbol or call inside: its value is known before the program runs. */
function isLiteral(f: Form): boolean {
  switch (f.kind) {
    case "list":
    case "symbol":
    case "regex":
      return false;
    case "vector":
    case "map":
    case "set":
      return f.items.every(isLiteral);
    default:
      return true;
  }
}

function checkCall(name: string, sig: Signature, args: readonly Form[], span: Span): void {
  const pairs = argPairs(name, sig, args, span);
  if (pairs === null) return;
  const seen = new Set<string>();
  let complete = true;
  for (const [keyForm, valueForm] of pairs) {
    const key = keyForm.kind === "keyword" ? keyForm.name : keyForm.kind === "string" ? keyForm.value : null;
    if (key === null || (keyForm.kind === "keyword" && keyForm.ns !== null)) {
      complete = false;
      continue;
    }
    const param = paramOf(sig, key);
    const shown = keyForm.kind === "keyword" ? `:${key}` : JSON.stringify(key);
    // A signature without parameters (`:int`, the output alone; an agent's default) says
    // nothing about its arguments: an agent used as a tool reads extra keys as data/.
    if (param === undefined && sig.params.length === 0) continue;
    if (param === undefined) {
      const names = sig.params.map((p) => p.name);
      const near = closest(key, names).map((n) => `:${n}`);
      throw reject(
        `tool/${name} has no key ${shown}`,
        keyForm.span,
        didYouMean(near) ??
          (names.length > 0
            ? `its keys are ${names.map((n) => `:${n}`).join(", ")}`
            : `tool/${name} takes no arguments`),
      );
    }
    seen.add(wire(param.name));
    if (isLiteral(valueForm)) checkValue(name, param, valueForm);
  }
  if (!complete) return;
  for (const p of sig.params) {
    if (deref(p.type).optional || seen.has(wire(p.name))) continue;
    throw reject(`tool/${name} needs :${p.name}`, span, `its parameters are (${renderParams(sig)})`);
  }
}

/**
 * The key and value forms of a call's arguments, or null when they are computed (a
 * symbol, a call): `{:a 1}`, `:a 1`, or nothing. Arguments that are none of these are
 * positional, which tools do not take.
 */
function argPairs(name: string, sig: Signature, args: readonly Form[], span: Span): [Form, Form][] | null {
  if (args.length === 0) return [];
  if (args.length === 1) {
    const a = args[0]!;
    if (a.kind === "map") return pairsOf(a.items);
    if (a.kind === "symbol" || a.kind === "list" || a.kind === "nil") return null;
    throw positional(name, sig, args, span);
  }
  if (args.length % 2 === 0 && args.every((a, i) => i % 2 === 1 || a.kind === "keyword" || a.kind === "string")) {
    return pairsOf(args);
  }
  throw positional(name, sig, args, span);
}

function pairsOf(items: readonly Form[]): [Form, Form][] {
  const out: [Form, Form][] = [];
  for (let i = 0; i + 1 < items.length; i += 2) out.push([items[i]!, items[i + 1]!]);
  return out;
}

function positional(name: string, sig: Signature, args: readonly Form[], span: Span): PtcError {
  const n = sig.params.length;
  const count = `${args.length} positional argument${args.length === 1 ? "" : "s"}`;
  return reject(
    args.length <= n
      ? `tool/${name} takes a map of arguments, not ${count}`
      : `tool/${name} takes a map of ${n} argument${n === 1 ? "" : "s"} (${renderParams(sig)}), not ${count}`,
    span,
    mapHint(name, sig, args.length <= n ? args : []),
  );
}

function checkValue(name: string, param: Field, valueForm: Form): void {
  const value = toHost(null, formToValue(valueForm), { keyFn: wire });
  // The parameter alone, validated as the call validates its arguments (with coercion).
  const one: Signature = { params: [param], output: primitive("any") };
  const r = validateAndCoerce(one, { [param.name]: value });
  if (r.ok) return;
  const issue = r.errors[0]!;
  throw reject(`tool/${name} argument ${llmIssue(issue)}`, valueForm.span);
}
