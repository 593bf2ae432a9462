/**
 * `renderPrompt(agent, input)`: what the model would be sent before its first reply —
 * the system prompt and the first user message, cut into named sections — without
 * calling a model or running anything. `ptcc run --dry-run` prints it with token counts.
 */
import { hostMessage } from "../runtime/convert.js";
import { PtcError } from "../diagnostics/error.js";
import { Session } from "../evaluator/session.js";
import { checkRunInput, dataEntries, missionText } from "./prepare.js";
import { renderRunPrompt, type RenderedPrompt } from "./prompt/render.js";
import { agentLabel } from "./rules.js";
import { toolEntries } from "./tools.js";
import type { AgentLike } from "./types.js";

export type { RenderedPrompt } from "./prompt/render.js";
export type { PromptSection } from "./prompt/system.js";

/**
 * The prompt an agent's run on `input` starts with. Throws a PtcError (kind `type`) when
 * the input does not match the agent's parameters, as a run would fail with `input`.
 */
export function renderPrompt(
  agent: AgentLike,
  input: Readonly<Record<string, unknown>> = {},
  options: { readonly inputDescriptions?: Readonly<Record<string, string>> } = {},
): RenderedPrompt {
  const def = agent.definition;
  const checked = checkRunInput(def, input);
  if (!checked.ok) throw new PtcError({ kind: "type", message: `${agentLabel(def.name)}: ${checked.reason}` });
  let mission: string;
  let session: Session;
  try {
    mission = missionText(def, checked.input);
    // The input as a program would see it, for the data/ samples.
    session = new Session({ context: checked.input, limits: def.limits });
  } catch (e) {
    if (e instanceof PtcError) throw e;
    throw new PtcError({
      kind: "type",
      message: `${agentLabel(def.name)}: ${hostMessage(e)}`,
    });
  }
  return renderRunPrompt(def, mission, {
    data: dataEntries(def, session.inputData(), options.inputDescriptions),
    tools: toolEntries(def),
    vars: [],
    inherited: new Set(),
  });
}
