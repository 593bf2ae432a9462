/**
 * `{{placeholder}}`s in prompt templates: parsing them, checking them against a
 * signature's parameters, and filling them in.
 *
 *   "Find {{query}} for {{user.name}}"  + (query :string, user {name :string})
 *
 * A placeholder is `{{`, a dot-separated path of names, `}}`; whitespace inside the braces
 * is trimmed. Each name starts with a letter and goes on with letters, digits, `-` and
 * `_` (`{{user-name}}`, `{{user.address.city}}`), so firewalled `_` fields can never be
 * named. Anything else (single braces, `}}` alone) is ordinary text, and there is no
 * escape syntax. In a run of more than two `{`, the last two open the placeholder:
 * `{"user": {{{user}}}}` is JSON around `{{user}}`.
 */
import { PtcError } from "../diagnostics/error.js";
import type { Span } from "../diagnostics/span.js";
import { closest, didYouMean } from "../diagnostics/suggest.js";
import { fnLabel } from "../runtime/printer.js";
import { describeValue, isPlainMap, Keyword, PtcFloat, PtcFn } from "../runtime/validation.js";
import { firewallView } from "./firewall.js";
import { parseSignature } from "./parse.js";
import { altSpelling, deref, isFirewalled, mapOf, type Field, type Signature, type SigType } from "./types.js";

/** A well-formed placeholder. */
export interface Placeholder {
  /** The trimmed text between the braces: `user.name`. */
  readonly name: string;
  /** `name` split at the dots: `["user", "name"]`. */
  readonly path: readonly string[];
  /** The whole `{{…}}`, braces included. */
  readonly span: Span;
}

/** A malformed placeholder, or one the signature does not provide. */
export interface PlaceholderIssue {
  readonly message: string;
  readonly span: Span;
  readonly hint?: string;
}

const NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;
/** What an unclosed-placeholder message shows of the text after `{{`. */
const FRAGMENT = /[^\s{}]{0,20}/y;
/** How much of a placeholder's text messages show. */
const MAX_SHOWN = 40;

/**
 * The placeholders of a template, in order, and the malformed ones: `{{123}}`, `{{}}`,
 * `{{user.}}`, an unclosed `{{name`.
 */
export function parsePlaceholders(template: string): { placeholders: Placeholder[]; errors: PlaceholderIssue[] } {
  const placeholders: Placeholder[] = [];
  const errors: PlaceholderIssue[] = [];
  const at = new Positions(template);
  // The first `}}` after the current `{{` (searched for again only once passed), or -1
  // when there is none left: each part of the template is scanned a bounded number of times.
  let close = 0;
  let i = 0;
  for (;;) {
    let open = template.indexOf("{{", i);
    if (open < 0) break;
    while (template.charCodeAt(open + 2) === 0x7b /* { */) open++;
    if (close >= 0 && close < open + 2) close = template.indexOf("}}", open + 2);
    const nextOpen = template.indexOf("{{", open + 2);
    if (close < 0 || (nextOpen >= 0 && nextOpen < close)) {
      FRAGMENT.lastIndex = open + 2;
      const fragment = FRAGMENT.exec(template)![0];
      errors.push({
        message: `unclosed placeholder {{${fragment}`,
        span: at.span(open, open + 2 + fragment.length),
        hint: 'close it with "}}"',
      });
      if (nextOpen < 0) break;
      i = nextOpen;
      continue;
    }
    const span = at.span(open, close + 2);
    const name = template.slice(open + 2, close).trim();
    const problem = checkName(name);
    if (problem === null) placeholders.push({ name, path: name.split("."), span });
    else errors.push({ ...problem, span });
    i = close + 2;
  }
  return { placeholders, errors };
}

/** What is wrong with the text of a placeholder, or null when it is a valid path. */
function checkName(name: string): { message: string; hint?: string } | null {
  if (name === "") return { message: "empty placeholder {{}}", hint: "write a parameter name: {{name}}" };
  const invalid = `invalid placeholder {{${shown(name)}}}`;
  for (const segment of name.split(".")) {
    if (segment === "") {
      return { message: `${invalid}: empty name in the path`, hint: "separate names with single dots: {{user.name}}" };
    }
    if (!/^[A-Za-z]/.test(segment)) {
      return {
        message: `${invalid}: a name starts with a letter`,
        hint: isFirewalled(segment) ? "names starting with _ are firewalled: they never appear in prompts" : undefined,
      };
    }
    if (!NAME.test(segment)) return { message: `${invalid}: a name has only letters, digits, - and _` };
  }
  return null;
}

