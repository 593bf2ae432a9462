/**
 * `types.ptcc`: named signature types shared by the agent files of a folder (and of the
 * folders below it). One definition per entry, a name, `=`, and a signature type, which
 * may run over several lines; `#` starts a comment line:
 *
 *   # The shapes of the support desk.
 *   Priority = :enum[low normal high]
 *   Ticket = {id :int, status :enum[open closed] "the ticket's state", priority :Priority}
 *   Triage = {
 *     ticket :Ticket,
 *     reason :string[1..200]
 *   }
 *
 * A definition starts at the beginning of a line (`Name =`) and runs to the next one.
 * Reading is pure: the positions of each definition's text are kept, so that an error in a
 * type points at its line and column in the file.
 */
import type { Span } from "../diagnostics/span.js";

/** The name of the shared types file in an agents folder. */
export const TYPES_FILE = "types.ptcc";
/** Largest types file accepted (256 KiB). */
export const MAX_TYPES_FILE_SIZE = 256 * 1024;
/**
 * A type name: a capital letter, then letters, digits or `_` — a TypeScript identifier the
 * signature grammar reads after a colon, and never a field name or built-in type (those are
 * lower case).
 */
export const TYPE_NAME = /^[A-Z][A-Za-z0-9_]*$/;

/** One definition of a types file (or of an agent file's `types:` key). */
export interface TypeDefinition {
  readonly name: string;
  /** The type as written; comment lines inside it are blanked (so offsets still hold). */
  readonly text: string;
  /** Where the name is, in its file. */
  readonly nameSpan: Span;
  /** Where the text starts in its file (line and column of its first character). */
  readonly textStart: { readonly line: number; readonly column: number; readonly offset: number };
  /** The file it is written in, as errors show it. */
  readonly file: string;
}

/** A problem of a types file, at a position. */
export interface TypesFileProblem {
  readonly message: string;
  readonly span: Span;
  readonly hint?: string;
}

const START = /^([^\s=#][^\s=]*)[ \t]*=/;

/** The definitions of a types file, and what is wrong with its layout (names, missing `=`). */
export function readTypesFile(
  text: string,
  file: string,
): { definitions: TypeDefinition[]; problems: TypesFileProblem[] } {
  const source = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const lines = source.split("\n");
  const starts: number[] = [];
  let offset = 0;
  for (const l of lines) {
    starts.push(offset);
    offset += l.length + 1;
  }
  const definitions: TypeDefinition[] = [];
  const problems: TypesFileProblem[] = [];
  let current: { name: string; nameSpan: Span; line: number; column: number; body: string[] } | null = null;
  const finish = (): void => {
    if (current === null) return;
    const { name, nameSpan, line, column, body } = current;
    while (body.length > 1 && body[body.length - 1]!.trim() === "") body.pop();
    const text = body.join("\n");
    if (text.trim() === "") {
      problems.push({
        message: `the type ${name} has no definition after =`,
        span: nameSpan,
        hint: `write ${name} = {…}`,
      });
    } else {
      definitions.push({
        name,
        text,
        nameSpan,
        textStart: { line, column, offset: starts[line - 1]! + column - 1 },
        file,
      });
    }
    current = null;
  };
  lines.forEach((l, i) => {
    const line = i + 1;
    if (/^\s*#/.test(l)) {
      // A comment inside a definition keeps its place as blanks.
      current?.body.push(" ".repeat(l.length));
      return;
    }
    const m = START.exec(l);
    if (m !== null) {
      finish();
      const name = m[1]!;
      const nameSpan = lineSpan(line, 1, name.length, starts[i]!);
      if (!TYPE_NAME.test(name)) {
        problems.push({
          message: `invalid type name ${JSON.stringify(name)}`,
          span: nameSpan,
          hint: "a type name starts with a capital letter, then letters, digits or _ (Ticket, OrderLine)",
        });
      }
      const column = m[0].length + 1;
      current = { name, nameSpan, line, column, body: [l.slice(m[0].length)] };
      return;
    }
    if (current !== null) {
      current.body.push(l);
      return;
    }
    if (l.trim() !== "") {
      const column = l.length - l.trimStart().length + 1;
      problems.push({
        message: "expected a definition, Name = type",
        span: lineSpan(line, column, l.trim().length, starts[i]!),
        hint: "start each definition at the beginning of a line: Ticket = {id :int}",
      });
    }
  });
  finish();
  return { definitions, problems };
}

/** A span on one line, `width` characters from `column`; `lineOffset` is the line's offset. */
function lineSpan(line: number, column: number, width: number, lineOffset: number): Span {
  const offset = lineOffset + column - 1;
  return { line, column, endLine: line, endColumn: column + width, offset, end: offset + width };
}

/**
 * A span inside a definition's text (as the signature parser reports it, from 1:1) as a
 * span in the definition's file.
 */
export function spanInDefinition(d: Pick<TypeDefinition, "text" | "textStart">, at: Span): Span {
  const place = (line: number, column: number, offset: number): [number, number, number] =>
    line === 1
      ? [d.textStart.line, d.textStart.column + column - 1, d.textStart.offset + offset]
      : [d.textStart.line + line - 1, column, d.textStart.offset + offset];
  const [l1, c1, o1] = place(at.line, at.column, at.offset);
  const [l2, c2, o2] = place(at.endLine, at.endColumn, at.end);
  return { line: l1, column: c1, endLine: l2, endColumn: c2, offset: o1, end: o2 };
}
