/**
 * ptcc as an MCP server (`ptcc mcp`): a tool `lisp_eval` that evaluates PTC-Lisp
 * programs, with sessions that keep their `def`s between calls, and one tool per agent
 * (its signature's parameters as the input schema, its return value as structured
 * content), so that an MCP client — a desktop assistant, an IDE — runs ptcc programs and
 * agents.
 *
 * `@modelcontextprotocol/server` is an optional peer dependency, imported when a server
 * is made. The caller of an MCP server is usually a model, so firewalled (`_`) fields
 * are left out of the agents' schemas and results, as they are from prompts.
 */
import { FirewallSecrets, redactJson } from "../agent/secrets.js";
import type { Agent } from "../agent/define.js";
import type { RunOptions, Step } from "../agent/types.js";
import { Session } from "../evaluator/session.js";
import { isRecord } from "../llm/wire.js";
import { toHost } from "../runtime/convert.js";
import type { Limits } from "../runtime/limits.js";
import { signatureToJsonSchema, type JsonSchema } from "../signature/json-schema.js";
import { deref } from "../signature/types.js";
import { McpError } from "./error.js";

type ServerSdk = typeof import("@modelcontextprotocol/server");
type McpServerInstance = InstanceType<ServerSdk["McpServer"]>;

export interface PtccMcpOptions {
  /** The agents served as tools, by their names. */
  readonly agents: readonly Agent[];
  /** Run options of every agent run (the model, the LLM registry). */
  readonly run?: Pick<RunOptions, "llm" | "llmRegistry">;
  /** Limits of `lisp_eval` programs (those of `ptcc eval`). */
  readonly limits: Partial<Limits>;
  /** Sessions kept at most; the least recently used one is dropped beyond (default 64). */
  readonly maxSessions?: number;
}

export interface PtccMcp {
  /** The names of the tools served. */
  readonly tools: readonly string[];
  /** A server with the tools registered; for HTTP, one per request shares the sessions. */
  newServer(): McpServerInstance;
}

/** MCP tool names: 1 to 128 of these characters. */
const MCP_TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;
export const LISP_EVAL = "lisp_eval";
const MAX_SESSION_ID = 200;

const LISP_EVAL_DESCRIPTION = [
  "Evaluate a PTC-Lisp program — a sandboxed subset of Clojure (clojure.core, clojure.string,",
  "clojure.set, regular expressions, common Java methods) — and return its printed value",
  "(pr-str) and its value as JSON. Pass the same session id to keep def and defn between calls;",
  "context is a JSON object the program reads as data/NAME (for a new session).",
].join(" ");

const LISP_EVAL_INPUT: JsonSchema = {
  type: "object",
  properties: {
    program: { type: "string", description: "The program, e.g. (->> data/xs (map inc) (reduce +))" },
    session: { type: "string", description: "A session id of your choosing; definitions persist in it" },
    context: { type: "object", description: "Input data, read as data/NAME" },
  },
  required: ["program"],
};

const LISP_EVAL_OUTPUT: JsonSchema = {
  type: "object",
  properties: {
    printed: { type: "string", description: "The value in pr-str notation" },
    value: { description: "The value as JSON" },
    output: { type: "array", items: { type: "string" }, description: "println output" },
  },
  required: ["printed", "output"],
};

/** Builds the server's tools. Throws McpError for agent names MCP cannot carry or that repeat. */
export async function ptccMcpServer(options: PtccMcpOptions): Promise<PtccMcp> {
  const sdk = await importServerSdk();
  const names = new Set<string>([LISP_EVAL]);
  for (const agent of options.agents) {
    if (!MCP_TOOL_NAME.test(agent.name)) {
      throw new McpError(
        `the agent name ${JSON.stringify(agent.name)} is not an MCP tool name`,
        "use letters, digits, _, - and .",
      );
    }
    if (names.has(agent.name))
      throw new McpError(`two agents are named ${agent.name}`, "rename one of them (name: in its file)");
    names.add(agent.name);
  }
  const sessions = new SessionStore(options.maxSessions ?? 64, options.limits);
  return {
    tools: [...names],
    newServer: () => {
      const server = new sdk.McpServer({ name: "ptcc", version: "0.1.0" });
      registerLispEval(server, sessions);
      for (const agent of options.agents) registerAgent(server, agent, options.run ?? {});
      return server;
    },
  };
}

// ---------------------------------------------------------------------------
// lisp_eval

/** Sessions by id, least recently used first; each evaluates one program at a time. */
class SessionStore {
  private readonly sessions = new Map<string, { session: Session; last: Promise<unknown> }>();

