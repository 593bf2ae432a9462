/**
 * Named types (`Ticket = {id :int}`, used as `:Ticket`) from their definitions: a types
 * file's or an agent file's `types:` key. Definitions may use each other in any order;
 * each is parsed after the ones it names, so a type that names itself, directly or
 * through others, is an error (a cycle), as is a name defined twice, a name that is a
 * built-in type, and every error of the signature parser inside a definition (an unknown
 * name gets its did-you-mean from the parser, among the names known).
 */
import type { Span } from "../diagnostics/span.js";
import { SignatureError } from "../signature/errors.js";
import { parseSignature } from "../signature/parse.js";
import { isPrimitiveName, type NamedTypes, type SigType } from "../signature/types.js";
import {
  MAX_TYPES_FILE_SIZE,
  readTypesFile,
  spanInDefinition,
  TYPE_NAME,
  TYPES_FILE,
  type TypeDefinition,
} from "./types-file.js";

/** A problem of a definition, positioned in the file it is written in. */
export interface NamedTypeProblem {
  readonly file: string;
  readonly message: string;
  readonly span: Span;
  readonly hint?: string;
}

/** Maps a span inside a definition's text to its file (types files and YAML values differ). */
export type PlaceInFile = (d: TypeDefinition, at: Span | undefined) => Span;

/** Where a named type comes from: its definition, for positions and for the generated modules. */
export interface NamedTypeOrigin {
  readonly definition: TypeDefinition;
}

/** How many named types, each naming the next, a type may be reached through. */
export const MAX_TYPE_CHAIN = 1_000;

/**
 * The named types of `definitions` added to `known` (which they may use): every definition
 * that parses, in an order where each comes after those it names. Problems are returned,
 * never thrown; a definition that fails leaves its name out (and the types that name it
 * are not reported again).
 */
