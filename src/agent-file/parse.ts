/**
 * Agent files, `NAME.agent.md`: YAML front matter with the agent's options, then the
 * prompt template as Markdown.
 *
 *   text → split (front matter | body) → YAML document → keys → tools → signature
 *   → placeholders → AgentFileSpec
 *
 * Parsing is pure (no file system, no imports): it checks everything that the text alone
 * decides and keeps a position for each key, so the loader (load.ts) and a later
 * `ptcc compile` can point at the line that is wrong. Every failure is an AgentFileError
 * with the file, line and column; agent files are written by hand and may be hostile, so
 * size, YAML aliases, odd keys and prototype names are all errors, never crashes.
 */
import type { Document, LineCounter, Pair, Scalar, YAMLMap, YAMLSeq } from "yaml";
import { findPair, forEachAlias, isAlias, isMap, isScalar, isSeq, lineCounter, parseDocument } from "./yaml.js";
import type { Span } from "../diagnostics/span.js";
import { closest, didYouMean } from "../diagnostics/suggest.js";
import { VALIDATION_MODES, type ValidationMode } from "../runtime/validation.js";
import { SignatureError } from "../signature/errors.js";
import { parseSignature, type ParseOptions } from "../signature/parse.js";
import { checkPlaceholders } from "../signature/placeholders.js";
import { altSpelling, type NamedTypes, type Signature, type SigType } from "../signature/types.js";
import {
  BUDGET_ACTIONS,
  COMPACTION_KEYS,
  COMPLETIONS,
  FORMAT_OPTION_KEYS,
  integerProblem,
  MAX_TIMER_MS,
  MEMORY_STRATEGIES,
  OUTPUT_MODES,
  REFERENCE_LEVELS,
  resolveCompaction,
  TOOL_NAME,
  TRANSPORTS,
} from "../agent/rules.js";
import type {
  CompactionOptions,
  FormatOptions,
  OnBudgetExceeded,
  OutputMode,
  ReferenceLevel,
  ToolControls,
  Transport,
} from "../agent/types.js";
import { BUILTIN_TOOL_NAMES, BUILTIN_TOOLS, type BuiltinTool } from "../agent/builtin-tools/index.js";
import { LLM_QUERY } from "../agent/llm-query.js";
import { LLM_RETRY_KEYS, type LlmRetryOptions } from "../llm/retry.js";
import { AgentFileError } from "./error.js";
import { readMcpEntries, type McpEntry } from "./mcp.js";
import { resolveNamedTypes } from "./named-types.js";
import { TYPE_NAME, type TypeDefinition } from "./types-file.js";

// ---------------------------------------------------------------------------------------
// The result

/** What agent files are called: `research.agent.md` defines the agent `research`. */
export const AGENT_FILE_EXTENSION = ".agent.md";
/** Largest agent file accepted (1 MiB); the loader checks bytes, the parser characters. */
export const MAX_AGENT_FILE_SIZE = 1024 * 1024;
/** Aliased nodes a front matter may expand to (yaml's `maxAliasCount`): stops alias bombs. */
export const MAX_ALIAS_COUNT = 100;

/** The keys of the front matter. */
export const AGENT_FILE_KEYS = [
  "name",
  "description",
  "signature",
  "types",
  "tools",
  "maxTurns",
  "maxDepth",
  "fieldDescriptions",
  "formatOptions",
  "outputMode",
  "model",
  "signatureValidation",
  "turnTimeoutMs",
  "missionTimeoutMs",
  "reference",
  "transport",
  "mcp",
  "compaction",
  "tokenLimit",
  "onBudgetExceeded",
  "turnBudget",
  "retryTurns",
  "completion",
  "memoryLimit",
  "memoryStrategy",
  "maxToolCalls",
  "toolConcurrency",
  "llmRetry",
  "llmQuery",
  "builtinTools",
] as const;
export type AgentFileKey = (typeof AGENT_FILE_KEYS)[number];

/** Where a key and its value are. */
export interface KeySpans {
  readonly key: Span;
  readonly value: Span;
}

/** `../tools/search.ts#search`: a module relative to the agent file, and one of its exports. */
export interface ModuleRef {
  /** As written, relative to the agent file's folder. */
  readonly path: string;
  /** `default` when the reference has no `#name`. */
  readonly exportName: string;
}

/** The detail of the error for a module path that is not relative: the path as written. */
export interface ModulePathDetail {
  readonly modulePath: string;
}

/** One entry of `tools`. `span` is the entry itself, for errors found while loading it. */
export type ToolEntry =
  /** The agent itself, run as a child (`self`). */
  | { readonly kind: "self"; readonly name: string; readonly span: Span }
  /**
   * Another agent file used as a tool: `file` is `./other.agent.md`, or its path from this
   * file's folder (`../support/summarize.agent.md`); the tool is named by the file.
   */
  | { readonly kind: "agent"; readonly name: string; readonly file: string; readonly span: Span }
  /**
   * One model call with a typed signature (`llmTool`): `llm` is the request's template,
   * `model` the model when not the agent's. `promptSpan` is where the template was written.
   */
  | {
      readonly kind: "llm";
      readonly name: string;
      readonly prompt: string;
      readonly signature: string;
      readonly description: string;
      readonly model?: string;
      readonly span: Span;
      readonly promptSpan: Span;
    }
  /** A function exported by a module. `fromSpan` is the position of the `from` value. */
  | {
      readonly kind: "module";
      readonly name: string;
      readonly from: ModuleRef;
      readonly signature?: string;
      readonly description?: string;
      /** `concurrency`, `timeoutMs`, `cache` as written (absent when none is). */
      readonly controls?: ToolControls;
      readonly span: Span;
      readonly fromSpan: Span;
    };

