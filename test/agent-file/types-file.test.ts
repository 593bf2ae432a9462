/**
 * `types.ptcc` read as definitions: one per `Name =` line, running over the lines after
 * it; comments and blank lines skipped; positions kept so errors inside a type point
 * into the file.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resolveNamedTypes } from "../../src/agent-file/named-types.js";
import { readTypesFile, spanInDefinition } from "../../src/agent-file/types-file.js";

describe("readTypesFile", () => {
  it("reads one-line and multi-line definitions, skipping comments", () => {
    const text = [
      "# Shapes of the desk.",
      "Priority = :enum[low high]",
      "",
      "Ticket = {",
      "  id :int,",
      "  # the state",
      "  status :enum[open closed]",
      "}",
      "",
    ].join("\n");
    const { definitions, problems } = readTypesFile(text, "agents/types.ptcc");
    expect(problems).toEqual([]);
    expect(definitions.map((d) => [d.name, d.text.replace(/\s+/g, " ").trim()])).toEqual([
      ["Priority", ":enum[low high]"],
      ["Ticket", "{ id :int, status :enum[open closed] }"],
    ]);
    const ticket = definitions[1]!;
    expect(ticket.nameSpan).toMatchObject({ line: 4, column: 1, endColumn: 7 });
    // `status` is on the text's line 4, column 3: line 7 of the file.
    const at = spanInDefinition(ticket, { line: 4, column: 3, endLine: 4, endColumn: 9, offset: 0, end: 0 });
    expect(at).toMatchObject({ line: 7, column: 3, endLine: 7, endColumn: 9 });
    // On the first line, columns count from after `=`.
    const first = spanInDefinition(definitions[0]!, {
      line: 1,
      column: 2,
      endLine: 1,
      endColumn: 6,
      offset: 1,
      end: 5,
    });
    expect(first).toMatchObject({ line: 2, column: 12, endColumn: 16 });
    expect(text.slice(first.offset, first.end)).toBe(":enu");
  });

  it("offsets inside a multi-line definition land on the same characters of the file", () => {
    const text = "Ticket = {\n  id :int,\n  status :strng\n}\n";
    const d = readTypesFile(text, "t.ptcc").definitions[0]!;
    const offset = d.text.indexOf(":strng");
    const line = d.text.slice(0, offset).split("\n").length;
    const column = offset - d.text.lastIndexOf("\n", offset - 1);
    const at = spanInDefinition(d, { line, column, endLine: line, endColumn: column + 6, offset, end: offset + 6 });
    expect(text.slice(at.offset, at.end)).toBe(":strng");
    expect(at).toMatchObject({ line: 3, column: 10 });
  });

  it("reports bad names, empty definitions and stray text, with positions", () => {
    const { problems } = readTypesFile("  stray text\n1Bad = :int\nEmpty =\n", "t.ptcc");
    expect(problems.map((p) => `${p.span.line}:${p.span.column} ${p.message}`)).toEqual([
      "1:3 expected a definition, Name = type",
      '2:1 invalid type name "1Bad"',
      "3:1 the type Empty has no definition after =",
    ]);
  });
});

describe("hostile types files", () => {
  const piece = fc.oneof(
    fc.constantFrom(
      "Ticket = ",
      "A = ",
      "B=",
      "# note\n",
      "\n",
      "  ",
      "{",
      "}",
      "[",
      "]",
      ":A",
      ":B",
      ":Ticket?",
      ":int",
      ":enum[a b]",
      '"x"',
      "|",
      "(",
      ")",
      "?",
      "lower = ",
      "=",
      ":",
    ),
    fc.string({ maxLength: 8 }),
  );
  const text = fc.array(piece, { maxLength: 30 }).map((parts) => parts.join(""));

  it("read and resolved, any text gives definitions and positioned problems, never an exception", () => {
    fc.assert(
      fc.property(text, (t) => {
        const { definitions, problems } = readTypesFile(t, "t.ptcc");
        const resolved = resolveNamedTypes(definitions, new Map());
        for (const p of [...problems, ...resolved.problems]) {
          expect(p.span.line).toBeGreaterThanOrEqual(1);
          expect(p.span.column).toBeGreaterThanOrEqual(1);
        }
        // A name resolves only from a definition of that name.
        for (const name of resolved.types.keys()) expect(definitions.some((d) => d.name === name)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
