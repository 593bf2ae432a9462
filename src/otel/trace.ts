/**
 * A trace sink that turns ptcc's trace events into OpenTelemetry spans, after the GenAI
 * semantic conventions:
 *
 *   invoke_agent {agent}            one per run (a child agent's under the turn that called it)
 *   └─ turn {n}                     one per turn: the model's reply and the program's run
 *      ├─ chat {model}              the model request
 *      ├─ execute_tool {tool}       each tool call (timed from the event's duration)
 *      └─ invoke_agent {child}      an agent used as a tool
 *
 * Events arrive in the order a run makes them; the sink keeps the open spans of each run
 * in its own closure (never module state), so concurrent runs and parallel children stay
 * apart. Content — prompts, replies, programs, tool arguments and results, inputs and
 * return values — is recorded only with `captureContent`, and firewalled (`_`) fields
 * never: they become `<Firewalled>` before anything is written.
 */
import {
  context as otelContext,
  SpanKind,
  SpanStatusCode,
  trace as otelTraceApi,
  type Attributes,
  type Context,
  type Span,
  type Tracer,
} from "@opentelemetry/api";
import { redactedEvent, type TraceEvent, type TraceSink, type TraceView } from "../agent/trace.js";
import { stripEnvelopes } from "../agent/envelope.js";
import type { LlmUsage } from "../llm/types.js";
import * as A from "./attributes.js";

export interface OtelTraceOptions {
  /**
   * Record content on spans (default false): system instructions and messages, replies,
   * programs and feedback, tool arguments and results, the run's input and return value.
   * Firewalled (`_`) fields are never recorded, with or without it.
   */
  readonly captureContent?: boolean;
  /**
   * Hide every firewalled value the run has seen in recorded content, wherever a program put
   * it (default true: spans leave the process).
   */
  readonly redact?: boolean;
  /** The context top-level runs start under (default: the active context at run start). */
  readonly context?: Context;
}

/** The open spans of one run. */
interface RunSpans {
  readonly agent: string;
  readonly span: Span;
  readonly context: Context;
  turn?: { readonly n: number; readonly span: Span; readonly context: Context };
  chat?: Span;
  /** The system prompt, as the run's first request wrote it (later ones name it by hash). */
  system?: string;
}

/** Span names as the conventions want them: `{operation} {name}`. */
const named = (operation: string, name: string | undefined): string => (name ? `${operation} ${name}` : operation);

/**
 * A trace sink (the `trace` run option) that writes a run as OpenTelemetry spans through
 * `tracer`. Combine it with other sinks with `combineTraces`.
 */
