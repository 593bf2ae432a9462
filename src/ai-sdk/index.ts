/**
 * `ptcc/ai-sdk`: agent runs for AI SDK user interfaces. A subpath of its own, so that
 * `import "ptcc"` never needs `ai` (an optional peer dependency: install it, 6.x, to use
 * this module's types; at run time the module loads nothing of it).
 *
 *   // app/api/agent/route.ts (Next.js)
 *   return createUIMessageStreamResponse({ stream: toUIMessageStream(agent.stream(input, { llm })) });
 */
export {
  toUIMessageStream,
  type FailureData,
  type ProgramData,
  type PtccDataParts,
  type PtccMessageMetadata,
  type PtccUIMessage,
  type PtccUIMessageChunk,
  type ToUIMessageStreamOptions,
} from "./ui-message-stream.js";