/** A placeholder's text for a message: one line, cut short. */
function shown(text: string): string {
  const line = text.replace(/\s+/g, " ");
  return line.length > MAX_SHOWN ? `${line.slice(0, MAX_SHOWN)}…` : line;
}

/**
 * Everything wrong with a template for a signature, in template order: the parse errors,
 * placeholders that name no parameter (`unknown placeholder {{usr}}`, with a did-you-mean),
 * and paths that go into a map type `{…}` by a field it does not have, or into a
 * primitive or a list. `:map` and `:any` take any deeper path; an optional type is checked
 * as the type it wraps. Names match with either `-`/`_` spelling.
 */
export function checkPlaceholders(template: string, sig: Signature | string): PlaceholderIssue[] {
  const s = typeof sig === "string" ? parseSignature(sig) : sig;
  const { placeholders, errors } = parsePlaceholders(template);
  const issues = [...errors];
  for (const p of placeholders) {
    const issue = checkPath(p, s.params);
    if (issue !== null) issues.push(issue);
  }
  return issues.sort((a, b) => a.span.offset - b.span.offset);
}

function checkPath(p: Placeholder, params: readonly Field[]): PlaceholderIssue | null {
  const [first, ...rest] = p.path;
  const param = findField(params, first!);
  if (param === undefined) {
    const names = visibleNames(params);
    const near = closest(first!, names).map((n) => `{{${[n, ...rest].join(".")}}}`);
    return {
      message: `unknown placeholder {{${p.name}}}`,
      span: p.span,
      hint:
        didYouMean(near) ??
        (names.length === 0 ? "the signature has no parameters" : `the parameters are: ${names.join(", ")}`),
    };
  }
  let t: SigType = param.type;
  const walked = [param.name];
  for (let i = 1; i < p.path.length; i++) {
    const where = walked.join(".");
    t = deref(t);
    if (t.kind === "union") {
      // A field of any of the maps it may be (the value decides which at run time).
      const maps = t.of.map(deref).filter((m) => m.kind === "map");
      if (maps.length === 0) {
        return {
          message: `invalid placeholder {{${p.name}}}: ${where} is a union of types without fields`,
          span: p.span,
          hint: `only maps have fields: write {{${where}}}`,
        };
      }
      t = mapOf(maps.flatMap((m) => m.fields).filter((f, j, all) => all.findIndex((g) => g.name === f.name) === j));
    }
    if (t.kind === "enum" || t.kind === "literal") {
      return {
        message: `invalid placeholder {{${p.name}}}: ${where} is ${t.kind === "enum" ? "an enum" : "a literal"}`,
        span: p.span,
        hint: `only maps have fields: write {{${where}}}`,
      };
    }
    if (t.kind === "primitive") {
      if (t.name === "map" || t.name === "any") return null;
      return {
        message: `invalid placeholder {{${p.name}}}: ${where} is ${article(t.name)}`,
        span: p.span,
        hint: `only maps have fields: write {{${where}}}`,
      };
    }
    if (t.kind === "list") {
      return {
        message: `invalid placeholder {{${p.name}}}: ${where} is a list`,
        span: p.span,
        hint: `placeholders cannot index lists: write {{${where}}}`,
      };
    }
    const f = findField(t.fields, p.path[i]!);
    if (f === undefined) {
      const names = visibleNames(t.fields);
      const near = closest(p.path[i]!, names).map((n) => `{{${[...walked, n, ...p.path.slice(i + 1)].join(".")}}}`);
      return {
        message: `unknown field ${p.path[i]} of ${i === 1 ? "parameter " : ""}${where}`,
        span: p.span,
        hint:
          didYouMean(near) ??
          (names.length === 0 ? `${where} has no fields` : `the fields of ${where} are: ${names.join(", ")}`),
      };
    }
    walked.push(f.name);
    t = f.type;
  }
  return null;
}

/** The field a name refers to: same spelling first, then the other `-`/`_` spelling. */
function findField(fields: readonly Field[], name: string): Field | undefined {
  return fields.find((f) => f.name === name) ?? fields.find((f) => altSpelling(f.name) === name);
}

/** The names a placeholder can use (firewalled ones cannot appear in prompts). */
function visibleNames(fields: readonly Field[]): string[] {
  return fields.map((f) => f.name).filter((n) => !isFirewalled(n));
}