export function resolveNamedTypes(
  definitions: readonly TypeDefinition[],
  known: NamedTypes,
  place: PlaceInFile = (d, at) => (at === undefined ? d.nameSpan : spanInDefinition(d, at)),
): { types: Map<string, SigType>; problems: NamedTypeProblem[] } {
  const types = new Map(known);
  const problems: NamedTypeProblem[] = [];
  const byName = new Map<string, TypeDefinition>();
  const problem = (d: TypeDefinition, message: string, span: Span, hint?: string): void => {
    problems.push({ file: d.file, message, span, ...(hint === undefined ? {} : { hint }) });
  };
  for (const d of definitions) {
    if (isPrimitiveName(d.name) || d.name === "enum") {
      problem(d, `${d.name} is a built-in type`, d.nameSpan, "give the type another name (Ticket, OrderLine)");
    } else if (byName.has(d.name) || known.has(d.name)) {
      problem(d, `the type ${d.name} is defined twice`, d.nameSpan, "each type name is defined once");
    } else {
      byName.set(d.name, d);
    }
  }
  const failed = new Set<string>();
  const state = new Map<string, "active" | "done">();
  // One walk's references, read once per definition.
  const refs = new Map<TypeDefinition, ReturnType<typeof referencesOf>>();
  const referencesIn = (d: TypeDefinition): ReturnType<typeof referencesOf> => {
    let r = refs.get(d);
    if (r === undefined) refs.set(d, (r = referencesOf(d.text)));
    return r;
  };
  const visit = (d: TypeDefinition, path: readonly string[]): void => {
    if (state.get(d.name) === "done") return;
    state.set(d.name, "active");
    for (const used of referencesIn(d)) {
      const next = byName.get(used.name);
      if (next === undefined) continue;
      if (state.get(next.name) === "active") {
        // `next` is on the way here (path and d): the cycle runs from it to d and back.
        const at = path.indexOf(next.name);
        const cycle = [...(at < 0 ? [] : path.slice(at)), d.name, next.name];
        problem(
          d,
          `the type ${d.name} refers to itself: ${cycle.join(" → ")}`,
          place(d, used.span),
          "a named type cannot contain itself; use :map or :any where the nesting repeats",
        );
        failed.add(d.name);
        continue;
      }
      if (path.length >= MAX_TYPE_CHAIN) {
        // Each named type may name the next: a chain is followed this far, not to the stack's end.
        problem(
          d,
          `the type ${d.name} is reached through more than ${MAX_TYPE_CHAIN} named types, each naming the next`,
          place(d, used.span),
          "spell a type out where the chain of names gets long",
        );
        failed.add(d.name);
        continue;
      }
      visit(next, [...path, d.name]);
    }
    state.set(d.name, "done");
    if (failed.has(d.name)) return;
    // A definition that names a failed one is not reported again.
    if (referencesIn(d).some((r) => failed.has(r.name))) {
      failed.add(d.name);
      return;
    }
    try {
      const sig = parseSignature(d.text, { types });
      if (sig.params.length > 0 || /^\s*\(/.test(d.text)) {
        problem(d, `the type ${d.name} is a signature, not a type`, d.nameSpan, `write a type: ${d.name} = {id :int}`);
        failed.add(d.name);
        return;
      }
      types.set(d.name, sig.output);
    } catch (e) {
      if (!(e instanceof SignatureError)) throw e;
      problem(d, `bad type ${d.name}: ${e.message}`, place(d, e.span), e.hint);
      failed.add(d.name);
    }
  };
  for (const d of byName.values()) visit(d, []);
  return { types, problems };
}

/**
 * The names a type's text uses (`:Ticket`), with their positions in the text (1-based, as
 * the parser's spans): every keyword that can be a type name, outside string literals.
 */
export function referencesOf(text: string): { name: string; span: Span }[] {
  const out: { name: string; span: Span }[] = [];
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\n") {
      line++;
      lineStart = i + 1;
    } else if (c === '"') {
      for (i++; i < text.length && text[i] !== '"' && text[i] !== "\n"; i++) if (text[i] === "\\") i++;
    } else if (c === ":") {
      // A type name ends before a `?` (`:Ticket?` is an optional Ticket).
      const m = /^[a-zA-Z_][a-zA-Z0-9_]*/.exec(text.slice(i + 1));
      if (m === null) continue;
      const name = m[0];
      const next = text[i + 1 + name.length] ?? "";
      if (TYPE_NAME.test(name) && !/[-!]/.test(next)) {
        const column = i - lineStart + 1;
        out.push({
          name,
          span: {
            line,
            column,
            endLine: line,
            endColumn: column + name.length + 1,
            offset: i,
            end: i + name.length + 1,
          },
        });
      }
      i += name.length;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Shared types: the types.ptcc files above an agent file

/** The named types of one types file, with those of the types files above it. */
export interface SharedTypes {
  /** Every name the file and those above it define. */
  readonly types: NamedTypes;
  /** The types files read, the topmost first (absolute paths). */
  readonly files: readonly string[];
  /** The names each file defines, in order, and where (for the generated `types.ts`). */
  readonly defined: ReadonlyMap<string, readonly { readonly name: string; readonly span: Span }[]>;
}

/** How shared types reach the file system: read a types file (null when there is none). */
export interface SharedTypesHost {
  /** The text of the file, or null when it does not exist. Throws for one that cannot be read. */
  readFile(path: string): string | null;
  /** The file as errors show it. */
  shown(path: string): string;
  /** Whether the search stops at this folder (a project root: it has a package.json). */
  isRoot(dir: string): boolean;
}

/** A problem of a types file: where, and the text, for a code frame. */
export interface SharedTypesProblem extends NamedTypeProblem {
  readonly path: string;
  readonly source: string;
}

/**
 * The named types an agent file in `dir` sees: those of every `types.ptcc` in its folder
 * and the folders above it, up to the project root (the nearest folder with a
 * package.json) — the topmost first, a lower file able to use the names of those above.
 * `cache` (by folder) makes a compile read and resolve each file once; problems are
 * reported once, by the call that reads the file.
 */
export function sharedTypesOf(
  dir: string,
  host: SharedTypesHost,
  cache: Map<string, SharedTypes>,
  problems: SharedTypesProblem[],
  join: (dir: string, name: string) => string,
  parent: (dir: string) => string,
): SharedTypes {
  const cached = cache.get(dir);
  if (cached !== undefined) return cached;
  const up = parent(dir);
  const above: SharedTypes =
    host.isRoot(dir) || up === dir
      ? { types: new Map(), files: [], defined: new Map() }
      : sharedTypesOf(up, host, cache, problems, join, parent);
  const path = join(dir, TYPES_FILE);
  let text: string | null;
  try {
    text = host.readFile(path);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    problems.push({
      path,
      file: host.shown(path),
      source: "",
      message: `cannot read the types file: ${message}`,
      span: { line: 1, column: 1, endLine: 1, endColumn: 1, offset: 0, end: 0 },
    });
    text = null;
  }
  let result = above;
  if (text !== null) {
    const file = host.shown(path);
    const source = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
    if (text.length > MAX_TYPES_FILE_SIZE) {
      problems.push({
        path,
        file,
        source,
        message: `the types file is ${text.length} characters long, more than ${MAX_TYPES_FILE_SIZE}`,
        span: { line: 1, column: 1, endLine: 1, endColumn: 2, offset: 0, end: 1 },
      });
    } else {
      const read = readTypesFile(text, file);
      const resolved = resolveNamedTypes(read.definitions, above.types);
      // In the order of the file, as a reader fixes them.
      const found = [...read.problems.map((q) => ({ ...q, file })), ...resolved.problems];
      for (const p of found.sort((x, y) => x.span.offset - y.span.offset)) problems.push({ ...p, path, source });
      const names = read.definitions
        .filter(
          (d, i, all) =>
            resolved.types.has(d.name) && !above.types.has(d.name) && i === all.findIndex((x) => x.name === d.name),
        )
        .map((d) => ({ name: d.name, span: d.nameSpan }));
      result = {
        types: resolved.types,
        files: [...above.files, path],
        defined: new Map([...above.defined, [path, names]]),
      };
    }
  }
  cache.set(dir, result);
  return result;
}
