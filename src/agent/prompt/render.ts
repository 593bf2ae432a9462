/**
 * Everything a run sends before the first reply, in one value: the system prompt and the
 * first user message, each also as named sections (for token counts per section), and
 * the provider tools of the `tool_call` transport.
 */
import type { LlmTool } from "../../llm/types.js";
import { RUN_PROGRAM_TOOL } from "../conversation.js";
import type { AgentDefinition } from "../types.js";
import { joinSections, missionSections } from "./mission.js";
import type { NamespaceView } from "./namespace.js";
import { systemPrompt, systemSections, type PromptSection, type PromptShape } from "./system.js";
import { programToolNames } from "../program-tools.js";
import { toolSignatures } from "../tools.js";
import type { Signature } from "../../signature/types.js";
import { hasEnums } from "../enum-keywords.js";

const enumsOf = new WeakMap<AgentDefinition, boolean>();

function signatureMentionsEnum(sig: Signature): boolean {
  return hasEnums(sig.output) || sig.params.some((p) => hasEnums(p.type));
}

/** Whether the agent's signature or a tool's uses an enum (once per definition). */
function usesEnums(def: AgentDefinition): boolean {
  let v = enumsOf.get(def);
  if (v === undefined) {
    v = signatureMentionsEnum(def.signature) || [...toolSignatures(def).values()].some(signatureMentionsEnum);
    enumsOf.set(def, v);
  }
  return v;
}

/** What a model is sent before its first reply. */
export interface RenderedPrompt {
  /** The system prompt, the same on every request of the run. */
  readonly system: string;
  /** The first user message, the same on every request of the run. */
  readonly user: string;
  /** Both, cut into named sections: `system` and `reference` of the system prompt, then the message's. */
  readonly sections: readonly PromptSection[];
  /** The provider tool of the `tool_call` transport (none for `code_block`). */
  readonly tools: readonly LlmTool[];
}

/** The parts of a definition the system prompt depends on. */
export function shapeOf(def: AgentDefinition): PromptShape {
  return {
    mode: def.outputMode,
    maxTurns: def.maxTurns,
    hasTools: Object.keys(def.tools).length > 0 || programToolNames(def).length > 0,
    hasEnums: usesEnums(def),
    reference: def.reference,
    transport: def.transport,
    formatOptions: def.formatOptions,
  };
}

/** The prompt of a run: the agent's system prompt, and its first message for this mission and view. */
export function renderRunPrompt(def: AgentDefinition, mission: string, view: NamespaceView): RenderedPrompt {
  const shape = shapeOf(def);
  const user = missionSections({
    mission,
    view,
    output: def.signature.output,
    outputDescriptions: def.fieldDescriptions,
    maxTurns: def.maxTurns,
    mode: def.outputMode,
  });
  return {
    system: systemPrompt(shape),
    user: joinSections(user),
    sections: [...systemSections(shape), ...user],
    tools: def.transport === "tool_call" ? [RUN_PROGRAM_TOOL] : [],
  };
}
