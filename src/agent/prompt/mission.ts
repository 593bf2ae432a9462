/**
 * The mission message: the first user message of every request, rendered again each
 * turn so that its user/ section lists the definitions made so far.
 *
 *   # Mission          the prompt template filled in with the input
 *   # Namespace        data/, tool/, user/ (namespace.ts)
 *   expected output    the output type with field descriptions, how to finish
 *   quick reference    the few forms every program needs
 */
import { renderType } from "../../signature/render.js";
import type { Field, SigType } from "../../signature/types.js";
import type { OutputMode } from "../types.js";
import { renderNamespace, type NamespaceView } from "./namespace.js";

export interface MissionInput {
  readonly mission: string;
  readonly view: NamespaceView;
  readonly output: SigType;
  /** Descriptions of the output's fields, by name. */
  readonly outputDescriptions: Readonly<Record<string, string>>;
  readonly maxTurns: number;
  readonly mode: OutputMode;
}

/** The fields a description can be given for: those of a map output, or of a list of maps. */
function outputFields(t: SigType): readonly Field[] {
  if (t.kind === "map") return t.fields;
  if (t.kind === "list" && t.of.kind === "map") return t.of.fields;
  return [];
}

function expectedOutput(input: MissionInput): string {
  const lines = [";; === Expected output ===", `;; ${renderType(input.output)}`];
  for (const f of outputFields(input.output)) {
    const d = input.outputDescriptions[f.name];
    if (d !== undefined && d.trim() !== "") lines.push(`;;   ${f.name}: ${d.replace(/\s+/g, " ").trim()}`);
  }
  if (input.mode === "text") {
    lines.push(";; Answer with one JSON value of this type in a ```json block.");
  } else if (input.maxTurns === 1) {
    lines.push(";; This mission has a single turn: the value of your program is the answer.");
  } else {
    lines.push(
      `;; You have ${input.maxTurns} turns. Finish with (return value), or (fail "reason") if it cannot be done.`,
    );
  }
  return lines.join("\n");
}

function quickReference(view: NamespaceView): string {
  const data = view.data.slice(0, 3).map((d) => `data/${d.name}`);
  const lines = [";; === Quick reference ==="];
  lines.push(`;; - Read data:        ${data.length > 0 ? data.join(", ") : "(no input data)"}`);
  const tool = view.tools[0];
  if (tool !== undefined) lines.push(`;; - Call tools:       (tool/${tool.name} {:name value ...})`);
  lines.push(`;; - Define:           (def name value), (defn name "doc" [args] body)`);
  lines.push(`;; - Previous results: *1, *2, *3`);
  lines.push(`;; - Finish:           (return value) or (fail "reason")`);
  return lines.join("\n");
}

export function renderMission(input: MissionInput): string {
  const parts = ["# Mission", input.mission.trim(), "# Namespace", renderNamespace(input.view), expectedOutput(input)];
  if (input.mode === "lisp") parts.push(quickReference(input.view));
  return `${parts.join("\n\n")}\n`;
}

/** Appended to the message before the last turn. */
export function lastTurnNotice(mode: OutputMode): string {
  return mode === "text"
    ? ";; This is your last turn: answer with the JSON value now."
    : ";; This is your last turn: answer with (return value) now.";
}
