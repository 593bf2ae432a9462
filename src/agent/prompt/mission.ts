/**
 * The first user message: rendered once per run and sent unchanged on every turn, so a
 * provider can cache everything up to the newest feedback. What changes later (the
 * definitions of user/) is reported in the feedback of the turn that changed it.
 *
 *   # Mission          the prompt template filled in with the input
 *   # Namespace        data/, tool/, and the functions inherited from a parent agent
 *   expected output    the output type with field descriptions, how to finish
 */
import { renderType } from "../../signature/render.js";
import { deref, field, listOf, mapOf, type Field, type SigType } from "../../signature/types.js";
import type { OutputMode } from "../types.js";
import { renderDataSection, renderToolSection, renderUserSections, type NamespaceView } from "./namespace.js";
import type { PromptSection } from "./system.js";

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
  const d = deref(t);
  if (d.kind === "map") return d.fields;
  const item = d.kind === "list" ? deref(d.of) : undefined;
  if (item?.kind === "map") return item.fields;
  return [];
}

/**
 * The output type with its own fields' descriptions taken out (they get lines of their
 * own below it); descriptions deeper in stay inline.
 */
function withoutFieldDescriptions(t: SigType): SigType {
  const bare = (fs: readonly Field[]): Field[] => fs.map((f) => field(f.name, f.type, f.span));
  // A named output type (`-> :Verdict`) is the type it names here: its fields get the lines.
  const d = deref(t);
  if (d.kind === "map") return mapOf(bare(d.fields), d.optional, d.span);
  const item = d.kind === "list" ? deref(d.of) : undefined;
  if (d.kind === "list" && item?.kind === "map") {
    return listOf(mapOf(bare(item.fields), item.optional), d.optional, d.span, d.bounds);
  }
  return t;
}

function expectedOutput(input: MissionInput): string {
  // Named types spelled out: the model has no other place to learn them.
  const shown = renderType(withoutFieldDescriptions(input.output), { namedTypes: "expand" });
  const lines = [";; === Expected output ===", `;; ${shown}`];
  for (const f of outputFields(input.output)) {
    // fieldDescriptions wins over the description written in the signature.
    const d = input.outputDescriptions[f.name] ?? f.description;
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

/** The sections of the first message, in order. */
export function missionSections(input: MissionInput): PromptSection[] {
  const view = input.view;
  const sections: PromptSection[] = [
    { name: "mission", text: `# Mission\n\n${input.mission.trim()}\n\n# Namespace` },
    { name: "data", text: renderDataSection(view.data) },
  ];
  if (view.tools.length > 0) sections.push({ name: "tools", text: renderToolSection(view.tools) });
  // At the start of a run user/ holds only what a `self` child inherited.
  const user = renderUserSections(view.vars, view.inherited);
  if (user !== null) sections.push({ name: "user", text: user });
  sections.push({ name: "output", text: expectedOutput(input) });
  return sections;
}

/** The first user message. */
export function renderMission(input: MissionInput): string {
  return joinSections(missionSections(input));
}

/** Sections joined as the message holds them. */
export function joinSections(sections: readonly PromptSection[]): string {
  return `${sections.map((s) => s.text).join("\n\n")}\n`;
}

/** Appended to the message before the last turn. */
export function lastTurnNotice(mode: OutputMode): string {
  return mode === "text"
    ? ";; This is your last turn: answer with the JSON value now."
    : ";; This is your last turn: answer with (return value) now.";
}
