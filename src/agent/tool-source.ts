/**
 * Tools that live as long as a run: a source (an MCP server an agent file names) is
 * opened when the run starts — its process started, its tools listed — and closed when
 * the run ends, however it ends. A run's sources open together; their tools join the
 * definition's for that run only.
 */
import { altSpelling } from "../signature/types.js";
import { TOOL_NAME } from "./rules.js";
import type { AgentDefinition, ToolSpec } from "./types.js";
import { programToolNames } from "./program-tools.js";

/** Something that gives tools for the length of one run. */
export interface ToolSource {
  /** How messages name it (`MCP server node server.mjs`). */
  readonly name: string;
  /** Starts it; `signal` aborts when the run is cancelled or runs out of time. */
  open(signal: AbortSignal): Promise<OpenToolSource>;
}

export interface OpenToolSource {
  /** By the names programs call. */
  readonly tools: Readonly<Record<string, ToolSpec>>;
  /** Stops it (a server's process); never throws. */
  close(): Promise<void>;
}

/** A run's definition with its sources' tools added, and how to close them. */
export interface OpenedTools {
  readonly definition: AgentDefinition;
  close(): Promise<void>;
}

/**
 * Opens every source of `def` and adds their tools. Throws (after closing what did open)
 * when a source fails or a tool's name is not callable or is taken — by a tool of the
 * definition, a parameter, or another source's tool.
 */
export async function openToolSources(def: AgentDefinition, signal: AbortSignal): Promise<OpenedTools> {
  const sources = def.toolSources ?? [];
  const settled = await Promise.allSettled(sources.map((s) => s.open(signal)));
  const opened = settled.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  const close = async (): Promise<void> => {
    await Promise.all(opened.map((o) => o.close()));
  };
  const failed = settled.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed !== undefined) {
    await close();
    throw failed.reason instanceof Error ? failed.reason : new Error(String(failed.reason));
  }
  // Who has each name: the definition's tools and parameters first, then each source's.
  const owner = new Map<string, string>();
  for (const name of Object.keys(def.tools)) owner.set(name, "a tool of the agent");
  for (const name of programToolNames(def)) owner.set(name, "a tool ptcc provides (llmQuery, builtinTools)");
  for (const p of def.signature.params) {
    owner.set(p.name, "a parameter of the agent");
    const alt = altSpelling(p.name);
    if (alt !== null) owner.set(alt, "a parameter of the agent");
  }
  const tools: Record<string, ToolSpec> = { ...def.tools };
  for (const [i, source] of opened.entries()) {
    const name = sources[i]!.name;
    for (const [tool, spec] of Object.entries(source.tools)) {
      const problem = !TOOL_NAME.test(tool)
        ? `cannot be called as tool/${tool}`
        : owner.has(tool)
          ? `is also ${owner.get(tool)!}`
          : undefined;
      if (problem !== undefined) {
        await close();
        throw new Error(
          `agent ${def.name}: the tool ${tool} of ${name} ${problem} — give the server a prefix, or leave the tool out with include`,
        );
      }
      owner.set(tool, `a tool of ${name}`);
      tools[tool] = spec;
    }
  }
  // The sources are open now: a `self` child of this run uses their tools as they are.
  return { definition: { ...def, tools, toolSources: [] }, close };
}