  constructor(
    private readonly max: number,
    private readonly limits: Partial<Limits>,
  ) {}

  /** Evaluates in the session `id` (made with `context` when new), or in a fresh one. */
  async evaluate(program: string, id: string | undefined, context: Record<string, unknown> | undefined) {
    if (id === undefined) return new Session({ context: context ?? null, limits: this.limits }).evaluate(program);
    let entry = this.sessions.get(id);
    if (entry !== undefined) {
      if (context !== undefined) throw new Error(`the session ${id} exists: its context was given when it began`);
      this.sessions.delete(id);
    } else {
      entry = { session: new Session({ context: context ?? null, limits: this.limits }), last: Promise.resolve() };
      if (this.sessions.size >= this.max) this.sessions.delete(this.sessions.keys().next().value!);
    }
    this.sessions.set(id, entry);
    const session = entry.session;
    // One program at a time per session: a second call waits for the first.
    const result = entry.last.then(() => session.evaluate(program));
    entry.last = result.catch(() => undefined);
    return result;
  }
}

function registerLispEval(server: McpServerInstance, sessions: SessionStore): void {
  server.registerTool(
    LISP_EVAL,
    {
      description: LISP_EVAL_DESCRIPTION,
      inputSchema: standardSchema(LISP_EVAL_INPUT, checkLispEvalArgs),
      outputSchema: standardSchema(LISP_EVAL_OUTPUT),
    },
    async (args: unknown) => {
      const a = args as { program: string; session?: string; context?: Record<string, unknown> };
      let r;
      try {
        r = await sessions.evaluate(a.program, a.session, a.context);
      } catch (error) {
        return errorResult(error instanceof Error ? error.message : String(error));
      }
      if (!r.ok) {
        const output = r.output.length > 0 ? `${r.output.join("\n")}\n` : "";
        return errorResult(`${output}error[${r.error.kind}]: ${r.error.format()}`);
      }
      const structured = { printed: r.printed, value: toHost(null, r.value), output: [...r.output] };
      return { content: [{ type: "text" as const, text: r.printed }], structuredContent: structured };
    },
  );
}

function checkLispEvalArgs(v: Record<string, unknown>): string | undefined {
  if (typeof v["program"] !== "string") return "program: expected a string";
  const session = v["session"];
  if (session !== undefined && (typeof session !== "string" || session === "" || session.length > MAX_SESSION_ID)) {
    return `session: expected a string of 1 to ${MAX_SESSION_ID} characters`;
  }
  if (v["context"] !== undefined && !isRecord(v["context"])) return "context: expected a JSON object";
  return undefined;
}

// ---------------------------------------------------------------------------
// Agents

function registerAgent(server: McpServerInstance, agent: Agent, run: Pick<RunOptions, "llm" | "llmRegistry">): void {
  const def = agent.definition;
  const schemas = signatureToJsonSchema(def.signature, { hideFirewalled: true });
  const input = withDescriptions(schemas.input, def.fieldDescriptions);
  // structuredContent is an object: a return value of another type comes as {result: ...}.
  const wrapped = deref(def.signature.output).kind !== "map";
  const output: JsonSchema = wrapped
    ? { type: "object", properties: { result: stripDialect(schemas.output) }, required: ["result"] }
    : schemas.output;
  server.registerTool(
    def.name,
    {
      description: def.description ?? `Run the agent ${def.name}: ${def.prompt.split("\n")[0]!.slice(0, 200)}`,
      inputSchema: standardSchema(input),
      outputSchema: standardSchema(output),
    },
    async (args: unknown, ctx: { mcpReq: { signal: AbortSignal } }) => {
      const step = await agent.run(args as Record<string, unknown>, { ...run, signal: ctx.mcpReq.signal });
      return agentResult(agent, step);
    },
  );
}

/**
 * The MCP result of an agent's run. An MCP client is usually a model: what it gets keeps
 * the firewall of a model-bound text — no `_` fields, and no firewalled value the run saw,
 * wherever it ended up.
 */
export function agentResult(
  agent: Agent,
  step: Step,
):
  | ReturnType<typeof errorResult>
  | { content: { type: "text"; text: string }[]; structuredContent: Record<string, unknown> } {
  const def = agent.definition;
  const secrets = secretsOf(step);
  if (!step.ok) {
    const f = step.failure;
    return errorResult(
      secrets.redact(`agent ${def.name} failed (${f?.kind ?? "unknown"}): ${f?.reason ?? "no reason given"}`),
    );
  }
  const value = redactJson(hideFirewalled(step.return ?? null), secrets);
  const structured =
    deref(def.signature.output).kind !== "map" ? { result: value } : (value as Record<string, unknown>);
  return { content: [{ type: "text" as const, text: JSON.stringify(value) }], structuredContent: structured };
}

