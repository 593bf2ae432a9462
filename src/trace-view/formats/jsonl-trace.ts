/**
 * ptcc's own trace: one `TraceEvent` per line (src/agent/trace.ts), as `jsonlTrace` and
 * `ptcc run --trace` write it. A record is an object with a string `type`, a string
 * `run` and a numeric `at`. Events of the known types are checked field by field, so that
 * everything after the reader can trust their shape; a record of another type is a newer
 * writer's event and is kept as unknown, never an error.
 */
import type { TraceEvent } from "../../agent/trace.js";
import { lookup, table } from "../../runtime/table.js";
import type { RecordReading, TraceFormat } from "../format.js";

/** What a field of a known event must hold. */
type FieldKind = "string" | "number" | "boolean" | "string|null" | "array";

/** The fields each known event type needs, beyond `type`, `run` and `at`; other fields are optional. */
const REQUIRED: Readonly<Record<string, Readonly<Record<string, FieldKind>>>> = table<
  Readonly<Record<string, FieldKind>>
>({
  run_start: { agent: "string", parent: "string|null", depth: "number" },
  run_end: { ok: "boolean", turns: "number", durationMs: "number" },
  llm_request: { turn: "number", agent: "string", messages: "array" },
  llm_response: { turn: "number", agent: "string", durationMs: "number" },
  program: { turn: "number", program: "string|null" },
  result: { turn: "number", outcome: "string", feedback: "string", durationMs: "number" },
  tool_call: { turn: "number", tool: "string", durationMs: "number" },
  compaction: {
    turn: "number",
    strategy: "string",
    dropped: "array",
    tokensBefore: "number",
    tokensAfter: "number",
  },
});

/** The optional fields whose kind is checked when present (a wrong one would mislead the view). */
const OPTIONAL: Readonly<Record<string, Readonly<Record<string, FieldKind>>>> = table<
  Readonly<Record<string, FieldKind>>
>({
  llm_response: { content: "string", error: "string", model: "string", provider: "string", finishReason: "string" },
  llm_request: { model: "string", provider: "string", system: "string" },
  result: { result: "string", errorKind: "string" },
  tool_call: { error: "string" },
});

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function holds(v: unknown, kind: FieldKind): boolean {
  switch (kind) {
    case "string":
      return typeof v === "string";
    case "number":
      return typeof v === "number" && Number.isFinite(v);
    case "boolean":
      return typeof v === "boolean";
    case "string|null":
      return v === null || typeof v === "string";
    case "array":
      return Array.isArray(v);
  }
}

/** `a tool_call`, `an llm_request`: the type with its article, as it is read out. */
const an = (type: string): string => `${/^(?:[aeiou]|llm)/i.test(type) ? "an" : "a"} ${type}`;

const ARTICLE = (kind: FieldKind): string =>
  kind === "array" ? "an array" : kind === "string|null" ? "a string or null" : `a ${kind}`;

/** Per known type, each field checked: its name, its kind, and whether it must be there. */
const CHECKS: ReadonlyMap<string, readonly (readonly [string, FieldKind, boolean])[]> = new Map(
  Object.keys(REQUIRED).map((type) => {
    const required = REQUIRED[type]!;
    const optional = lookup(OPTIONAL, type) ?? {};
    return [
      type,
      [
        ...Object.keys(required).map((name) => [name, required[name]!, true] as const),
        ...Object.keys(optional).map((name) => [name, optional[name]!, false] as const),
      ],
    ];
  }),
);

/** Why a record of a known type is not a valid event of that type, or null when it is. */
function problem(type: string, record: Record<string, unknown>): string | null {
  for (const [name, kind, required] of CHECKS.get(type) ?? []) {
    const v = record[name];
    if (v === undefined && !Object.prototype.hasOwnProperty.call(record, name)) {
      if (required) return `${an(type)} event without ${name}`;
      continue;
    }
    if (!holds(v, kind)) return `${an(type)} event whose ${name} is not ${ARTICLE(kind)}`;
  }
  if (type === "run_end" && record["failure"] !== undefined) {
    const f = record["failure"];
    if (!isRecord(f) || typeof f["kind"] !== "string" || typeof f["reason"] !== "string") {
      return "a run_end event whose failure is not {kind, reason}";
    }
  }
  if (type === "result" && record["staticCheck"] !== undefined && record["staticCheck"] !== true) {
    return "a result event whose staticCheck is not true";
  }
  if (type === "llm_request") {
    const bad = (record["messages"] as unknown[]).findIndex(
      (m) => !isRecord(m) || typeof m["role"] !== "string" || typeof m["content"] !== "string",
    );
    if (bad >= 0) return `an llm_request event whose message ${bad + 1} is not {role, content}`;
  }
  if (type === "llm_response" && record["toolCalls"] !== undefined && !Array.isArray(record["toolCalls"])) {
    return "an llm_response event whose toolCalls is not an array";
  }
  if (type === "llm_response" && record["usage"] !== undefined && !isRecord(record["usage"])) {
    return "an llm_response event whose usage is not an object";
  }
  return null;
}

export const jsonlTraceFormat: TraceFormat = {
  name: "a ptcc trace",
  claims: (record) =>
    isRecord(record) &&
    typeof record["type"] === "string" &&
    typeof record["run"] === "string" &&
    typeof record["at"] === "number",
  open:
    () =>
    (record): RecordReading => {
      if (!isRecord(record)) return { kind: "malformed", reason: "not a trace event (not a JSON object)" };
      const type = record["type"];
      if (typeof type !== "string") return { kind: "malformed", reason: "not a trace event (no type)" };
      if (typeof record["run"] !== "string") return { kind: "malformed", reason: `${an(type)} event without run` };
      if (typeof record["at"] !== "number" || !Number.isFinite(record["at"])) {
        return { kind: "malformed", reason: `${an(type)} event without a time (at)` };
      }
      if (!CHECKS.has(type)) {
        const turn = record["turn"];
        return {
          kind: "unknown",
          type,
          run: record["run"],
          ...(typeof turn === "number" && Number.isInteger(turn) ? { turn } : {}),
        };
      }
      const why = problem(type, record);
      if (why !== null) return { kind: "malformed", reason: why };
      return { kind: "events", events: [record as unknown as TraceEvent] };
    },
};