function article(typeName: string): string {
  return `${/^[aeiou]/.test(typeName) ? "an" : "a"} ${typeName}`;
}

/**
 * Fill in a template: each placeholder becomes the value at its path in `values` (keys
 * match by name or the other `-`/`_` spelling). Strings go in as they are; numbers and
 * booleans via String(); nil at a present key as nothing; keywords by name; lists and maps
 * as compact JSON, with firewalled fields shown as `<Firewalled>`.
 *
 * Throws PtcError: kind `parse` for the first malformed placeholder, `undefined` for a
 * path with no value (`placeholder {{user.name}} has no value`), `type` for a value that
 * cannot be written as JSON (a cycle).
 */
/**
 * How a placeholder's value is written into the text: given the placeholder, its value and
 * the default text, the text to write (an agent shows a long value as a reference to it).
 */
export type PlaceholderRender = (p: Placeholder, value: unknown, text: string) => string;

export function expandTemplate(
  template: string,
  values: Readonly<Record<string, unknown>>,
  render?: PlaceholderRender,
): string {
  const { placeholders, errors } = parsePlaceholders(template);
  const first = errors[0];
  if (first !== undefined)
    throw new PtcError({ kind: "parse", message: first.message, span: first.span, hint: first.hint });
  let out = "";
  let from = 0;
  for (const p of placeholders) {
    const value = lookup(p, values);
    const written = text(p, value);
    out += template.slice(from, p.span.offset) + (render === undefined ? written : render(p, value, written));
    from = p.span.end;
  }
  return out + template.slice(from);
}

function lookup(p: Placeholder, values: Readonly<Record<string, unknown>>): unknown {
  let v: unknown = values;
  for (let i = 0; i < p.path.length; i++) {
    const name = p.path[i]!;
    const noValue = (hint: string | undefined): PtcError =>
      new PtcError({ kind: "undefined", message: `placeholder {{${p.name}}} has no value`, span: p.span, hint });
    if (!isPlainMap(v)) {
      throw noValue(i === 0 ? undefined : `${p.path.slice(0, i).join(".")} is ${describeValue(v)}, not a map`);
    }
    const key = hasOwn(v, name) ? name : altKey(v, name);
    if (key === null) {
      const keys = Object.keys(v).filter((k) => !isFirewalled(k));
      const near = closest(name, keys).map(
        (k) => `{{${[...p.path.slice(0, i), k, ...p.path.slice(i + 1)].join(".")}}}`,
      );
      throw noValue(didYouMean(near));
    }
    v = v[key];
  }
  return v;
}

function altKey(o: Record<string, unknown>, name: string): string | null {
  const alt = altSpelling(name);
  return alt !== null && hasOwn(o, alt) ? alt : null;
}

function hasOwn(o: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, key);
}

/** How a value reads in a prompt. */
function text(p: Placeholder, v: unknown): string {
  if (v === null || v === undefined) return "";
  switch (typeof v) {
    case "string":
      return v;
    case "number":
    case "boolean":
    case "bigint":
      return String(v);
  }
  if (v instanceof PtcFloat) return String(v.value);
  if (v instanceof Keyword) return v.fqn;
  if (v instanceof PtcFn) return fnLabel(v);
  try {
    return JSON.stringify(firewallView(v), jsonValue) ?? "";
  } catch (e) {
    throw new PtcError({
      kind: "type",
      message: `placeholder {{${p.name}}}: the value cannot be written as JSON (${e instanceof Error ? e.message : String(e)})`,
      span: p.span,
    });
  }
}

/** JSON.stringify replacer: runtime values as `toHost` writes them. */
function jsonValue(_key: string, v: unknown): unknown {
  if (v instanceof PtcFloat) return v.value;
  if (v instanceof Keyword) return v.fqn;
  if (v instanceof PtcFn) return fnLabel(v);
  if (typeof v === "bigint") return String(v);
  return v;
}

/** Offsets → 1-based lines and columns. */
class Positions {
  /** The offset each line starts at. */
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) this.starts.push(i + 1);
  }

  span(offset: number, end: number): Span {
    const a = this.position(offset);
    const b = this.position(end);
    return { line: a.line, column: a.column, endLine: b.line, endColumn: b.column, offset, end };
  }

  private position(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.starts[lo]! + 1 };
  }
}