/** The checked content of an agent file: the options as written, the prompt and positions. */
export interface AgentFileSpec {
  /** The file name given to the parser (used in errors). */
  readonly file: string;
  /** The `name` key, or the file name without `.agent.md`. */
  readonly name: string;
  readonly description?: string;
  /** The signature as written (it parses). */
  readonly signature?: string;
  /** Named types of this file (`types:`), name → type text as written, in that order. */
  readonly types?: Readonly<Record<string, string>>;
  /**
   * Every named type the file's signatures may use: the shared ones (parse options'
   * `types`) and its own, parsed. Absent when there are none.
   */
  readonly namedTypes?: NamedTypes;
  /** In the order written. Names are distinct. */
  readonly tools: readonly ToolEntry[];
  readonly maxTurns?: number;
  readonly maxDepth?: number;
  readonly fieldDescriptions?: Readonly<Record<string, string>>;
  readonly formatOptions?: Readonly<Partial<FormatOptions>>;
  readonly outputMode?: OutputMode;
  /** A name in the LLM registry, or a spec such as `openai:gpt-4o` (AgentOptions.llm). */
  readonly model?: string;
  readonly signatureValidation?: ValidationMode;
  readonly turnTimeoutMs?: number;
  readonly missionTimeoutMs?: number;
  readonly reference?: ReferenceLevel;
  readonly transport?: Transport;
  /** MCP servers whose tools the agent gets (mcp.ts), in the order written. */
  readonly mcp?: readonly McpEntry[];
  /** Run control (AgentOptions' keys of the same names). */
  readonly compaction?: boolean | CompactionOptions;
  readonly tokenLimit?: number;
  readonly onBudgetExceeded?: OnBudgetExceeded;
  readonly turnBudget?: number;
  readonly retryTurns?: number;
  readonly completion?: "auto" | "explicit";
  readonly memoryLimit?: number;
  readonly memoryStrategy?: "strict" | "rollback";
  /** `llmQuery: true`, or its options (`model` becomes `llm`): programs may call tool/llm-query. */
  readonly llmQuery?: boolean | { readonly model?: string; readonly maxCalls?: number };
  /** Tools ptcc provides, opted into (`[grep]`). */
  readonly builtinTools?: readonly BuiltinTool[];
  /** Tool governance and model retries (AgentOptions' keys of the same names). */
  readonly maxToolCalls?: number;
  readonly toolConcurrency?: number;
  readonly llmRetry?: LlmRetryOptions;
  /** The body without its leading blank lines and trailing whitespace. */
  readonly prompt: string;
  /** The file line the prompt starts on: line 1 of the prompt is this line of the file. */
  readonly promptLine: number;
  /** Where each key that is present was written. */
  readonly spans: Readonly<Partial<Record<AgentFileKey, KeySpans>>>;
}

/** Options of `parseAgentFile`. */
export interface ParseAgentFileOptions {
  /**
   * Parses the signatures (the agent's and its tools'); parseSignature unless given. A
   * compile of many files passes one that remembers what it parsed, so that a signature
   * written in several files (or read again later) is parsed once.
   */
  readonly parseSignature?: (text: string, options?: ParseOptions) => Signature;
  /**
   * Named types shared by the agent files of a folder (`types.ptcc`, see types-file.ts),
   * which the file's signatures and its own `types:` may use.
   */
  readonly types?: NamedTypes;
}

/**
 * Parse and check an agent file's text. `file` names it in errors and gives the default
 * name. Throws AgentFileError (and nothing else) for anything wrong with the text: the
 * first problem, with every problem of the file in its `problems`.
 */
export function parseAgentFile(text: string, file: string, options: ParseAgentFileOptions = {}): AgentFileSpec {
  const { spec, errors } = analyzeAgentFile(text, file, options);
  if (errors.length > 0) throw errors[0]!.withProblems(errors);
  return spec!;
}

/** Every problem of an agent file, and what could be read of it. */
export interface AgentFileAnalysis {
  /**
   * The file as read: complete when there is no error; with errors, what the readable keys
   * say (a key whose value is wrong is left out), or null when the file's structure itself
   * is broken (no front matter, YAML that does not parse).
   */
  readonly spec: AgentFileSpec | null;
  /** Every problem found, in file order as the checks meet them. */
  readonly errors: readonly AgentFileError[];
}

/**
 * Parse and check an agent file, going on after each problem a key or an entry has, so
 * that one pass reports them all (`ptcc compile` shows every problem of a run at once).
 */
export function analyzeAgentFile(text: string, file: string, options: ParseAgentFileOptions = {}): AgentFileAnalysis {
  return new AgentFileParser(text, file, options.parseSignature ?? parseSignature, options.types).analyze();
}

/** `research` for `agents/research.agent.md`. */
export function agentNameOf(file: string): string {
  const base = file.slice(Math.max(file.lastIndexOf("/"), file.lastIndexOf("\\")) + 1);
  if (base.endsWith(AGENT_FILE_EXTENSION)) return base.slice(0, -AGENT_FILE_EXTENSION.length);
  return base.endsWith(".md") ? base.slice(0, -".md".length) : base;
}

// ---------------------------------------------------------------------------------------
// The parser

const EXPORT_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const MODULE_EXTENSIONS = [".ts", ".mts", ".cts", ".js", ".mjs", ".cjs"];
const MODULE_ENTRY_KEYS = ["name", "from", "signature", "description", "concurrency", "timeoutMs", "cache"] as const;
const LLM_ENTRY_KEYS = ["name", "llm", "signature", "description", "model"] as const;
const LLM_QUERY_KEYS = ["model", "maxCalls"] as const;
const DEFAULT_SIGNATURE = "() -> :any";
/** How much of a written value messages show. */
const MAX_SHOWN = 40;

/** A YAML value with aliases resolved, and where it was written (the alias, for an alias). */
interface Value {
  /** null for an empty value (`maxTurns:`). */
  readonly node: Scalar | YAMLMap | YAMLSeq | null;
  readonly span: Span;
}

type Mutable<T> = { -readonly [K in keyof T]?: T[K] };

/** The fields read so far, and the positions the checks after the keys need. */
interface Draft extends Mutable<AgentFileSpec> {
  parsedSignature?: Signature;
  /** The signature was written but could not be read: checks against it are skipped. */
  signatureFailed?: boolean;
  fieldDescriptionSpans?: Map<string, Span>;
  toolNameSpans?: Map<string, Span>;
  /** The shared named types and the file's own, once `types:` was read. */
  namedTypes?: NamedTypes;
}

/** One reader per key: checks the value and stores it in the draft. */
type KeyReader = (p: AgentFileParser, v: Value, d: Draft) => void;

const KEY_READERS: Readonly<Record<AgentFileKey, KeyReader>> = {
  name: (p, v, d) => (d.name = p.nonEmptyString(v, "name").trim()),
  description: (p, v, d) => (d.description = p.nonEmptyString(v, "description").trim()),
  signature: (p, v, d) => {
    const text = p.signatureString(v, "signature");
    d.parsedSignature = p.parseSignatureAt(text, v, "bad signature");
    d.signature = text;
  },
  // Read before every other key (see parse()): the signatures may use these names.
  types: () => {},
  tools: (p, v, d) => p.tools(v, d),
  maxTurns: (p, v, d) => (d.maxTurns = p.integer(v, "maxTurns", 1)),
  maxDepth: (p, v, d) => (d.maxDepth = p.integer(v, "maxDepth", 0)),
  fieldDescriptions: (p, v, d) => p.fieldDescriptions(v, d),
  formatOptions: (p, v, d) => p.formatOptions(v, d),
  outputMode: (p, v, d) => (d.outputMode = p.oneOf(v, "outputMode", OUTPUT_MODES)),
  model: (p, v, d) => (d.model = p.nonEmptyString(v, "model").trim()),
  signatureValidation: (p, v, d) => (d.signatureValidation = p.oneOf(v, "signatureValidation", VALIDATION_MODES)),
  turnTimeoutMs: (p, v, d) => (d.turnTimeoutMs = p.integer(v, "turnTimeoutMs", 1, MAX_TIMER_MS)),
  missionTimeoutMs: (p, v, d) => (d.missionTimeoutMs = p.integer(v, "missionTimeoutMs", 1, MAX_TIMER_MS)),
  reference: (p, v, d) => (d.reference = p.oneOf(v, "reference", REFERENCE_LEVELS)),
  transport: (p, v, d) => (d.transport = p.oneOf(v, "transport", TRANSPORTS)),
  mcp: (p, v, d) => (d.mcp = readMcpEntries(p, v)),
  compaction: (p, v, d) => (d.compaction = p.compaction(v)),
  tokenLimit: (p, v, d) => (d.tokenLimit = p.integer(v, "tokenLimit", 1)),
  onBudgetExceeded: (p, v, d) => (d.onBudgetExceeded = p.oneOf(v, "onBudgetExceeded", BUDGET_ACTIONS)),
  turnBudget: (p, v, d) => (d.turnBudget = p.integer(v, "turnBudget", 1)),
  retryTurns: (p, v, d) => (d.retryTurns = p.integer(v, "retryTurns", 0)),
  completion: (p, v, d) => (d.completion = p.oneOf(v, "completion", COMPLETIONS)),
  memoryLimit: (p, v, d) => (d.memoryLimit = p.integer(v, "memoryLimit", 1)),
  memoryStrategy: (p, v, d) => (d.memoryStrategy = p.oneOf(v, "memoryStrategy", MEMORY_STRATEGIES)),
  llmQuery: (p, v, d) => (d.llmQuery = p.llmQuery(v)),
  builtinTools: (p, v, d) => (d.builtinTools = p.builtinTools(v)),
  maxToolCalls: (p, v, d) => (d.maxToolCalls = p.integer(v, "maxToolCalls", 0)),
  toolConcurrency: (p, v, d) => (d.toolConcurrency = p.integer(v, "toolConcurrency", 1)),
  llmRetry: (p, v, d) => (d.llmRetry = p.llmRetry(v)),
};

