/**
 * A compiled agent file that uses signatures v2 (examples/agents/triage.agent.md: enums,
 * a literal union, refinements, inline descriptions, a discriminated union): its module
 * type-checks (npm run typecheck covers examples/generated), its generated validators
 * agree with the interpreter, and the model's prompt shows the allowed values (golden).
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderPrompt } from "../../src/agent/index.js";
import { validate, validateAndCoerce } from "../../src/signature/validate.js";
import { triage, validateTriageInput, validateTriageOutput } from "../../examples/generated/triage.js";
import { golden } from "../golden.js";

const input = { ticket: { id: 7, title: "Card charged twice", body: "Hello..." }, mode: "fast" } as const;

describe("a compiled agent with signatures v2", () => {
  it("shows the allowed values, bounds and descriptions to the model", () => {
    const p = renderPrompt(triage, input);
    golden(join(__dirname, "golden"), "triage-mission.txt", p.user);
    expect(p.user).toContain('"fast"|"thorough"');
    expect(p.user).toContain("status :enum[open pending closed]");
    expect(p.user).toContain(";;   status: the state the ticket should move to");
    // fieldDescriptions wins (and is the only description of priority)
    expect(p.user).toContain(";;   priority: 1 is the most urgent.");
  });

  it.each<[string, unknown]>([
    ["ok", { status: "open", priority: 1, labels: ["billing"], route: { kind: "reply", text: "Refunded." } }],
    ["bad enum", { status: "done", priority: 1, labels: [], route: { kind: "reply", text: "x" } }],
    ["out of range", { status: "open", priority: 9, labels: [], route: { kind: "reply", text: "x" } }],
    [
      "too many labels",
      { status: "open", priority: 1, labels: ["a", "b", "c", "d", "e", "f"], route: { kind: "reply", text: "x" } },
    ],
    ["wrong member", { status: "open", priority: 1, labels: [], route: { kind: "escalate", text: "x" } }],
    ["bad tag", { status: "open", priority: 1, labels: [], route: { kind: "forward" } }],
  ])("the generated output validator agrees with the interpreter: %s", (_, value) => {
    const a = validateTriageOutput(value);
    const b = validate(triage.definition.signature, value);
    expect(a.ok).toBe(b.ok);
    expect(a.errors).toEqual(b.errors);
  });

  it("the generated input validator coerces as a run does", () => {
    const value = { ticket: { id: "7", title: "x", body: "" }, mode: "thorough" };
    const a = validateTriageInput(value);
    const b = validateAndCoerce(triage.definition.signature, value);
    expect(a).toEqual(b);
    expect(a.ok && a.value.ticket.id).toBe(7);
    expect(validateTriageInput({ ...value, mode: "slow" }).errors.map((i) => i.message)).toEqual([
      'expected "fast" or "thorough", got string "slow"',
    ]);
  });
});
