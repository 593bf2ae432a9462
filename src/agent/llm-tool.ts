/**
 * Models inside programs: a tool that is one model call with a typed signature. `llmTool`
 * makes one for `tools` (and agent files' `llm:` tools); `tool/llm-query` (llm-query.ts)
 * makes one per call. Both are single-shot text-mode agents run as agent tools, so every
 * rule of a child run holds for them: the request counts in the run's usage, its trace and
 * its token budget; firewalled values are hidden from the model; cancellation stops it.
 *
 * What sets them apart from other agent tools (loop.ts asks `isModelCall`): their turns are
 * not the parent's turns (a program classifying 200 items must not use up the run's turn
 * budget), they run at any depth (they call no tools), and a model given to them as a
 * function or object is the one they use, whatever model the run was given.
 */
import type { LlmLike } from "../llm/ai-sdk.js";
import { Agent, defineAgent } from "./define.js";
import { DefinitionError } from "./definition-error.js";
import type { AgentInput, AgentOutput, SignatureArg } from "./typed.js";
import { markModelCall } from "./model-call.js";
import type { AgentTool } from "./types.js";

/** What a model call's agent takes besides what is always the same. */
export interface ModelCallOptions {
  readonly name: string;
  readonly prompt: string;
  readonly signature: string;
  readonly description?: string;
  readonly llm?: LlmLike | string;
}

/**
 * One model call as an agent: text mode (the model answers JSON), one turn and one more to
 * repair an answer that does not match the signature, nothing inherited, no tools.
 */
export function modelCallAgent(options: ModelCallOptions): Agent {
  const agent = defineAgent({
    name: options.name,
    prompt: options.prompt,
    signature: options.signature,
    ...(options.description !== undefined ? { description: options.description } : {}),
    ...(options.llm !== undefined ? { llm: options.llm } : {}),
    outputMode: "text",
    maxTurns: 2,
    completion: "explicit",
    maxDepth: 0,
  });
  markModelCall(agent.definition);
  return agent as Agent;
}

/** What `llmTool` takes. */
export interface LlmToolOptions<S extends string> {
  /** The request: a template whose `{{placeholders}}` name the signature's parameters. */
  readonly prompt: string;
  /** `(text :string) -> {label :string}`: what programs pass and what the model must answer. */
  readonly signature: SignatureArg<S>;
  /** One sentence for the prompt of the agent that uses the tool. */
  readonly description: string;
  /** The model; default: the model of the agent whose program calls the tool. */
  readonly llm?: LlmLike | string;
  /** The name in traces and errors. Default `llm-tool`. */
  readonly name?: string;
}

/**
 * A tool that is one model call with a typed signature — a single-shot text-mode agent:
 * `tools: { classify: llmTool({ prompt: "Label this ticket: {{text}}", signature: "(text
 * :string) -> {label :string}", description: "Labels one ticket." }) }` lets a program call
 * `(tool/classify {:text t})`, inside `pmap` too. The answer is validated against the
 * signature; one that does not match is repaired once (the model is told what is wrong),
 * then the call is a tool error. Typed from a literal signature as `defineTool` is.
 */
export function llmTool<const S extends string>(options: LlmToolOptions<S>): AgentTool<AgentInput<S>, AgentOutput<S>> {
  const given = options as unknown as LlmToolOptions<string> | undefined;
  if (typeof given !== "object" || given === null) {
    throw new DefinitionError(undefined, [{ message: "llmTool takes an object of options" }], "llmTool");
  }
  const problems: { message: string; hint?: string }[] = [];
  for (const key of Object.keys(given)) {
    if (!LLM_TOOL_KEYS.includes(key))
      problems.push({ message: `unknown option ${key}`, hint: `the options are ${LLM_TOOL_KEYS.join(", ")}` });
  }
  if (typeof given.description !== "string" || given.description.trim() === "") {
    problems.push({ message: "an llmTool needs a description", hint: "say in one sentence what the tool answers" });
  }
  if (typeof given.signature !== "string")
    problems.push({ message: 'the signature must be a string such as "(text :string) -> {label :string}"' });
  if (problems.length > 0) throw new DefinitionError(given.name, problems, "llmTool");
  const agent = modelCallAgent({
    name: given.name ?? "llm-tool",
    prompt: given.prompt,
    signature: given.signature as string,
    description: given.description,
    ...(given.llm !== undefined ? { llm: given.llm } : {}),
  });
  return { kind: "agent", agent: agent as Agent<AgentInput<S>, AgentOutput<S>>, description: given.description };
}

const LLM_TOOL_KEYS: readonly string[] = ["prompt", "signature", "description", "llm", "name"];