export function otelTrace(tracer: Tracer, options: OtelTraceOptions = {}): TraceSink {
  const capture = options.captureContent === true;
  const runs = new Map<string, RunSpans>();

  const start = (name: string, parent: Context, at: number, kind: SpanKind, attributes: Attributes): Span =>
    tracer.startSpan(name, { kind, startTime: at, attributes }, parent);

  const endTurn = (run: RunSpans, at: number): void => {
    run.chat?.end(at);
    run.chat = undefined;
    run.turn?.span.end(at);
    run.turn = undefined;
  };

  /** The turn span of `n`, started at `at` when it is not open yet. */
  const turnOf = (run: RunSpans, e: TraceEvent & { turn: number }): RunSpans["turn"] & object => {
    if (run.turn?.n === e.turn) return run.turn;
    endTurn(run, e.at);
    const span = start(`turn ${e.turn}`, run.context, e.at, SpanKind.INTERNAL, {
      [A.GEN_AI_AGENT_NAME]: run.agent,
      [A.GEN_AI_CONVERSATION_ID]: e.run,
      [A.PTCC_TURN]: e.turn,
    });
    run.turn = { n: e.turn, span, context: otelTraceApi.setSpan(run.context, span) };
    return run.turn;
  };

  const redact = options.redact !== false;
  return (event: TraceEvent, view?: TraceView): void => {
    // Spans leave the process: they carry the event as models see its values.
    const e = redact ? redactedEvent(event, view) : event;
    if (e.type === "run_start") {
      const parent = e.parent === null ? undefined : runs.get(e.parent);
      const parentContext = parent?.turn?.context ?? parent?.context ?? options.context ?? otelContext.active();
      const span = start(named(A.OPERATION_INVOKE_AGENT, e.agent), parentContext, e.at, SpanKind.INTERNAL, {
        [A.GEN_AI_OPERATION_NAME]: A.OPERATION_INVOKE_AGENT,
        [A.GEN_AI_AGENT_NAME]: e.agent,
        [A.GEN_AI_CONVERSATION_ID]: e.run,
        [A.PTCC_AGENT_DEPTH]: e.depth,
        ...(capture ? { [A.PTCC_RUN_INPUT]: json(e.input) } : {}),
      });
      runs.set(e.run, { agent: e.agent, span, context: otelTraceApi.setSpan(parentContext, span) });
      return;
    }
    const run = runs.get(e.run);
    // An event of a run that started before this sink was attached: nothing to hang it on.
    if (run === undefined) return;
    switch (e.type) {
      case "llm_request": {
        const turn = turnOf(run, e);
        if (e.system !== undefined) run.system = e.system;
        run.chat?.end(e.at);
        run.chat = start(named(A.OPERATION_CHAT, e.model), turn.context, e.at, SpanKind.CLIENT, {
          [A.GEN_AI_OPERATION_NAME]: A.OPERATION_CHAT,
          [A.GEN_AI_CONVERSATION_ID]: e.run,
          ...(e.model !== undefined ? { [A.GEN_AI_REQUEST_MODEL]: e.model } : {}),
          ...(e.provider !== undefined ? { [A.GEN_AI_PROVIDER_NAME]: providerName(e.provider) } : {}),
          ...(capture
            ? {
                [A.GEN_AI_SYSTEM_INSTRUCTIONS]: JSON.stringify([{ type: "text", content: run.system ?? "" }]),
                [A.GEN_AI_INPUT_MESSAGES]: JSON.stringify(
                  e.messages.map((m) => ({ role: m.role, parts: [{ type: "text", content: m.content }] })),
                ),
              }
            : {}),
        });
        return;
      }
      case "llm_response": {
        const chat = run.chat;
        if (chat === undefined) return;
        run.chat = undefined;
        if (e.model !== undefined) chat.setAttribute(A.GEN_AI_RESPONSE_MODEL, e.model);
        if (e.provider !== undefined) chat.setAttribute(A.GEN_AI_PROVIDER_NAME, providerName(e.provider));
        if (e.finishReason !== undefined) chat.setAttribute(A.GEN_AI_RESPONSE_FINISH_REASONS, [e.finishReason]);
        chat.setAttributes(usageAttributes(e.usage));
        if (e.error !== undefined) {
          chat.setAttribute(A.ERROR_TYPE, "llm_error");
          chat.setStatus({ code: SpanStatusCode.ERROR, message: e.error });
        } else if (capture && e.content !== undefined) {
          const message = { role: "assistant", parts: [{ type: "text", content: e.content }] };
          chat.setAttribute(
            A.GEN_AI_OUTPUT_MESSAGES,
            JSON.stringify([e.finishReason !== undefined ? { ...message, finish_reason: e.finishReason } : message]),
          );
        }
        chat.end(e.at);
        return;
      }
      case "program": {
        if (capture && e.program !== null) turnOf(run, e).span.setAttribute(A.PTCC_PROGRAM, e.program);
        return;
      }
      case "compaction": {
        // Before the turn's request: the run's span tells when the conversation was cut short.
        run.span.addEvent(
          "ptcc.compaction",
          {
            "ptcc.compaction.strategy": e.strategy,
            "ptcc.compaction.dropped_turns": [...e.dropped],
            "ptcc.compaction.tokens_before": e.tokensBefore,
            "ptcc.compaction.tokens_after": e.tokensAfter,
          },
          e.at,
        );
        return;
      }
      case "tool_call": {
        const turn = turnOf(run, e);
        const span = start(
          named(A.OPERATION_EXECUTE_TOOL, e.tool),
          turn.context,
          e.at - e.durationMs,
          SpanKind.INTERNAL,
          {
            [A.GEN_AI_OPERATION_NAME]: A.OPERATION_EXECUTE_TOOL,
            [A.GEN_AI_TOOL_NAME]: e.tool,
            [A.GEN_AI_TOOL_TYPE]: "function",
            [A.GEN_AI_CONVERSATION_ID]: e.run,
            ...(capture ? { [A.GEN_AI_TOOL_CALL_ARGUMENTS]: json(e.args) } : {}),
            ...(capture && e.result !== undefined ? { [A.GEN_AI_TOOL_CALL_RESULT]: json(e.result) } : {}),
          },
        );
        if (e.error !== undefined) {
          span.setAttribute(A.ERROR_TYPE, "tool_error");
          // A tool's message may quote its arguments: it is content.
          span.setStatus({ code: SpanStatusCode.ERROR, message: capture ? e.error : "the tool call failed" });
        }
        span.end(e.at);
        return;
      }
      case "result": {
        const turn = turnOf(run, e);
        turn.span.setAttribute(A.PTCC_TURN_OUTCOME, e.outcome);
        if (capture && e.feedback !== "") turn.span.setAttribute(A.PTCC_FEEDBACK, e.feedback);
        if (e.outcome === "error" || e.outcome === "invalid" || e.outcome === "fail") {
          turn.span.setAttribute(A.ERROR_TYPE, e.outcome);
          // The error's own line (the feedback's data envelope may hold output before it).
          const lines = stripEnvelopes(e.feedback)
            .split("\n")
            .map((l) => l.replace(/^;; /, ""));
          const first = lines.find((l) => l.startsWith("Error: ")) ?? lines[0];
          turn.span.setStatus({
            code: SpanStatusCode.ERROR,
            message: capture && first ? first : `the turn ended with outcome ${e.outcome}`,
          });
        }
        endTurn(run, e.at);
        return;
      }
      case "run_end": {
        endTurn(run, e.at);
        run.span.setAttribute(A.PTCC_RUN_TURNS, e.turns);
        if (capture && e.ok) run.span.setAttribute(A.PTCC_RUN_RETURN, json(e.return ?? null));
        if (e.failure !== undefined) {
          run.span.setAttribute(A.ERROR_TYPE, e.failure.kind);
          // The reason of (fail ...) is the program's own text: content.
          const reason = e.failure.kind === "fail" && !capture ? "the program called (fail ...)" : e.failure.reason;
          run.span.setStatus({ code: SpanStatusCode.ERROR, message: `${e.failure.kind}: ${reason}` });
        }
        run.span.end(e.at);
        runs.delete(e.run);
        return;
      }
    }
  };
}

