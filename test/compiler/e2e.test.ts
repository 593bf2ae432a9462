/**
 * Generated agents at run time: the fixture's ticket-triage agent (a TypeScript tool whose
 * signature was derived, an agent as a tool, firewalled fields) runs with a scripted model
 * and returns a typed result; then the same generated module is bundled by esbuild for the
 * browser platform and run in a context without Node (no fs, no tsx, no agent-file parser:
 * generated modules import only `ptcc`, `ptcc/runtime` and their tool modules).
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scriptedLlm } from "../../src/llm/script.js";
import type { LlmRequest } from "../../src/llm/types.js";
import { bundleForBrowser, runInBrowserContext } from "../browser/helpers.js";
import { golden } from "../golden.js";
import { checkDesk, DESK_TICKET, note, parseTicket, route, triage } from "./fixture/consumer.js";
import { supportDesk } from "./fixture/generated/index.js";

const clj = (code: string): string => `\`\`\`clojure\n${code}\n\`\`\``;

const PROGRAM = clj(`(let [c (tool/classify {:text (:title data/ticket)})
      s (tool/summarize-ticket {:title (:title data/ticket) :body (:body data/ticket)})]
  (return {:category (:category c) :priority 1 :summary (:summary s) :_notes (:_reporter data/ticket)}))`);
const CHILD = clj('(return {:summary "Password reset mails do not arrive."})');

describe("a generated agent", () => {
  it("runs with a scripted model and returns its typed output", async () => {
    expect(await triage([PROGRAM, CHILD])).toEqual({
      category: "other",
      priority: 1,
      summary: "Password reset mails do not arrive.",
      _notes: "ann@example.com",
    });
  });

  it("fails as a step (typed failure) when the model's answer does not fit", async () => {
    const wrong = clj('(return {:category "x"})');
    expect(await triage([wrong, wrong, wrong, wrong])).toMatch(/turns/);
  });

  it("uses the generated validator, with coercion", () => {
    expect(parseTicket({ ticket: { id: "7", title: "t", body: "b", _reporter: "r" } })).toEqual({
      ticket: { id: 7, title: "t", body: "b", _reporter: "r" },
    });
    expect(parseTicket({ ticket: { id: "seven" } })).toBeNull();
  });

  it("an agent without a signature names its model in a registry the run must give", async () => {
    expect(await note(["anything"])).toBe("llm");
  });

  it("bundles for the browser and runs there with a scripted model", async () => {
    const { code, inputs, read } = await bundleForBrowser(`
      import { scriptedLlm } from "ptcc";
      import { ticketTriage } from "./test/compiler/fixture/generated/index.js";
      const ticket = { id: 2, title: "Invoice missing", body: "No invoice for May.", _reporter: "bo@example.com" };
      globalThis.result = ticketTriage
        .run({ ticket }, { llm: scriptedLlm(${JSON.stringify([PROGRAM, CHILD])}) })
        .then((step) => (step.ok ? step.return : step.failure));
    `);
    expect(read).toContain("dist/web/browser.js");
    expect(read).not.toContain("dist/index.js");
    expect(
      inputs.filter((f) => /agent-file\/(load|parse)|node_modules\/(tsx|yaml|ts-morph)|src\/compiler/.test(f)),
    ).toEqual([]);
    // dist/web is prebundled: what tree shaking left out is seen in the code (the agent-file
    // parser, YAML, the compiler's emitter).
    expect(code).not.toMatch(/AgentFileParser|LineCounter|emitAgentModule/);
    expect(await runInBrowserContext(code)).toEqual({
      category: "other",
      priority: 1,
      summary: "Password reset mails do not arrive.",
      _notes: "bo@example.com",
    });
  });
});

describe("a generated agent with enums, unions, refinements, descriptions and named types", () => {
  const ESCALATE = clj(
    '(return {:route {:action "escalate" :team :billing :reason "no invoice in May"} :priority :urgent :confidence 0.75})',
  );

  it("the model's first request shows the allowed values (golden file)", async () => {
    const requests: LlmRequest[] = [];
    const script = scriptedLlm([ESCALATE]);
    const step = await supportDesk.run(
      { ticket: DESK_TICKET, mode: "thorough" },
      {
        llm: async (r) => {
          requests.push(r);
          return script(r);
        },
      },
    );
    expect(step.ok && step.return).toEqual({
      route: { action: "escalate", team: "billing", reason: "no invoice in May" },
      priority: "urgent",
      confidence: 0.75,
    });
    const r = requests[0]!;
    const shown = [`=== system\n${r.system}`, ...r.messages.map((m) => `=== ${m.role}\n${m.content}`)].join("\n");
    golden(join(__dirname, "golden"), "support-desk-request.txt", `${shown}\n`);
    // The values a program may write, in the prompt the model reads.
    const user = r.messages.map((m) => m.content).join("\n");
    expect(user).toContain(":enum[fast slow]");
    expect(user).toContain(":enum[billing tech]");
  });

  it("returns the discriminated union's branch, typed; a value outside the enum is a failed turn", async () => {
    expect(await route([ESCALATE])).toBe("urgent: to billing (no invoice in May)");
    const wrong = clj(
      '(return {:route {:action "escalate" :team :sales :reason "x"} :priority :urgent :confidence 0.5})',
    );
    expect(await route([wrong, wrong, wrong])).toMatch(/turns/);
  });

  it("the generated validator checks enums and refinements", () => {
    expect(checkDesk({ ticket: DESK_TICKET, mode: "fast" })).toBe("fast");
    expect(checkDesk({ ticket: { ...DESK_TICKET, id: 0, status: "done" }, mode: "medium" })).toBe(
      'ticket.id: expected int > 0, got int 0; ticket.status: expected one of :open :pending :closed, got string "done"; mode: expected one of :fast :thorough, got string "medium"',
    );
  });
});
