/**
 * The error of `defineAgent` and `asTool`: every problem of a definition at once, each
 * with its suggestion in the message itself (a hint kept apart is a hint nobody prints):
 *
 *   agent triage: unknown option model — did you mean llm?
 *
 *   agent triage: 2 problems in the definition:
 *     - unknown option model — did you mean llm?
 *     - maxTurns must be an integer of at least 1, got 0
 */
import { PtcError } from "../diagnostics/error.js";

/** One thing wrong with a definition, and what to write instead when there is a suggestion. */
export interface DefinitionProblem {
  readonly message: string;
  readonly hint?: string;
}

export class DefinitionError extends PtcError {
  /** Every problem found, in the order of the checks. */
  readonly problems: readonly DefinitionProblem[];
  /** The agent's name as given; undefined for an unnamed agent. */
  readonly agent: string | undefined;

  /** `caller` names an unnamed agent's messages: `defineAgent: ...`, `asTool: ...`. */
  constructor(agent: string | undefined, problems: readonly DefinitionProblem[], caller = "defineAgent") {
    super({ kind: "definition", message: definitionMessage(agent ?? caller, agent !== undefined, problems) });
    this.name = "DefinitionError";
    this.agent = agent;
    this.problems = problems;
  }
}

/** `agent NAME: ...` for a named agent, `defineAgent: ...` for an unnamed one. */
function definitionMessage(name: string, named: boolean, problems: readonly DefinitionProblem[]): string {
  const who = named ? `agent ${name}` : name;
  const line = (p: DefinitionProblem): string => (p.hint === undefined ? p.message : `${p.message} — ${p.hint}`);
  if (problems.length === 1) return `${who}: ${line(problems[0]!)}`;
  return `${who}: ${problems.length} problems in the definition:\n${problems.map((p) => `  - ${line(p)}`).join("\n")}`;
}