/** Token counts as `gen_ai.usage.*` attributes. */
function usageAttributes(usage: LlmUsage | undefined): Attributes {
  if (usage === undefined) return {};
  const out: Attributes = {};
  if (usage.inputTokens !== undefined) out[A.GEN_AI_USAGE_INPUT_TOKENS] = usage.inputTokens;
  if (usage.outputTokens !== undefined) out[A.GEN_AI_USAGE_OUTPUT_TOKENS] = usage.outputTokens;
  if (usage.cachedInputTokens !== undefined) out[A.GEN_AI_USAGE_CACHE_READ_INPUT_TOKENS] = usage.cachedInputTokens;
  if (usage.cacheWriteInputTokens !== undefined) {
    out[A.GEN_AI_USAGE_CACHE_CREATION_INPUT_TOKENS] = usage.cacheWriteInputTokens;
  }
  return out;
}

/**
 * `gen_ai.provider.name`: the conventions' well-known names are bare (`openai`), while AI
 * SDK provider ids name the API too (`openai.chat`, `openai.responses`): keep the first part.
 */
export function providerName(provider: string): string {
  const dot = provider.indexOf(".");
  return dot > 0 ? provider.slice(0, dot) : provider;
}

/**
 * A value as JSON text for a content attribute, with every firewalled field (a key that
 * starts with `_`, at any depth) replaced by `<Firewalled>`.
 */
export function json(value: unknown): string {
  return JSON.stringify(value, (key, v: unknown) => (key.startsWith("_") ? "<Firewalled>" : v)) ?? "null";
}
