/**
 * Loading an agent file into a runnable Agent:
 *
 *   read (size-capped) → parseAgentFile → tools: self | sibling agent file (loaded the
 *   same way, cycles reported) | function from a module (tsx for TypeScript) → defineAgent
 *
 * Everything that can go wrong is an AgentFileError naming the file and, where the cause
 * was written, its line and column: a missing sibling or module points at its tool entry.
 */
import { hostMessage } from "../runtime/convert.js";
import { existsSync, readFileSync } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import { basename, dirname, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { Agent, asTool, defineAgent } from "../agent/define.js";
import { llmTool } from "../agent/llm-tool.js";
import { SELF, type AgentOptions, type ToolDefinition, type ToolFn, type ToolSpec } from "../agent/types.js";
import { PtcError } from "../diagnostics/error.js";
import type { Span } from "../diagnostics/span.js";
import { closest, didYouMean } from "../diagnostics/suggest.js";
import type { LlmRegistry } from "../llm/types.js";
import type { Limits } from "../runtime/limits.js";
import { parseSignature } from "../signature/parse.js";
import type { NamedTypes, Signature } from "../signature/types.js";
import { describeValue } from "../agent/describe-value.js";
import { integerProblem, MAX_TIMER_MS } from "../agent/rules.js";
import { AgentFileError } from "./error.js";
import { mcpToolSource } from "./mcp.js";
import { checkModel } from "./check-model.js";
import { findModulePath } from "./module-path.js";
import { sharedTypesOf, type SharedTypes, type SharedTypesProblem } from "./named-types.js";
import {
  AGENT_FILE_EXTENSION,
  MAX_AGENT_FILE_SIZE,
  parseAgentFile,
  type AgentFileSpec,
  type ModulePathDetail,
  type ToolEntry,
} from "./parse.js";
import { MissingPackageError, TSX_INSTALL } from "../diagnostics/missing-package.js";
import { DEFAULT_IMPORT_TIMEOUT_MS, ImportProbe, ImportProbeError, tsxApiUrl } from "./import-probe.js";

/** What a file cannot say (functions, host limits): applied to every agent loaded. */
export interface LoadAgentFileOptions {
  /** Named models, merged over the run's registry; the files' `model` keys may name them. */
  readonly llmRegistry?: LlmRegistry;
  /** Sandbox limits of each evaluation. */
  readonly limits?: Partial<Limits>;
  /**
   * How long a tool module may take to import (its top-level code), in ms; 10,000 by
   * default. Each module is first imported in a worker thread under this limit (see
   * import-probe.ts): one that loops or waits forever is an error, not a hung process.
   * 0 imports modules directly, without the probe.
   */
  readonly importTimeoutMs?: number;
}

/**
 * Load `path` (an `.agent.md` file) and the agent files it uses as tools, import its tool
 * modules and define the agent. Throws AgentFileError.
 */
export async function loadAgentFile(path: string, options: LoadAgentFileOptions = {}): Promise<Agent> {
  return loadAgentFileWith(path, options, {});
}

/** A tool module's function whose agent file declares no signature. */
export interface UnsignedTool {
  /** The module's absolute path. */
  readonly module: string;
  readonly exportName: string;
  /** The agent file (absolute) that names it. */
  readonly file: string;
}

/** What is known of an unsigned tool from its types (null: nothing). */
export interface DerivedTool {
  readonly signature: Signature | null;
  readonly description?: string;
}

/** What the command line adds to a load (not part of the library's API). */
export interface LoadHooks {
  /**
   * The signatures (and descriptions) `ptcc compile` would derive for the tools whose agent
   * file declares none, so that `ptcc run` sends what the compiled agent sends. Called once
   * per agent file that has such tools; answers in their order.
   */
  readonly deriveTools?: (tools: readonly UnsignedTool[]) => Promise<readonly (DerivedTool | null)[]>;
}

/** loadAgentFile, with the command line's hooks. */
export async function loadAgentFileWith(path: string, options: LoadAgentFileOptions, hooks: LoadHooks): Promise<Agent> {
  const timeout = options.importTimeoutMs ?? DEFAULT_IMPORT_TIMEOUT_MS;
  const badTimeout = integerProblem(timeout, 0, MAX_TIMER_MS);
  if (badTimeout !== null) {
    throw new PtcError({
      kind: "definition",
      message: `importTimeoutMs ${badTimeout}, got ${typeof timeout === "number" ? String(timeout) : describeValue(timeout)}`,
      hint: "give the milliseconds a tool module may take to load, or 0 to import without the probe",
    });
  }
  const probe = timeout > 0 ? new ImportProbe(timeout) : null;
  const context: LoadContext = {
    options,
    hooks,
    agents: new Map(),
    modules: new Map(),
    probe,
    timeoutMs: timeout,
    sharedTypes: new Map(),
  };
  try {
    return await loadFile(context, { absolute: resolve(path), shown: path }, []);
  } finally {
    probe?.close();
  }
}

// ---------------------------------------------------------------------------------------
// One load

/** The state of one `loadAgentFile` call (no module-level caches: files change between calls). */
interface LoadContext {
  readonly options: LoadAgentFileOptions;
  readonly hooks: LoadHooks;
  /** Agents already loaded, by absolute path: a file used by two agents is loaded once. */
  readonly agents: Map<string, Agent>;
  /** Tool modules by absolute path. */
  readonly modules: Map<string, Promise<Readonly<Record<string, unknown>>>>;
  /** Imports each module first in a worker under the time limit (null: no probe). */
  readonly probe: ImportProbe | null;
  readonly timeoutMs: number;
  /** The named types of the types.ptcc files read so far, by folder. */
  readonly sharedTypes: Map<string, SharedTypes>;
}

/** A file's absolute path, and the path errors show (as the caller wrote it). */
interface FileRef {
  readonly absolute: string;
  readonly shown: string;
}

/** The agent file that refers to another one, and where. */
interface Referrer {
  readonly file: FileRef;
  readonly entry: ToolEntry;
}

async function loadFile(context: LoadContext, file: FileRef, stack: readonly FileRef[]): Promise<Agent> {
  const done = context.agents.get(file.absolute);
  if (done !== undefined) return done;

  const text = await readAgentText(file);
  const spec = await parseWithAdvice(text, file, sharedTypes(context, file));
  const badModel = checkModel(spec, text, context.options.llmRegistry);
  if (badModel !== null) throw badModel;
  const model = await scriptModel(spec, file, text);
  const here = [...stack, file];
  const tools: Record<string, ToolSpec> = {};
  for (const entry of spec.tools) {
    const tool = await loadTool(context, { file, entry }, here);
    // A signature that names types is handed over parsed: defineAgent does not know the names.
    tools[entry.name] =
      entry.kind === "module" && entry.signature !== undefined && typeof tool === "object" && "fn" in tool
        ? { ...tool, signature: withNamedTypes(entry.signature, spec.namedTypes) }
        : tool;
  }
  await deriveSignatures(context, file, spec, tools);

  const agentOptions: AgentOptions = {
    name: spec.name,
    prompt: spec.prompt,
    signature: spec.signature === undefined ? undefined : withNamedTypes(spec.signature, spec.namedTypes),
    description: spec.description,
    tools,
    fieldDescriptions: spec.fieldDescriptions,
    maxTurns: spec.maxTurns,
    maxDepth: spec.maxDepth,
    formatOptions: spec.formatOptions,
    llm: model,
    llmRegistry: context.options.llmRegistry,
    turnTimeoutMs: spec.turnTimeoutMs,
    missionTimeoutMs: spec.missionTimeoutMs,
    outputMode: spec.outputMode,
    signatureValidation: spec.signatureValidation,
    limits: context.options.limits,
    reference: spec.reference,
    transport: spec.transport,
    compaction: spec.compaction,
    tokenLimit: spec.tokenLimit,
    onBudgetExceeded: spec.onBudgetExceeded,
    turnBudget: spec.turnBudget,
    retryTurns: spec.retryTurns,
    completion: spec.completion,
    memoryLimit: spec.memoryLimit,
    memoryStrategy: spec.memoryStrategy,
    llmQuery: await llmQueryOption(spec, file, text),
    builtinTools: spec.builtinTools,
    maxToolCalls: spec.maxToolCalls,
    toolConcurrency: spec.toolConcurrency,
    llmRetry: spec.llmRetry,
  };
  let agent: Agent;
  try {
    agent = defineAgent(agentOptions);
  } catch (e) {
    // The parser checked what it could with positions; what remains has only the file.
    if (e instanceof PtcError && e.kind === "definition")
      throw new AgentFileError(e.message, file.shown, e.span, e.hint);
    throw e;
  }
  // MCP servers are started by each run of the agent, not now.
  if (spec.mcp !== undefined && spec.mcp.length > 0) {
    const toolSources = spec.mcp.map((entry) => mcpToolSource(entry, file));
    agent = new Agent({ ...agent.definition, toolSources });
  }
  context.agents.set(file.absolute, agent);
  return agent;
}

/**
 * The file's model, with a `script:FILE` made absolute: like `from:`, the script's path is
 * relative to the agent file (not to the working directory), and it must be there.
 */
async function scriptModel(spec: AgentFileSpec, file: FileRef, text: string): Promise<string | undefined> {
  return scriptPath(spec.model, file, text, spec.spans.model?.value);
}

/** `llmQuery` as defineAgent takes it: its `model` (a script's path made absolute) as `llm`. */
async function llmQueryOption(spec: AgentFileSpec, file: FileRef, text: string): Promise<AgentOptions["llmQuery"]> {
  const q = spec.llmQuery;
  if (q === undefined || typeof q === "boolean") return q;
  const llm = await scriptPath(q.model, file, text, spec.spans.llmQuery?.value);
  return { ...(q.maxCalls !== undefined ? { maxCalls: q.maxCalls } : {}), ...(llm !== undefined ? { llm } : {}) };
}

/** A model spec with a `script:FILE` made absolute (relative to the agent file, which must have it there). */
async function scriptPath(
  model: string | undefined,
  file: FileRef,
  text: string | undefined,
  at: Span | undefined,
): Promise<string | undefined> {
  if (model === undefined || !model.startsWith("script:")) return model;
  const path = model.slice("script:".length).trim();
  const absolute = resolve(dirname(file.absolute), path);
  if (!(await isFile(absolute))) {
    throw new AgentFileError(
      `model ${model}: no script ${path} next to the agent file`,
      file.shown,
      at,
      "the script's path is relative to the agent file, as from: is",
      text,
    );
  }
  return `script:${absolute}`;
}

/** The signatures the hook derives for the file's tool modules that declare none. */
async function deriveSignatures(
  context: LoadContext,
  file: FileRef,
  spec: AgentFileSpec,
  tools: Record<string, ToolSpec>,
): Promise<void> {
  const derive = context.hooks.deriveTools;
  if (derive === undefined) return;
  const unsigned = spec.tools.filter(
    (e): e is Extract<ToolEntry, { kind: "module" }> => e.kind === "module" && e.signature === undefined,
  );
  if (unsigned.length === 0) return;
  const answers = await derive(
    unsigned.map((e) => ({
      module: resolve(dirname(file.absolute), e.from.path),
      exportName: e.from.exportName,
      file: file.absolute,
    })),
  );
  unsigned.forEach((e, i) => {
    const a = answers[i];
    const tool = tools[e.name] as ToolDefinition;
    if (a === null || a === undefined) return;
    const description = e.description ?? a.description;
    tools[e.name] = {
      ...tool,
      ...(a.signature === null ? {} : { signature: a.signature }),
      ...(description === undefined ? {} : { description }),
    };
  });
}

/** The file's text; missing, unreadable and oversized files are errors without a position. */
async function readAgentText(file: FileRef): Promise<string> {
  try {
    const info = await stat(file.absolute);
    if (!info.isFile()) throw new AgentFileError("not a file", file.shown);
    if (info.size > MAX_AGENT_FILE_SIZE) {
      throw new AgentFileError(
        `the agent file is ${info.size} bytes, more than ${MAX_AGENT_FILE_SIZE}`,
        file.shown,
        undefined,
        "agent files hold a prompt and options; keep data in the input",
      );
    }
    return await readFile(file.absolute, "utf8");
  } catch (e) {
    if (e instanceof AgentFileError) throw e;
    throw new AgentFileError(describeFsError(e, "agent file"), file.shown);
  }
}

async function loadTool(context: LoadContext, ref: Referrer, stack: readonly FileRef[]): Promise<ToolSpec> {
  const { entry } = ref;
  switch (entry.kind) {
    case "self":
      return SELF;
    case "agent":
      return loadSibling(context, ref, entry.file, stack);
    case "module":
      return loadModuleTool(context, ref, entry);
    case "llm": {
      const llm = await scriptPath(entry.model, ref.file, undefined, entry.span);
      try {
        return llmTool({
          name: entry.name,
          prompt: entry.prompt,
          signature: entry.signature,
          description: entry.description,
          ...(llm !== undefined ? { llm } : {}),
        });
      } catch (e) {
        if (e instanceof PtcError) throw atEntry(ref, e.message.replace(/^agent [^:]+: /, ""));
        throw e;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------
// Sibling agent files

async function loadSibling(
  context: LoadContext,
  ref: Referrer,
  relative: string,
  stack: readonly FileRef[],
): Promise<ToolSpec> {
  const dir = dirname(ref.file.absolute);
  const target: FileRef = { absolute: join(dir, relative), shown: join(dirname(ref.file.shown), relative) };
  const fileName = basename(target.absolute);

  const cycleStart = stack.findIndex((f) => f.absolute === target.absolute);
  if (cycleStart >= 0) {
    const chain = [...stack.slice(cycleStart), target].map((f) => basename(f.absolute)).join(" → ");
    throw atEntry(
      ref,
      `agent files use each other in a cycle: ${chain}`,
      "an agent calls itself through the self tool",
    );
  }
  if (!(await isFile(target.absolute))) {
    // The folder it names (this file's own for a name without a path).
    const siblings = (await listDir(dirname(target.absolute))).filter((f) => f.endsWith(AGENT_FILE_EXTENSION));
    const names = siblings.map((f) => f.slice(0, -AGENT_FILE_EXTENSION.length));
    const wanted = fileName.slice(0, -AGENT_FILE_EXTENSION.length);
    throw atEntry(
      ref,
      `no agent file ${fileName} in ${dirname(target.shown)}`,
      didYouMean(closest(wanted, names)) ??
        (names.length > 0 ? `the agent files there are: ${names.join(", ")}` : undefined),
    );
  }

  const child = await loadFile(context, target, stack);
  if (child.definition.description === undefined || child.definition.description.trim() === "") {
    throw atEntry(
      ref,
      `agent ${child.name} (${fileName}) has no description`,
      `an agent used as a tool needs one: add description: to the front matter of ${fileName}`,
    );
  }
  return asTool(child);
}

// ---------------------------------------------------------------------------------------
// Tool modules

async function loadModuleTool(
  context: LoadContext,
  ref: Referrer,
  entry: Extract<ToolEntry, { kind: "module" }>,
): Promise<ToolSpec> {
  const { path, exportName } = entry.from;
  const absolute = resolve(dirname(ref.file.absolute), path);
  const at = (message: string, hint?: string): AgentFileError =>
    new AgentFileError(message, ref.file.shown, entry.fromSpan, hint);

  if (!(await isFile(absolute))) {
    const slash = path.lastIndexOf("/");
    const files = await listDir(dirname(absolute));
    const near = closest(path.slice(slash + 1), files).map((f) => path.slice(0, slash + 1) + f);
    // A near name in that folder (a typo), else where a file of that name really is.
    const found = near.length > 0 ? undefined : await findModulePath(dirname(ref.file.absolute), path);
    throw at(`tool module ${path} not found`, didYouMean(found !== undefined ? [found] : near));
  }

  let loaded = context.modules.get(absolute);
  if (loaded === undefined) {
    loaded = importModule(context, absolute, ref.file.absolute);
    context.modules.set(absolute, loaded);
  }
  let namespace: Readonly<Record<string, unknown>>;
  try {
    namespace = await loaded;
  } catch (e) {
    if (e instanceof MissingPackageError) throw at(`cannot import tool module ${path}: ${e.message}`, e.install);
    const message = hostMessage(e);
    throw at(`cannot import tool module ${path}: ${message.split("\n")[0]!}`);
  }

  const fn = exportOf(namespace, exportName);
  if (fn === undefined) {
    const exports = Object.keys(namespace).filter((k) => k !== "default" || exportName === "default");
    throw at(
      `tool module ${path} has no export ${exportName}`,
      didYouMean(closest(exportName, exports)) ??
        (exports.length > 0 ? `its exports are: ${exports.join(", ")}` : "it exports nothing"),
    );
  }
  if (typeof fn !== "function") {
    throw at(`export ${exportName} of ${path} is ${describeExport(fn)}, not a function`, "export the tool's function");
  }
  const tool: ToolDefinition = {
    fn: fn as ToolFn,
    ...(entry.signature === undefined ? {} : { signature: entry.signature }),
    ...(entry.description === undefined ? {} : { description: entry.description }),
    ...entry.controls,
  };
  return tool;
}

/**
 * TypeScript through tsx's loader (scoped to this import); JavaScript as Node imports it.
 * First in the probe worker (an endless loop or a wait that never ends is an error), then
 * here, still under the time limit (a promise that settles in the probe may not here).
 */
type Tsx = typeof import("tsx/esm/api");
let tsxModule: Promise<Tsx> | undefined;

/** tsx's API, imported once; MissingPackageError when it is not installed. */
function loadTsx(): Promise<Tsx> {
  return (tsxModule ??= (async () => {
    const url = tsxApiUrl();
    if (url === null) throw new MissingPackageError("tsx", "importing a TypeScript tool module", TSX_INSTALL);
    return (await import(url)) as Tsx;
  })().catch((e: unknown) => {
    tsxModule = undefined;
    throw e;
  }));
}

async function importModule(
  context: LoadContext,
  absolute: string,
  parent: string,
): Promise<Readonly<Record<string, unknown>>> {
  const url = pathToFileURL(absolute).href;
  const parentUrl = pathToFileURL(parent).href;
  const ts = /\.[cm]?ts$/.test(absolute);
  // tsx (and esbuild under it) loads only when a TypeScript module is imported: importing
  // it eagerly would add ~300 ms to every `import "ptcc"`. It is an optional peer: an app
  // that runs compiled agents imports its tools itself and does not install it.
  const tsx = ts ? await loadTsx() : null;
  await context.probe?.check(url, parentUrl, ts);
  const loading: Promise<unknown> = tsx !== null ? tsx.tsImport(url, parentUrl) : import(url);
  if (context.timeoutMs <= 0) return (await loading) as Readonly<Record<string, unknown>>;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ImportProbeError(`it did not finish loading within ${context.timeoutMs} ms`)),
      context.timeoutMs,
    );
  });
  try {
    return (await Promise.race([loading, late])) as Readonly<Record<string, unknown>>;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A named export. CommonJS modules (`.cjs`, `.cts`) may carry their exports only on
 * `default`, so look there too.
 */
function exportOf(namespace: Readonly<Record<string, unknown>>, name: string): unknown {
  if (Object.prototype.hasOwnProperty.call(namespace, name)) return namespace[name];
  const fallback = namespace["default"];
  if (typeof fallback === "object" && fallback !== null && Object.prototype.hasOwnProperty.call(fallback, name)) {
    return (fallback as Record<string, unknown>)[name];
  }
  return undefined;
}

function describeExport(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  const t = typeof v;
  return t === "object" ? "an object" : `${/^[aeiou]/.test(t) ? "an" : "a"} ${t}`;
}

// ---------------------------------------------------------------------------------------
// Helpers

/** The signature's text, or parsed with the named types when there are any. */
function withNamedTypes(text: string, types: NamedTypes | undefined): string | Signature {
  return types === undefined ? text : parseSignature(text, { types });
}

/**
 * The named types of the types.ptcc files above an agent file (named-types.ts); the first
 * problem of one is an AgentFileError at its position in the types file.
 */
function sharedTypes(context: LoadContext, file: FileRef): NamedTypes | undefined {
  const problems: SharedTypesProblem[] = [];
  const shared = sharedTypesOf(
    dirname(file.absolute),
    {
      readFile: (p) => (existsSync(p) ? readFileSync(p, "utf8") : null),
      // As the command shows files: from the working folder.
      shown: (p) => relative(resolve("."), p) || p,
      isRoot: (d) => existsSync(join(d, "package.json")),
    },
    context.sharedTypes,
    problems,
    join,
    dirname,
  );
  const first = problems[0];
  if (first !== undefined) {
    const errors = problems.map((p) => new AgentFileError(p.message, p.file, p.span, p.hint, p.source));
    throw errors[0]!.withProblems(errors);
  }
  return shared.types.size === 0 ? undefined : shared.types;
}

/** parseAgentFile, with the hint of a module path that is not relative worded from the file system. */
async function parseWithAdvice(text: string, file: FileRef, types: NamedTypes | undefined): Promise<AgentFileSpec> {
  try {
    return parseAgentFile(text, file.shown, types === undefined ? {} : { types });
  } catch (e) {
    const written = e instanceof AgentFileError ? modulePathOf(e.detail) : undefined;
    if (!(e instanceof AgentFileError) || written === undefined) throw e;
    const found = await findModulePath(dirname(file.absolute), written);
    const hint =
      found !== undefined
        ? `write it relative to this file: ${found}`
        : `write it relative to this file, starting with ./ or ../ (no ${basename(written)} was found near it)`;
    throw new AgentFileError(e.message, file.shown, e.span, hint, e.source);
  }
}

function modulePathOf(detail: unknown): string | undefined {
  const path = (detail as Partial<ModulePathDetail> | undefined)?.modulePath;
  return typeof detail === "object" && detail !== null && typeof path === "string" ? path : undefined;
}

function atEntry(ref: Referrer, message: string, hint?: string): AgentFileError {
  const span: Span = ref.entry.span;
  return new AgentFileError(message, ref.file.shown, span, hint);
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

async function listDir(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).sort();
  } catch {
    return [];
  }
}

function describeFsError(e: unknown, what: string): string {
  const code = typeof e === "object" && e !== null && "code" in e ? String(e.code) : undefined;
  if (code === "ENOENT") return `${what} not found`;
  if (code === "EACCES" || code === "EPERM") return `cannot read the ${what}: permission denied`;
  if (code === "EISDIR") return "not a file";
  return `cannot read the ${what}: ${hostMessage(e)}`;
}
