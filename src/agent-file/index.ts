/**
 * Agent files (`NAME.agent.md`): YAML front matter with the options, the prompt below.
 *
 *   parse (pure: text → AgentFileSpec, checked, with positions) → load (siblings, tool
 *   modules → defineAgent → Agent)
 */
export {
  parseAgentFile,
  analyzeAgentFile,
  type AgentFileAnalysis,
  agentNameOf,
  AGENT_FILE_EXTENSION,
  AGENT_FILE_KEYS,
  MAX_AGENT_FILE_SIZE,
  MAX_ALIAS_COUNT,
  type AgentFileKey,
  type AgentFileSpec,
  type KeySpans,
  type ModuleRef,
  type ToolEntry,
} from "./parse.js";
export { loadAgentFile, type LoadAgentFileOptions } from "./load.js";
export { AgentFileError, isAgentFileError } from "./error.js";
