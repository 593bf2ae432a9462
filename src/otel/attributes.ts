/**
 * The attribute names of ptcc's spans. The `gen_ai.*` names are the OpenTelemetry GenAI
 * semantic conventions; they are ptcc's own constants rather than imports from
 * `@opentelemetry/semantic-conventions`, which deprecates them as they move to their own
 * registry. `ptcc.*` names are what the conventions have no name for (turns, programs).
 */

// ── GenAI semantic conventions ──────────────────────────────────────────────
export const GEN_AI_OPERATION_NAME = "gen_ai.operation.name";
export const GEN_AI_PROVIDER_NAME = "gen_ai.provider.name";
export const GEN_AI_AGENT_NAME = "gen_ai.agent.name";
export const GEN_AI_AGENT_DESCRIPTION = "gen_ai.agent.description";
export const GEN_AI_CONVERSATION_ID = "gen_ai.conversation.id";
export const GEN_AI_REQUEST_MODEL = "gen_ai.request.model";
export const GEN_AI_RESPONSE_MODEL = "gen_ai.response.model";
export const GEN_AI_RESPONSE_FINISH_REASONS = "gen_ai.response.finish_reasons";
export const GEN_AI_USAGE_INPUT_TOKENS = "gen_ai.usage.input_tokens";
export const GEN_AI_USAGE_OUTPUT_TOKENS = "gen_ai.usage.output_tokens";
export const GEN_AI_USAGE_CACHE_READ_INPUT_TOKENS = "gen_ai.usage.cache_read.input_tokens";
export const GEN_AI_USAGE_CACHE_CREATION_INPUT_TOKENS = "gen_ai.usage.cache_creation.input_tokens";
export const GEN_AI_TOOL_NAME = "gen_ai.tool.name";
export const GEN_AI_TOOL_TYPE = "gen_ai.tool.type";
/** Content attributes: recorded only with `captureContent`. */
export const GEN_AI_SYSTEM_INSTRUCTIONS = "gen_ai.system_instructions";
export const GEN_AI_INPUT_MESSAGES = "gen_ai.input.messages";
export const GEN_AI_OUTPUT_MESSAGES = "gen_ai.output.messages";
export const GEN_AI_TOOL_CALL_ARGUMENTS = "gen_ai.tool.call.arguments";
export const GEN_AI_TOOL_CALL_RESULT = "gen_ai.tool.call.result";
export const ERROR_TYPE = "error.type";

/** `gen_ai.operation.name` values. */
export const OPERATION_INVOKE_AGENT = "invoke_agent";
export const OPERATION_CHAT = "chat";
export const OPERATION_EXECUTE_TOOL = "execute_tool";

// ── ptcc's own ──────────────────────────────────────────────────────────────
/** 0 for the top-level agent, +1 per agent-as-tool level. */
export const PTCC_AGENT_DEPTH = "ptcc.agent.depth";
/** The turn's number, from 1. */
export const PTCC_TURN = "ptcc.turn";
/** How the turn ended: continue, return, invalid, fail, error. */
export const PTCC_TURN_OUTCOME = "ptcc.turn.outcome";
/** How many turns the run took. */
export const PTCC_RUN_TURNS = "ptcc.run.turns";
/** Content attributes (with `captureContent`): the input, the program, the feedback, the return value. */
export const PTCC_RUN_INPUT = "ptcc.run.input";
export const PTCC_PROGRAM = "ptcc.program";
export const PTCC_FEEDBACK = "ptcc.feedback";
export const PTCC_RUN_RETURN = "ptcc.run.return";