/** The field descriptions of an agent on its input schema's properties. */
function withDescriptions(schema: JsonSchema, descriptions: Readonly<Record<string, string>>): JsonSchema {
  const props = schema["properties"];
  if (!isRecord(props)) return schema;
  const out: Record<string, unknown> = {};
  for (const [name, p] of Object.entries(props)) {
    const d = descriptions[name];
    out[name] = d !== undefined && isRecord(p) ? { ...p, description: d } : p;
  }
  return { ...schema, properties: out };
}

function stripDialect(schema: JsonSchema): JsonSchema {
  const { $schema: _, ...rest } = schema as Record<string, unknown>;
  return rest as JsonSchema;
}

/** The firewalled values a run saw — its input, its tools' answers, its children's returns — from its trace. */
function secretsOf(step: Step): FirewallSecrets {
  const secrets = new FirewallSecrets();
  for (const e of step.trace) {
    if (e.type === "run_start") secrets.collect(e.input);
    else if (e.type === "tool_call" && e.result !== undefined) secrets.collect(e.result);
    else if (e.type === "run_end" && e.ok) secrets.collect(e.return);
  }
  return secrets;
}

/** `_` fields out, at every depth: an MCP client is usually a model. */
function hideFirewalled(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (key, v: unknown) => (key.startsWith("_") ? undefined : v)) ?? "null");
}

function errorResult(text: string) {
  return { isError: true, content: [{ type: "text" as const, text }] };
}

// ---------------------------------------------------------------------------
// Schemas for the SDK: Standard Schema with JSON Schema, checked by ptcc

/**
 * A Standard Schema over a JSON Schema, as `registerTool` takes it. Arguments are checked
 * to be an object (and by `check`, when given); an agent's run checks its input against
 * the signature itself, with ptcc's coercion and messages.
 */
function standardSchema(json: JsonSchema, check?: (value: Record<string, unknown>) => string | undefined) {
  return {
    "~standard": {
      version: 1 as const,
      vendor: "ptcc",
      validate: (value: unknown) => {
        const v = value ?? {};
        if (!isRecord(v)) return { issues: [{ message: "expected an object of arguments" }] };
        const problem = check?.(v);
        return problem === undefined ? { value: v } : { issues: [{ message: problem }] };
      },
      jsonSchema: { input: () => json as Record<string, unknown>, output: () => json as Record<string, unknown> },
    },
  };
}

async function importServerSdk(): Promise<ServerSdk> {
  try {
    return await import("@modelcontextprotocol/server");
  } catch (error) {
    const code = isRecord(error) ? error["code"] : undefined;
    if (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") {
      throw new McpError(
        "ptcc mcp needs the optional package @modelcontextprotocol/server (v2)",
        "npm install @modelcontextprotocol/server",
      );
    }
    throw error;
  }
}

// ---------------------------------------------------------------------------
// Serving over Streamable HTTP

export interface HttpServeOptions {
  /** 0 picks a free port. */
  readonly port: number;
  /** The bearer token every request must carry. */
  readonly token: string;
  /** Default 127.0.0.1: the server runs programs and agents, so it is not for the network. */
  readonly host?: string;
}

/** Serves `mcp` at `http://HOST:PORT/mcp`; resolves once listening. */
export async function listenHttp(
  mcp: PtccMcp,
  options: HttpServeOptions,
): Promise<{ readonly url: string; close(): Promise<void> }> {
  const sdk = await importServerSdk();
  const { createServer } = await import("node:http");
  const { nodeHandler } = await import("./node-http.js");
  const handler = sdk.createMcpHandler(() => mcp.newServer());
  const server = createServer(nodeHandler((request) => handler.fetch(request), { token: options.token }));
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : options.port;
  return {
    url: `http://${host}:${port}/mcp`,
    close: async () => {
      server.closeAllConnections();
      await handler.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Serves `mcp` over stdin/stdout until stdin ends. */
export async function serveStdio(mcp: PtccMcp): Promise<{ readonly closed: Promise<void> }> {
  const { StdioServerTransport } = await import("@modelcontextprotocol/server/stdio");
  const server = mcp.newServer();
  const closed = new Promise<void>((resolve) => {
    process.stdin.once("end", resolve);
    process.stdin.once("close", resolve);
  });
  await server.connect(new StdioServerTransport());
  return { closed: closed.then(() => server.close()) };
}