/** One parse of one file. Not exported: its public methods are for the key readers above. */
class AgentFileParser {
  private readonly text: string;
  private readonly lines: LineCounter = lineCounter();
  private doc: Document.Parsed | undefined;
  /** Problems met so far; the parse goes on past those of a single key or entry. */
  private readonly errors: AgentFileError[] = [];

  /** The named types signatures may use (shared, then the file's own once read). */
  private named: NamedTypes;

  constructor(
    text: string,
    private readonly file: string,
    private readonly parseText: (text: string, options?: ParseOptions) => Signature,
    shared: NamedTypes | undefined,
  ) {
    this.named = shared ?? new Map();
    // Positions refer to this text; neither change moves a line or a visible column.
    this.text = text.length > MAX_AGENT_FILE_SIZE ? text : text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  }

  analyze(): AgentFileAnalysis {
    let spec: AgentFileSpec | null = null;
    try {
      spec = this.parse();
    } catch (e) {
      // A problem of the file's structure: nothing past it can be read.
      if (!(e instanceof AgentFileError)) throw e;
      this.errors.push(e);
    }
    // In the order of the file, as a reader fixes them (the checks meet them in another).
    const errors = [...this.errors].sort((a, b) => (a.span?.offset ?? 0) - (b.span?.offset ?? 0));
    return { spec, errors };
  }

  /** Run one check; a problem it finds is kept and the parse goes on. False when it failed. */
  attempt(check: () => void): boolean {
    try {
      check();
      return true;
    } catch (e) {
      if (!(e instanceof AgentFileError)) throw e;
      this.errors.push(e);
      return false;
    }
  }

  private parse(): AgentFileSpec {
    const text = this.text;
    if (text.length > MAX_AGENT_FILE_SIZE) {
      throw this.fail(
        `the agent file is ${text.length} characters long, more than ${MAX_AGENT_FILE_SIZE}`,
        this.startSpan(),
        "agent files hold a prompt and options; keep data in the input",
      );
    }

    // --- Split: the first line is "---", the front matter ends at the next "---" line.
    const firstEnd = lineEnd(text, 0);
    if (text.slice(0, firstEnd).trimEnd() !== "---") {
      throw this.fail(
        'missing front matter: an agent file starts with a line "---"',
        this.startSpan(),
        'write the options between two "---" lines, then the prompt',
      );
    }
    const closing = /^---[ \t]*$/gm;
    closing.lastIndex = Math.min(firstEnd + 1, text.length);
    const close = firstEnd < text.length ? closing.exec(text) : null;
    if (close === null) {
      throw this.fail(
        'unterminated front matter: no closing "---" line',
        this.startSpan(3),
        'end the options with a line "---", then write the prompt',
      );
    }

    // The opening "---" stays in: YAML reads it as the document start, and offsets into
    // the YAML text are offsets into the file.
    const yamlText = text.slice(0, close.index);
    const doc = this.parseYaml(yamlText);
    // The body's lines too, so one LineCounter places everything.
    const known = this.lines.lineStarts[this.lines.lineStarts.length - 1] ?? 0;
    for (let i = text.indexOf("\n", yamlText.length); i >= 0; i = text.indexOf("\n", i + 1)) {
      if (i + 1 > known) this.lines.addNewLine(i + 1);
    }

    // --- Keys
    const draft: Draft = {};
    const spans: Partial<Record<AgentFileKey, KeySpans>> = {};
    const root = doc.contents === null ? null : this.value(doc.contents, this.startSpan(3));
    if (root !== null && root.node !== null && !(isScalar(root.node) && root.node.value === null)) {
      if (!isMap(root.node)) {
        throw this.fail(
          `the front matter must be a map of options (key: value lines), got ${this.describe(root)}`,
          root.span,
        );
      }
      // The named types first: every signature of the file may use them, wherever written.
      const typesPair = root.node.items.find((pair) => isScalar(pair.key) && pair.key.value === "types");
      if (typesPair !== undefined) {
        this.attempt(() => {
          const { span } = this.key(typesPair, "key");
          this.types(this.value(typesPair.value, span), draft);
        });
      }
      if (this.named.size > 0) draft.namedTypes = this.named;
      for (const pair of root.node.items) {
        this.attempt(() => {
          const { name, span } = this.key(pair, "key");
          if (!isAgentFileKey(name)) {
            throw this.fail(
              `unknown key ${shown(name)}`,
              span,
              didYouMean(closest(name, AGENT_FILE_KEYS)) ?? `the keys are: ${AGENT_FILE_KEYS.join(", ")}`,
            );
          }
          if (spans[name] !== undefined) throw this.duplicateKey(name, span);
          const value = this.value(pair.value, span);
          spans[name] = { key: span, value: value.span };
          if (!this.attempt(() => KEY_READERS[name](this, value, draft)) && name === "signature") {
            draft.signatureFailed = true;
          }
        });
      }
    }

    // --- Body
    let bodyStart = close.index + close[0].length;
    if (bodyStart < text.length) bodyStart++;
    const blank = /^(?:[ \t]*\n)*/.exec(text.slice(bodyStart))![0];
    const promptStart = bodyStart + blank.length;
    const prompt = text.slice(promptStart).trimEnd();
    const promptLine = this.lines.linePos(promptStart).line;
    if (prompt === "") {
      // The line after the closing "---", even when the file ends on that line.
      const line = this.lines.linePos(close.index).line + 1;
      this.errors.push(
        this.fail(
          "the prompt is empty",
          { line, column: 1, endLine: line, endColumn: 1, offset: bodyStart, end: bodyStart },
          "write the agent's mission below the front matter",
        ),
      );
    }

    // --- Checks across keys (those that need the signature only when it could be read)
    const signature = draft.parsedSignature ?? this.parseText(DEFAULT_SIGNATURE);
    if (draft.signatureFailed !== true) {
      this.placeholders(prompt, promptStart, signature);
      this.describedNames(draft, signature);
    }
    this.toolNames(draft, signature, spans, draft.signatureFailed !== true);

    const spec: Mutable<AgentFileSpec> = {
      file: this.file,
      name: draft.name ?? agentNameOf(this.file),
      tools: draft.tools ?? [],
      prompt,
      promptLine,
      spans,
    };
    for (const key of AGENT_FILE_KEYS) {
      if (key === "name" || key === "tools") continue;
      const v = draft[key];
      if (v !== undefined) Object.assign(spec, { [key]: v });
    }
    if (draft.namedTypes !== undefined) spec.namedTypes = draft.namedTypes;
    return spec as AgentFileSpec;
  }

