/**
 * Named types (`:Ticket`) as the signature parser resolves them through its `types` option:
 * `ref` nodes that hold the type they name, followed by every consumer (validation, JSON
 * Schema, TypeScript, rendering), and a positioned error with a suggestion for a name not given.
 */
import { describe, expect, it } from "vitest";
import { SignatureError } from "../../src/signature/errors.js";
import { signatureToJsonSchema } from "../../src/signature/json-schema.js";
import { parseSignature } from "../../src/signature/parse.js";
import { renderSignature } from "../../src/signature/render.js";
import { stripSpans, type NamedTypes } from "../../src/signature/types.js";
import { signatureToTypeScript } from "../../src/signature/typescript.js";
import { validate } from "../../src/signature/validate.js";

const TICKET = parseSignature('{id :int, status :enum[open closed] "the state"}').output;
const types: NamedTypes = new Map([["Ticket", TICKET]]);
const sig = parseSignature("(t :Ticket, more [:Ticket]?) -> :Ticket?", { types });

describe("named types", () => {
  it("that nest several uses each are refused before they expand exponentially (hostile agent files)", () => {
    const nested = new Map([["T0", parseSignature("{x :string}").output]]);
    let refused: unknown;
    for (let i = 1; i <= 18 && refused === undefined; i++) {
      try {
        nested.set(`T${i}`, parseSignature(`{a :T${i - 1}, b :T${i - 1}}`, { types: nested }).output);
      } catch (e) {
        refused = e;
      }
    }
    expect(refused).toBeInstanceOf(SignatureError);
    expect((refused as SignatureError).message).toMatch(/named types are spelled out, more than 10000/);
    // Up to the limit, every use still works.
    expect(validate(parseSignature("(t :T10) -> :int", { types: nested }), { t: null }).ok).toBe(false);
  });

  it("are ref nodes holding the named type", () => {
    expect(stripSpans(sig).params[0]!.type).toEqual({
      kind: "ref",
      name: "Ticket",
      type: stripSpans({ params: [], output: TICKET }).output,
      optional: false,
    });
    expect(sig.output).toMatchObject({ kind: "ref", name: "Ticket", optional: true });
  });

  it("an unknown name is a positioned error with the names that are close", () => {
    expect(() => parseSignature("{a :Tickt}", { types })).toThrow(SignatureError);
    try {
      parseSignature("{a :Tickt}", { types });
    } catch (e) {
      expect((e as SignatureError).format()).toBe(
        "signature error at 1:4: unknown type :Tickt — did you mean :Ticket?",
      );
    }
  });

  it("validate follows them, with the use's ?", () => {
    expect(validate(sig, { id: 1, status: "open" }).ok).toBe(true);
    expect(validate(sig, null).ok).toBe(true);
    expect(
      validate(sig, { t: { id: 1, status: "x" } }, { part: "input" }).errors.map((i) => `${i.path}: ${i.message}`),
    ).toEqual(['t.status: expected one of :open :closed, got string "x"']);
  });

  it("render by name (or spelled out); JSON Schema and TypeScript spell them out unless asked", () => {
    expect(renderSignature(sig)).toBe("(t :Ticket, more [:Ticket]?) -> :Ticket?");
    expect(renderSignature(sig, { namedTypes: "expand" })).toBe(
      '(t {id :int, status :enum[open closed] "the state"}, more [{id :int, status :enum[open closed] "the state"}]?) -> {id :int, status :enum[open closed] "the state"}?',
    );
    expect(signatureToTypeScript(sig).output).toBe('{ id: number; status: "open" | "closed" } | null');
    expect(signatureToTypeScript(sig, { namedTypes: "name" }).input).toBe("{ t: Ticket; more?: Ticket[] | null }");
    expect(signatureToJsonSchema(sig).input).toMatchObject({
      properties: { t: { type: "object", properties: { status: { enum: ["open", "closed"] } } } },
      required: ["t"],
    });
  });
});
