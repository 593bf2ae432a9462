/**
 * `ptcc/otel`: agent runs as OpenTelemetry spans (GenAI semantic conventions). A subpath
 * of its own, so that `import "ptcc"` never loads `@opentelemetry/api` (an optional peer
 * dependency: install it to use this module).
 *
 *   const step = await agent.run(input, { trace: otelTrace(trace.getTracer("my-app")) });
 */
export { otelTrace, providerName, type OtelTraceOptions } from "./trace.js";
export * from "./attributes.js";