  // ---------------------------------------------------------------------------------------
  // YAML

  private parseYaml(yamlText: string): Document.Parsed {
    const doc = parseDocument(yamlText, {
      lineCounter: this.lines,
      prettyErrors: false,
      logLevel: "silent",
      uniqueKeys: true,
    });
    this.doc = doc;
    const first = doc.errors[0];
    if (first !== undefined) {
      const at = this.span(first.pos[0], Math.max(first.pos[1], first.pos[0]));
      if (first.code === "DUPLICATE_KEY") throw this.duplicateAt(doc, first.pos[0], at);
      const message = first.message.split("\n")[0]!;
      throw this.fail(
        `invalid YAML: ${message}`,
        at,
        first.code === "TAB_AS_INDENT" ? "indent with spaces" : undefined,
      );
    }
    // Aliases: each must name an anchor, and all together must not expand without bound
    // (`a: &a [x,x,x]`, `b: &b [*a,*a,*a]`, ... grows exponentially).
    let firstAlias: Span | undefined;
    let unknown: { name: string; at: Span } | undefined;
    forEachAlias(doc, (alias) => {
      const at = this.range(alias.range, this.startSpan());
      firstAlias ??= at;
      if (unknown === undefined && alias.resolve(doc) === undefined) unknown = { name: alias.source, at };
    });
    if (unknown !== undefined) {
      throw this.fail(
        `unknown alias *${shown(unknown.name)}`,
        unknown.at,
        `define the anchor &${unknown.name} before it`,
      );
    }
    if (firstAlias !== undefined) {
      try {
        doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT, mapAsMap: true });
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        if (!/alias count/i.test(message)) throw this.fail(`invalid YAML: ${message.split("\n")[0]!}`, firstAlias);
        throw this.fail(
          `too many aliases: the front matter expands to more than ${MAX_ALIAS_COUNT} aliased nodes`,
          firstAlias,
          "write the values out instead of nesting aliases",
        );
      }
    }
    return doc;
  }

  /** yaml reports a duplicate key by its offset: find the key there, for its name and width. */
  private duplicateAt(doc: Document.Parsed, offset: number, fallback: Span): AgentFileError {
    const pair = findPair(doc, (p) => isScalar(p.key) && p.key.range?.[0] === offset);
    const key = pair !== undefined && isScalar(pair.key) ? pair.key : undefined;
    const found =
      key === undefined ? undefined : { name: String(key.source ?? key.value), span: this.range(key.range, fallback) };
    return this.duplicateKey(found?.name ?? this.text.slice(fallback.offset, fallback.end), found?.span ?? fallback);
  }

  /** A node with its alias resolved; positioned where it was written. */
  value(node: unknown, fallback: Span): Value {
    if (node === null || node === undefined) return { node: null, span: fallback };
    if (isAlias(node)) {
      const target = this.doc === undefined ? undefined : node.resolve(this.doc);
      return { node: target ?? null, span: this.range(node.range, fallback) };
    }
    if (isScalar(node) || isMap(node) || isSeq(node)) return { node, span: this.range(node.range, fallback) };
    return { node: null, span: fallback };
  }

  /** The key of a pair as a name: keys must be strings (numbers are read as written). */
  key(pair: Pair<unknown, unknown>, what: string): { name: string; span: Span } {
    const v = this.value(pair.key, this.startSpan());
    if (v.node !== null && isScalar(v.node)) {
      const k = v.node.value;
      if (typeof k === "string" && k !== "") return { name: k, span: v.span };
      if (typeof k === "number" || typeof k === "boolean") return { name: String(v.node.source ?? k), span: v.span };
    }
    if (v.node === null || (isScalar(v.node) && (v.node.value === null || v.node.value === ""))) {
      throw this.fail(`empty ${what}`, v.span, "write a name before the colon");
    }
    throw this.fail(`a ${what} must be a name, got ${this.describe(v)}`, v.span);
  }

  // ---------------------------------------------------------------------------------------
  // Values

  /** A string value that is not blank. */
  nonEmptyString(v: Value, what: string): string {
    const s = this.scalarValue(v);
    if (typeof s !== "string") throw this.fail(`${what} must be a string, got ${this.describe(v)}`, v.span);
    if (s.trim() === "") throw this.fail(`${what} is empty`, v.span);
    return s;
  }

  /**
   * A signature: a string, whose trailing whitespace (a block scalar's newline) is dropped.
   * `{count :int}` and `[:int]` unquoted are YAML maps and lists: the hint says to quote.
   */
  signatureString(v: Value, what: string): string {
    if (v.node !== null && (isMap(v.node) || isSeq(v.node))) {
      const written = this.text.slice(v.span.offset, v.span.end).replace(/\s+/g, " ");
      throw this.fail(
        `${what} must be a string, got ${this.describe(v)}`,
        v.span,
        `YAML reads {…} and […] as data: write the signature in quotes, ${what}: "${shown(written)}"`,
      );
    }
    return this.nonEmptyString(v, what).trimEnd();
  }

  integer(v: Value, what: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
    const n = this.scalarValue(v);
    const problem = integerProblem(n, min, max);
    if (problem !== null) throw this.fail(`${what} ${problem}, got ${this.describe(v)}`, v.span);
    return n as number;
  }

  oneOf<T extends string>(v: Value, what: string, choices: readonly T[]): T {
    const s = this.scalarValue(v);
    const found = choices.find((c) => c === s);
    if (found !== undefined) return found;
    const near = typeof s === "string" ? didYouMean(closest(s, choices)) : undefined;
    throw this.fail(`${what} must be ${orList(choices)}, got ${this.describe(v)}`, v.span, near);
  }

  /** The map of a value, or an error saying what the map is for. */
  private map(v: Value, what: string, example: string): YAMLMap | null {
    if (v.node === null || (isScalar(v.node) && v.node.value === null)) return null;
    if (!isMap(v.node)) {
      throw this.fail(`${what} must be a map, got ${this.describe(v)}`, v.span, `write one "${example}" per line`);
    }
    return v.node;
  }

  /** `compaction: true`, or a map of compaction options (checked by the rules defineAgent uses). */
  compaction(v: Value): boolean | CompactionOptions {
    const s = v.node !== null && isScalar(v.node) ? v.node.value : undefined;
    if (typeof s === "boolean") return s;
    const out: Record<string, unknown> = {};
    const spans = new Map<string, Span>();
    for (const pair of this.map(v, "compaction", "option: value")?.items ?? []) {
      const { name, span } = this.key(pair, "compaction option");
      if (spans.has(name)) throw this.duplicateKey(name, span);
      spans.set(name, span);
      const value = this.value(pair.value, span);
      out[name] = this.scalarValue(value);
    }
    const resolved = resolveCompaction(out);
    const first = resolved.problems[0];
    if (first !== undefined) {
      const key = first[0].slice("compaction.".length);
      const near = COMPACTION_KEYS.includes(key as never) ? undefined : didYouMean(closest(key, COMPACTION_KEYS));
      throw this.fail(`${first[0]} ${first[1]}`, spans.get(key) ?? v.span, near);
    }
    return out as CompactionOptions;
  }

  /**
   * `types:` — a map of type names to signature types (`Ticket: "{id :int}"`), which the
   * file's signatures use as `:Ticket`, added to the shared ones (named-types.ts).
   */
  private types(v: Value, d: Draft): void {
    const out: Record<string, string> = {};
    const definitions: TypeDefinition[] = [];
    const values = new Map<TypeDefinition, Value>();
    for (const pair of this.map(v, "types", 'Name: "{field :type}"')?.items ?? []) {
      this.attempt(() => {
        const { name, span } = this.key(pair, "type name");
        if (Object.hasOwn(out, name)) throw this.duplicateKey(name, span);
        if (!TYPE_NAME.test(name)) {
          throw this.fail(
            `invalid type name ${shown(name)}`,
            span,
            "a type name starts with a capital letter, then letters, digits or _ (Ticket, OrderLine)",
          );
        }
        const value = this.value(pair.value, span);
        const text = this.signatureString(value, `the type ${name}`);
        defineEntry(out, name, text);
        const def: TypeDefinition = {
          name,
          text,
          nameSpan: span,
          textStart: { line: value.span.line, column: value.span.column, offset: value.span.offset },
          file: this.file,
        };
        definitions.push(def);
        values.set(def, value);
      });
    }
    const { types, problems } = resolveNamedTypes(definitions, this.named, (def, at) => {
      const value = values.get(def)!;
      return (at === undefined ? undefined : this.inScalar(value, at)) ?? value.span;
    });
    for (const p of problems) this.errors.push(this.fail(p.message, p.span, p.hint));
    d.types = out;
    this.named = types;
  }

  /** `llmQuery: true`, or a map of `model` and `maxCalls`. */
  llmQuery(v: Value): boolean | { model?: string; maxCalls?: number } {
    const s = this.scalarValue(v);
    if (typeof s === "boolean") return s;
    if (v.node === null || !isMap(v.node)) {
      throw this.fail(`llmQuery must be true, false or a map of model and maxCalls, got ${this.describe(v)}`, v.span);
    }
    const out: { model?: string; maxCalls?: number } = {};
    const seen = new Set<string>();
    for (const pair of v.node.items) {
      const { name, span } = this.key(pair, "llmQuery option");
      const known = LLM_QUERY_KEYS.find((k) => k === name);
      if (known === undefined) {
        throw this.fail(
          `unknown llmQuery option ${shown(name)}`,
          span,
          didYouMean(closest(name, LLM_QUERY_KEYS)) ?? `the options are ${orList(LLM_QUERY_KEYS, "and")}`,
        );
      }
      if (seen.has(name)) throw this.duplicateKey(name, span);
      seen.add(name);
      const value = this.value(pair.value, span);
      if (known === "model") out.model = this.nonEmptyString(value, "llmQuery.model").trim();
      else out.maxCalls = this.integer(value, "llmQuery.maxCalls", 1);
    }
    return out;
  }

  /** `builtinTools: [grep]`: names of the tools ptcc provides. */
  builtinTools(v: Value): BuiltinTool[] {
    if (v.node === null || !isSeq(v.node)) {
      throw this.fail(`builtinTools must be a list, got ${this.describe(v)}`, v.span, "write builtinTools: [grep]");
    }
    const out: BuiltinTool[] = [];
    for (const item of v.node.items) {
      const entry = this.value(item, v.span);
      const name = this.scalarValue(entry);
      const known = BUILTIN_TOOLS.find((b) => b === name);
      if (known === undefined) {
        throw this.fail(
          `unknown builtin tool ${typeof name === "string" ? shown(name) : this.describe(entry)}`,
          entry.span,
          (typeof name === "string" ? didYouMean(closest(name, BUILTIN_TOOLS)) : undefined) ??
            `the builtin tools are ${orList(BUILTIN_TOOLS)}`,
        );
      }
      if (!out.includes(known)) out.push(known);
    }
    return out;
  }

  /** `llmRetry: { maxAttempts: 3, baseDelayMs: 500, maxDelayMs: 8000 }`. */
  llmRetry(v: Value): LlmRetryOptions {
    const out: { -readonly [K in keyof LlmRetryOptions]: number } = {};
    for (const pair of this.map(v, "llmRetry", "option: number")?.items ?? []) {
      const { name, span } = this.key(pair, "llmRetry option");
      const known = LLM_RETRY_KEYS.find((k) => k === name);
      if (known === undefined) {
        throw this.fail(
          `unknown llmRetry option ${shown(name)}`,
          span,
          didYouMean(closest(name, LLM_RETRY_KEYS)) ?? `the options are: ${LLM_RETRY_KEYS.join(", ")}`,
        );
      }
      if (out[known] !== undefined) throw this.duplicateKey(name, span);
      out[known] = this.integer(this.value(pair.value, span), `llmRetry.${known}`, known === "maxAttempts" ? 1 : 0, MAX_TIMER_MS);
    }
    return out;
  }

  fieldDescriptions(v: Value, d: Draft): void {
    const out: Record<string, string> = {};
    const spans = new Map<string, Span>();
    for (const pair of this.map(v, "fieldDescriptions", "name: description")?.items ?? []) {
      const { name, span } = this.key(pair, "field name");
      if (spans.has(name)) throw this.duplicateKey(name, span);
      const text = this.nonEmptyString(this.value(pair.value, span), `the description of ${shown(name)}`);
      spans.set(name, span);
      defineEntry(out, name, text.trim());
    }
    d.fieldDescriptions = out;
    d.fieldDescriptionSpans = spans;
  }

  formatOptions(v: Value, d: Draft): void {
    const out: Partial<Record<keyof FormatOptions, number>> = {};
    for (const pair of this.map(v, "formatOptions", "option: number")?.items ?? []) {
      const { name, span } = this.key(pair, "format option");
      const known = FORMAT_OPTION_KEYS.find((k) => k === name);
      if (known === undefined) {
        throw this.fail(
          `unknown format option ${shown(name)}`,
          span,
          didYouMean(closest(name, FORMAT_OPTION_KEYS)) ?? `the format options are: ${FORMAT_OPTION_KEYS.join(", ")}`,
        );
      }
      if (out[known] !== undefined) throw this.duplicateKey(name, span);
      out[known] = this.integer(this.value(pair.value, span), `formatOptions.${known}`, 1);
    }
    d.formatOptions = out;
  }

  // ---------------------------------------------------------------------------------------
  // Tools

  /**
   * `tools` is a list (`- self`, `- other`, `- from: ./t.ts#fn`) or a map from tool names
   * to the same entries (`again: self`, `helper: other`, `search: {from: ./t.ts#fn}`).
   */
  tools(v: Value, d: Draft): void {
    const tools: ToolEntry[] = [];
    const names = new Map<string, Span>();
    const add = (entry: ToolEntry, nameSpan: Span): void => {
      const first = names.get(entry.name);
      if (first !== undefined) {
        throw this.fail(
          `duplicate tool name ${entry.name}`,
          nameSpan,
          `the first is at ${first.line}:${first.column}; give one of them another name`,
        );
      }
      names.set(entry.name, nameSpan);
      tools.push(entry);
    };

    if (v.node === null || (isScalar(v.node) && v.node.value === null)) {
      // `tools:` with nothing: no tools.
    } else if (isSeq(v.node)) {
      // Each entry on its own: one wrong entry does not hide the problems of the others.
      for (const item of v.node.items) {
        this.attempt(() => {
          const entry = this.value(item, v.span);
          if (entry.node !== null && isMap(entry.node)) {
            const { tool, nameSpan } = this.mapEntry(entry.node, entry.span, undefined);
            add(tool, nameSpan);
          } else {
            add(this.namedEntry(entry, undefined), entry.span);
          }
        });
      }
    } else if (isMap(v.node)) {
      for (const pair of v.node.items) {
        this.attempt(() => {
          const { name, span } = this.key(pair, "tool name");
          this.checkToolName(name, span);
          const entry = this.value(pair.value, span);
          if (entry.node !== null && isMap(entry.node)) {
            add(this.mapEntry(entry.node, entry.span, { name, span }).tool, span);
          } else {
            add(this.namedEntry(entry, name), span);
          }
        });
      }
    } else {
      throw this.fail(
        `tools must be a list or a map, got ${this.describe(v)}`,
        v.span,
        'write one tool per line: "- self", "- other-agent" or "- from: ./tools.ts#search"',
      );
    }
    d.tools = tools;
    d.toolNameSpans = names;
  }

  /** `self` or the name of a sibling agent file; `name` is the map key in the map form. */
  private namedEntry(entry: Value, name: string | undefined): ToolEntry {
    const s = this.scalarValue(entry);
    if (typeof s !== "string" || s.trim() === "") {
      throw this.fail(
        `a tool must be self, the name of an agent file in this folder, or a map with from; got ${this.describe(entry)}`,
        entry.span,
      );
    }
    if (s === "self") return { kind: "self", name: name ?? "self", span: entry.span };
    if (s.endsWith(AGENT_FILE_EXTENSION)) {
      throw this.fail(`write the agent's name without ${AGENT_FILE_EXTENSION}`, entry.span, `write ${agentNameOf(s)}`);
    }
    if (/[/\\]/.test(s)) {
      // An agent file of another folder, by its path from this one: `../support/summarize`.
      const path = s.startsWith("./") || s.startsWith("../") ? s : `./${s}`;
      const base = path.slice(path.lastIndexOf("/") + 1);
      if (s.includes("\\") || s.startsWith("/") || base === "" || path.split("/").some((p) => p === "")) {
        throw this.fail(
          `an agent tool's path must be relative, with / between folders: ${shown(s)}`,
          entry.span,
          "write it from this file's folder: ../support/summarize",
        );
      }
      if (name === undefined) this.checkToolName(base, entry.span);
      return { kind: "agent", name: name ?? base, file: `${path}${AGENT_FILE_EXTENSION}`, span: entry.span };
    }
    this.checkToolName(s, entry.span);
    return { kind: "agent", name: name ?? s, file: `./${s}${AGENT_FILE_EXTENSION}`, span: entry.span };
  }

  /** A tool entry that is a map: `llm:` makes it a model call, else it is a module's function. */
  private mapEntry(
    node: YAMLMap,
    span: Span,
    keyName: { name: string; span: Span } | undefined,
  ): { tool: ToolEntry; nameSpan: Span } {
    const isLlm = node.items.some((pair) => isScalar(pair.key) && pair.key.value === "llm");
    return isLlm ? this.llmEntry(node, span, keyName) : this.moduleEntry(node, span, keyName);
  }

  /** `{ name, llm: "Label: {{text}}", signature, description, model? }`: one model call. */
  private llmEntry(
    node: YAMLMap,
    span: Span,
    keyName: { name: string; span: Span } | undefined,
  ): { tool: ToolEntry; nameSpan: Span } {
    const values: Partial<Record<(typeof LLM_ENTRY_KEYS)[number], Value>> = {};
    for (const pair of node.items) {
      const { name, span: at } = this.key(pair, "key");
      const known = LLM_ENTRY_KEYS.find((k) => k === name);
      if (known === undefined) {
        throw this.fail(
          `unknown key ${shown(name)} in an llm tool entry`,
          at,
          didYouMean(closest(name, LLM_ENTRY_KEYS)) ?? `an llm tool entry has ${orList(LLM_ENTRY_KEYS, "and")}`,
        );
      }
      if (known === "name" && keyName !== undefined) {
        throw this.fail(
          "name in a tool of the map form",
          at,
          `the key gives the tool's name (${keyName.name}); remove name`,
        );
      }
      if (values[known] !== undefined) throw this.duplicateKey(name, at);
      values[known] = this.value(pair.value, at);
    }
    let name: string;
    let nameSpan: Span;
    if (keyName !== undefined) ({ name, span: nameSpan } = keyName);
    else if (values.name !== undefined) {
      name = this.nonEmptyString(values.name, "the tool's name");
      nameSpan = values.name.span;
      this.checkToolName(name, nameSpan);
    } else throw this.fail("an llm tool needs a name", span, "add name: to the entry");
    if (values.signature === undefined) {
      throw this.fail(`llm tool ${name} has no signature`, span, 'add signature: "(text :string) -> {label :string}"');
    }
    if (values.description === undefined) {
      throw this.fail(
        `llm tool ${name} has no description`,
        span,
        "add description: what the tool answers, in one sentence",
      );
    }
    const prompt = this.nonEmptyString(values.llm!, "llm (the request's template)");
    const signature = this.signatureString(values.signature, "signature");
    const parsed = this.parseSignatureAt(signature, values.signature, `bad signature of tool ${name}`);
    const issue = checkPlaceholders(prompt, parsed)[0];
    if (issue !== undefined)
      throw this.fail(`${issue.message} in the llm template of tool ${name}`, values.llm!.span, issue.hint);
    const description = this.nonEmptyString(values.description, "description").trim();
    const tool: ToolEntry = { kind: "llm", name, prompt, signature, description, span, promptSpan: values.llm!.span };
    if (values.model !== undefined) Object.assign(tool, { model: this.nonEmptyString(values.model, "model").trim() });
    return { tool, nameSpan };
  }

  /** `{ name?, from: ./file.ts#export, signature?, description? }`. */
  private moduleEntry(
    node: YAMLMap,
    span: Span,
    keyName: { name: string; span: Span } | undefined,
  ): { tool: ToolEntry; nameSpan: Span } {
    const values: Partial<Record<(typeof MODULE_ENTRY_KEYS)[number], Value>> = {};
    for (const pair of node.items) {
      const { name, span: at } = this.key(pair, "key");
      const known = MODULE_ENTRY_KEYS.find((k) => k === name);
      if (known === undefined) {
        throw this.fail(
          `unknown key ${shown(name)} in a tool entry`,
          at,
          didYouMean(closest(name, MODULE_ENTRY_KEYS)) ?? `a tool entry has ${orList(MODULE_ENTRY_KEYS, "and")}`,
        );
      }
      if (known === "name" && keyName !== undefined) {
        throw this.fail(
          "name in a tool of the map form",
          at,
          `the key gives the tool's name (${keyName.name}); remove name`,
        );
      }
      if (values[known] !== undefined) throw this.duplicateKey(name, at);
      values[known] = this.value(pair.value, at);
    }
    if (values.from === undefined) {
      throw this.fail("a tool entry has no from", span, "write from: ./tools.ts#exportName (relative to this file)");
    }
    const from = this.moduleRef(values.from);
    let name: string;
    let nameSpan: Span;
    if (keyName !== undefined) {
      ({ name, span: nameSpan } = keyName);
    } else if (values.name !== undefined) {
      name = this.nonEmptyString(values.name, "the tool's name");
      nameSpan = values.name.span;
      this.checkToolName(name, nameSpan);
    } else if (from.exportName === "default") {
      throw this.fail("a tool from a default export needs a name", values.from.span, "add name: to the entry");
    } else {
      name = from.exportName;
      nameSpan = values.from.span;
      if (!TOOL_NAME.test(name)) {
        throw this.fail(
          `the export name ${name} cannot be called as tool/${name}`,
          nameSpan,
          "give the tool a name: with letters, digits, - and _, starting with a letter",
        );
      }
    }
    let signature: string | undefined;
    if (values.signature !== undefined) {
      signature = this.signatureString(values.signature, "signature");
      this.parseSignatureAt(signature, values.signature, `bad signature of tool ${name}`);
    }
    const description =
      values.description === undefined ? undefined : this.nonEmptyString(values.description, "description").trim();
    const controls: { -readonly [K in keyof ToolControls]: ToolControls[K] } = {};
    if (values.concurrency !== undefined) controls.concurrency = this.integer(values.concurrency, `concurrency of tool ${name}`, 1);
    if (values.timeoutMs !== undefined) controls.timeoutMs = this.integer(values.timeoutMs, `timeoutMs of tool ${name}`, 1, MAX_TIMER_MS);
    if (values.cache !== undefined) {
      const c = this.scalarValue(values.cache);
      if (typeof c !== "boolean") throw this.fail(`cache of tool ${name} must be true or false, got ${this.describe(values.cache)}`, values.cache.span);
      controls.cache = c;
    }
    const tool: ToolEntry = { kind: "module", name, from, span, fromSpan: values.from.span };
    if (signature !== undefined) Object.assign(tool, { signature });
    if (description !== undefined) Object.assign(tool, { description });
    if (Object.keys(controls).length > 0) Object.assign(tool, { controls });
    return { tool, nameSpan };
  }

  /** `./tools.ts#search` → path and export. */
  private moduleRef(v: Value): ModuleRef {
    const s = this.nonEmptyString(v, "from").trim();
    const hash = s.lastIndexOf("#");
    const path = hash < 0 ? s : s.slice(0, hash);
    const exportName = hash < 0 ? "default" : s.slice(hash + 1);
    if (!path.startsWith("./") && !path.startsWith("../")) {
      // Which relative path is right only the file system knows: the loader words the
      // hint (module-path.ts); parsing alone can only say what form to use.
      const e = this.fail(
        `the module ${shown(path)} is not a relative path`,
        v.span,
        "write it relative to this file, starting with ./ or ../",
      );
      e.detail = { modulePath: path } satisfies ModulePathDetail;
      throw e;
    }
    if (!MODULE_EXTENSIONS.some((e) => path.endsWith(e))) {
      throw this.fail(`the module ${shown(path)} is not a ${orList(MODULE_EXTENSIONS)} file`, v.span);
    }
    if (!EXPORT_NAME.test(exportName)) {
      throw this.fail(
        exportName === "" ? "no export name after #" : `invalid export name ${shown(exportName)}`,
        v.span,
        "write the function's exported name after #: ./tools.ts#search",
      );
    }
    return { path, exportName };
  }

  private checkToolName(name: string, at: Span): void {
    if (!TOOL_NAME.test(name)) {
      throw this.fail(
        `tool name ${shown(name)} cannot be called as tool/${shown(name)}`,
        at,
        "use letters, digits, - and _, starting with a letter",
      );
    }
  }

  // ---------------------------------------------------------------------------------------
  // Checks across keys

  /** A signature that parses; its errors point into the YAML value. */
  parseSignatureAt(text: string, v: Value, what: string): Signature {
    try {
      return this.named.size === 0 ? this.parseText(text) : this.parseText(text, { types: this.named });
    } catch (e) {
      if (!(e instanceof SignatureError)) throw e;
      throw this.fail(`${what}: ${e.message}`, this.inScalar(v, e.span) ?? v.span, e.hint);
    }
  }

  /**
   * A position inside a scalar's value as a position in the file: exact for one-line plain
   * and quoted scalars without escapes and for literal blocks (`|`), whose text is the
   * source; undefined for folded text and escapes, where the value's start must do.
   */
  private inScalar(v: Value, at: Span | undefined): Span | undefined {
    const node = v.node;
    if (at === undefined || node === null || !isScalar(node) || typeof node.value !== "string" || !node.range) {
      return undefined;
    }
    const value = node.value;
    const [start, end] = node.range;
    // An alias: the value is written elsewhere; point at the alias.
    if (start !== v.span.offset) return undefined;
    const source = this.text.slice(start, end);
    const length = Math.max(1, at.endLine === at.line ? at.endColumn - at.column : 1);
    let base: number | undefined;
    if (node.type === "PLAIN" && source === value) base = start;
    if ((node.type === "QUOTE_SINGLE" || node.type === "QUOTE_DOUBLE") && source.slice(1, -1) === value) {
      base = start + 1;
    }
    if (base !== undefined) return at.line === 1 ? this.span(base + at.offset, base + at.offset + length) : undefined;
    if (node.type !== "BLOCK_LITERAL") return undefined;
    const header = this.text.indexOf("\n", start);
    if (header < 0 || header >= end) return undefined;
    const target = value.split("\n")[at.line - 1];
    let lineStart = header + 1;
    for (let i = 1; i < at.line; i++) {
      lineStart = this.text.indexOf("\n", lineStart) + 1;
      if (lineStart <= 0 || lineStart >= end) return undefined;
    }
    const line = this.text.slice(lineStart, lineEnd(this.text, lineStart));
    if (target === undefined || !line.endsWith(target) || line.slice(0, line.length - target.length).trim() !== "") {
      return undefined;
    }
    const column = lineStart + line.length - target.length + at.column - 1;
    return this.span(column, column + length);
  }

  /** Every `{{placeholder}}` of the prompt names a parameter (positions in the file). */
  private placeholders(prompt: string, promptStart: number, signature: Signature): void {
    for (const issue of checkPlaceholders(prompt, signature)) {
      const at = this.span(promptStart + issue.span.offset, promptStart + issue.span.end);
      this.errors.push(this.fail(issue.message, at, issue.hint));
    }
  }

  /** `fieldDescriptions` describe names of the signature: a typo would silently describe nothing. */
  private describedNames(d: Draft, signature: Signature): void {
    if (d.fieldDescriptionSpans === undefined) return;
    const names = new Set<string>();
    const collect = (t: SigType): void => {
      if (t.kind === "list") collect(t.of);
      if (t.kind === "union") t.of.forEach(collect);
      if (t.kind === "ref") collect(t.type);
      if (t.kind !== "map") return;
      for (const f of t.fields) {
        names.add(f.name);
        collect(f.type);
      }
    };
    for (const p of signature.params) {
      names.add(p.name);
      collect(p.type);
    }
    collect(signature.output);
    for (const [name, at] of d.fieldDescriptionSpans) {
      const alt = altSpelling(name);
      if (names.has(name) || (alt !== null && names.has(alt))) continue;
      this.errors.push(
        this.fail(
          `fieldDescriptions: ${shown(name)} is not a name of the signature`,
          at,
          didYouMean(closest(name, names)) ??
            (names.size === 0 ? "the signature names no fields" : `the names are: ${[...names].join(", ")}`),
        ),
      );
    }
  }

  /** Tool names differ from data names, and text mode has no tools (as defineAgent requires). */
  private toolNames(
    d: Draft,
    signature: Signature,
    spans: Partial<Record<AgentFileKey, KeySpans>>,
    signatureKnown: boolean,
  ): void {
    const params = new Set<string>();
    for (const p of signatureKnown ? signature.params : []) {
      params.add(p.name);
      const alt = altSpelling(p.name);
      if (alt !== null) params.add(alt);
    }
    // The tools ptcc provides (llmQuery, builtinTools) take names too.
    const provided = [
      ...(d.llmQuery !== undefined && d.llmQuery !== false ? [[LLM_QUERY, spans.llmQuery?.key] as const] : []),
      ...(d.builtinTools ?? []).flatMap((b) =>
        BUILTIN_TOOL_NAMES[b].map((n) => [n, spans.builtinTools?.value] as const),
      ),
    ];
    for (const [name, at] of provided) {
      const mine = d.toolNameSpans?.get(name);
      if (mine !== undefined) {
        this.errors.push(this.fail(`tool ${name} is also a tool ptcc provides`, mine, "rename your tool"));
      }
      if (params.has(name) || params.has(name.replace(/-/g, "_"))) {
        this.errors.push(
          this.fail(
            `${name} is both a tool and a data name (a parameter of the signature)`,
            at ?? this.startSpan(),
            "rename the parameter",
          ),
        );
      }
    }
    for (const [name, at] of d.toolNameSpans ?? []) {
      if (params.has(name)) {
        this.errors.push(
          this.fail(`${name} is both a tool and a data name (a parameter of the signature)`, at, "rename one of them"),
        );
      }
    }
    if (d.outputMode === "text" && (d.tools?.length ?? 0) + (d.mcp?.length ?? 0) + provided.length > 0) {
      this.errors.push(
        this.fail(
          "outputMode text cannot use tools",
          spans.outputMode?.value ?? this.startSpan(),
          "tools are called by programs: use outputMode lisp, or remove the tools",
        ),
      );
    }
  }

  // ---------------------------------------------------------------------------------------
  // Positions and messages

  fail(message: string, at: Span, hint?: string): AgentFileError {
    return new AgentFileError(message, this.file, at, hint, this.text);
  }

  private duplicateKey(name: string, at: Span): AgentFileError {
    return this.fail(`duplicate key ${shown(name)}`, at, "each key may appear only once");
  }

  span(offset: number, end: number): Span {
    const a = this.lines.linePos(offset);
    const b = this.lines.linePos(end);
    return { line: Math.max(1, a.line), column: a.col, endLine: Math.max(1, b.line), endColumn: b.col, offset, end };
  }

  private range(range: readonly [number, number, number] | null | undefined, fallback: Span): Span {
    return range ? this.span(range[0], range[1]) : fallback;
  }

  /** Line 1 from column 1, `width` characters wide. */
  private startSpan(width = 1): Span {
    return { line: 1, column: 1, endLine: 1, endColumn: 1 + width, offset: 0, end: width };
  }

  private scalarValue(v: Value): unknown {
    return v.node !== null && isScalar(v.node) ? v.node.value : undefined;
  }

  /** `string "five"`, `number 1.5`, `a list`, `a map`, `nothing`: what a message says was found. */
  describe(v: Value): string {
    if (v.node === null) return "nothing";
    if (isMap(v.node)) return "a map";
    if (isSeq(v.node)) return "a list";
    const s = v.node.value;
    if (s === null || s === undefined) return "nothing";
    if (typeof s === "string") return `string ${JSON.stringify(shown(s))}`;
    if (typeof s === "number" || typeof s === "boolean" || typeof s === "bigint") return `${typeof s} ${String(s)}`;
    return `a ${v.node.tag ?? "tagged"} value`;
  }
}

// ---------------------------------------------------------------------------------------
// Helpers

function isAgentFileKey(name: string): name is AgentFileKey {
  return (AGENT_FILE_KEYS as readonly string[]).includes(name);
}

/** The offset of the end of the line that starts at `from` (its "\n", or the text's end). */
function lineEnd(text: string, from: number): number {
  const i = text.indexOf("\n", from);
  return i < 0 ? text.length : i;
}

/** A written name or value for a message: one line, cut short. */
function shown(text: string): string {
  const line = text.replace(/\s+/g, " ");
  return line.length > MAX_SHOWN ? `${line.slice(0, MAX_SHOWN)}…` : line;
}

/** `lisp or text`, `a, b or c`. */
function orList(items: readonly string[], word = "or"): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} ${word} ${items[items.length - 1]!}`;
}

/** Set a key from the file as an own property: `__proto__` must not reach the prototype. */
function defineEntry<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}
