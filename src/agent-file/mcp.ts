/**
 * The `mcp:` key of agent files: MCP servers whose tools the agent gets, each started when
 * a run starts and stopped when it ends.
 *
 *   mcp:
 *     - command: node                 # a stdio server, as MCP clients configure one
 *       args: [./servers/files.mjs]
 *       env: { ROOT: ./data }
 *       include: [read_file]          # only these tools (default: all)
 *       prefix: fs-                   # tool/fs-read_file
 *     - url: https://example.com/mcp  # a Streamable HTTP server
 *       headers: { Authorization: "Bearer ${EXAMPLE_TOKEN}" }
 *
 * or a map from names (used in messages) to the same entries. Parsing (here, pure) checks
 * the shape with positions; loading expands `${VAR}` from the environment and resolves
 * paths against the agent file's folder; the run opens the servers (ptcc/mcp, loaded then).
 */
import { hostMessage } from "../runtime/convert.js";
import { nodeBuiltin } from "../platform.js";
import type { YAMLMap } from "yaml";
import { isMap, isScalar, isSeq } from "./yaml.js";
import type { ToolSource } from "../agent/tool-source.js";
import type { Span } from "../diagnostics/span.js";
import { closest, didYouMean } from "../diagnostics/suggest.js";
import { AgentFileError } from "./error.js";

/** How the server is reached, as written (variables not yet expanded). */
export type McpServerEntry =
  | {
      readonly kind: "stdio";
      readonly command: string;
      readonly args: readonly string[];
      readonly env: Readonly<Record<string, string>>;
      /** Relative to the agent file's folder (the default working directory). */
      readonly cwd?: string;
    }
  | { readonly kind: "http"; readonly url: string; readonly headers: Readonly<Record<string, string>> };

/** One entry of `mcp`. */
export interface McpEntry {
  /** The key in the map form. */
  readonly name?: string;
  readonly server: McpServerEntry;
  readonly include?: readonly string[];
  readonly prefix?: string;
  /** The entry, for errors found while loading or starting it. */
  readonly span: Span;
}

/** A YAML value with its position (the parser's). */
export interface YamlValue {
  readonly node: unknown;
  readonly span: Span;
}

/** What the entry reader needs of the agent-file parser. */
export interface FrontMatterReader {
  value(node: unknown, fallback: Span): YamlValue;
  // A pair of a YAML map, as far as this reader sees one: its declaration names no yaml
  // type, so that the package's declarations need no yaml (a bundled, not installed, package).
  key(pair: { readonly key: unknown; readonly value: unknown }, what: string): { name: string; span: Span };
  nonEmptyString(v: YamlValue, what: string): string;
  fail(message: string, at: Span, hint?: string): AgentFileError;
  describe(v: YamlValue): string;
}

const ENTRY_KEYS = ["command", "args", "env", "cwd", "url", "headers", "include", "prefix"] as const;
type EntryKey = (typeof ENTRY_KEYS)[number];

const EXAMPLE = 'write "- command: node" with "args: [./server.mjs]", or "- url: http://127.0.0.1:3000/mcp"';

/** Reads the value of `mcp`: a list of entries, or a map of named entries. */
export function readMcpEntries(p: FrontMatterReader, v: YamlValue): McpEntry[] {
  const node = v.node;
  if (node === null || (isScalar(node) && node.value === null)) return [];
  if (isSeq(node)) return node.items.map((item) => entry(p, p.value(item, v.span), undefined));
  if (isMap(node)) {
    const names = new Set<string>();
    return node.items.map((pair) => {
      const { name, span } = p.key(pair, "MCP server name");
      if (names.has(name)) throw p.fail(`duplicate MCP server name ${name}`, span, "name each server once");
      names.add(name);
      return entry(p, p.value(pair.value, span), name);
    });
  }
  throw p.fail(`mcp must be a list or a map of MCP servers, got ${p.describe(v)}`, v.span, EXAMPLE);
}

function entry(p: FrontMatterReader, v: YamlValue, name: string | undefined): McpEntry {
  if (!isMap(v.node)) throw p.fail(`an MCP server must be a map, got ${p.describe(v)}`, v.span, EXAMPLE);
  const values: Partial<Record<EntryKey, YamlValue>> = {};
  for (const pair of (v.node as YAMLMap).items) {
    const { name: key, span } = p.key(pair, "key");
    const known = ENTRY_KEYS.find((k) => k === key);
    if (known === undefined) {
      throw p.fail(
        `unknown key ${key} in an MCP server`,
        span,
        didYouMean(closest(key, ENTRY_KEYS)) ?? `an MCP server has ${ENTRY_KEYS.join(", ")}`,
      );
    }
    if (values[known] !== undefined) throw p.fail(`duplicate key ${key}`, span, "each key may appear only once");
    values[known] = p.value(pair.value, span);
  }
  const { command, url } = values;
  if ((command === undefined) === (url === undefined)) {
    throw p.fail(
      command === undefined
        ? "an MCP server needs a command (stdio) or a url (Streamable HTTP)"
        : "an MCP server has either a command or a url, not both",
      v.span,
      EXAMPLE,
    );
  }
  const only = (keys: readonly EntryKey[], kind: string): void => {
    for (const k of keys) {
      const at = values[k];
      if (at !== undefined) throw p.fail(`${k} is for ${kind} servers`, at.span);
    }
  };
  let server: McpServerEntry;
  if (command !== undefined) {
    only(["headers"], "Streamable HTTP (url)");
    const cwd = values.cwd === undefined ? undefined : p.nonEmptyString(values.cwd, "cwd").trim();
    server = {
      kind: "stdio",
      command: p.nonEmptyString(command, "command").trim(),
      args: values.args === undefined ? [] : stringList(p, values.args, "args", true),
      env: values.env === undefined ? {} : stringMap(p, values.env, "env"),
      ...(cwd !== undefined ? { cwd } : {}),
    };
  } else {
    only(["args", "env", "cwd"], "stdio (command)");
    const text = p.nonEmptyString(url!, "url").trim();
    // ${VAR} may stand for any part; what is checked now is only that it looks like a URL.
    if (!/^https?:\/\//i.test(text)) {
      throw p.fail(`the url of an MCP server must start with http:// or https://, got ${text}`, url!.span);
    }
    server = {
      kind: "http",
      url: text,
      headers: values.headers === undefined ? {} : stringMap(p, values.headers, "headers"),
    };
  }
  const include = values.include === undefined ? undefined : stringList(p, values.include, "include", false);
  const prefix = values.prefix === undefined ? undefined : p.nonEmptyString(values.prefix, "prefix").trim();
  if (prefix !== undefined && !/^[A-Za-z][A-Za-z0-9_-]*$/.test(prefix)) {
    throw p.fail(
      `the prefix ${prefix} cannot start a tool name`,
      values.prefix!.span,
      "use letters, digits, - and _, starting with a letter (fs- or fs_)",
    );
  }
  return {
    ...(name !== undefined ? { name } : {}),
    server,
    ...(include !== undefined ? { include } : {}),
    ...(prefix !== undefined ? { prefix } : {}),
    span: v.span,
  };
}

/** A list of strings; `scalars`: numbers and booleans are taken as written (`-p 8080`). */
function stringList(p: FrontMatterReader, v: YamlValue, what: string, scalars: boolean): string[] {
  if (!isSeq(v.node)) throw p.fail(`${what} must be a list, got ${p.describe(v)}`, v.span, `write ${what}: [a, b]`);
  return v.node.items.map((item) => {
    const x = p.value(item, v.span);
    if (scalars && isScalar(x.node) && (typeof x.node.value === "number" || typeof x.node.value === "boolean")) {
      return String(x.node.source ?? x.node.value);
    }
    return p.nonEmptyString(x, `each item of ${what}`);
  });
}

/** A map of names to strings (numbers and booleans as written). */
function stringMap(p: FrontMatterReader, v: YamlValue, what: string): Record<string, string> {
  if (!isMap(v.node))
    throw p.fail(`${what} must be a map, got ${p.describe(v)}`, v.span, `write ${what}: { NAME: value }`);
  const out: Record<string, string> = {};
  for (const pair of v.node.items) {
    const { name, span } = p.key(pair, `${what} name`);
    if (Object.hasOwn(out, name)) throw p.fail(`duplicate key ${name}`, span, "each key may appear only once");
    const x = p.value(pair.value, span);
    const value =
      isScalar(x.node) && (typeof x.node.value === "number" || typeof x.node.value === "boolean")
        ? String(x.node.source ?? x.node.value)
        : isScalar(x.node) && typeof x.node.value === "string"
          ? x.node.value
          : undefined;
    if (value === undefined) throw p.fail(`${what}.${name} must be a string, got ${p.describe(x)}`, x.span);
    Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Loading

/** The agent file an entry was written in: its path, and the path errors show. */
export interface EntryFile {
  readonly absolute: string;
  readonly shown: string;
}

const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * The entry as a tool source of the agent: `${VAR}` expanded from `env` now (an unset
 * variable is an error at the entry), the working directory resolved against the file's
 * folder, and the server started — with `ptcc/mcp` loaded — only when a run opens it.
 */
export function mcpToolSource(
  entry: McpEntry,
  file: EntryFile,
  // Not NodeJS.ProcessEnv: the declarations must type-check without @types/node (`"types": []`).
  env: Readonly<Record<string, string | undefined>> = process.env,
): ToolSource {
  const at = `${file.shown}:${entry.span.line}:${entry.span.column}`;
  const expand = (text: string, where: string): string =>
    text.replace(VARIABLE, (_, name: string) => {
      const value = env[name];
      if (value === undefined) {
        throw new AgentFileError(
          `the environment variable ${name} (in ${where} of an MCP server) is not set`,
          file.shown,
          entry.span,
          `set ${name}, or write the value itself`,
        );
      }
      return value;
    });
  const mapOf = (m: Readonly<Record<string, string>>, what: string): Record<string, string> =>
    Object.fromEntries(Object.entries(m).map(([k, v]) => [k, expand(v, `${what}.${k}`)]));
  const s = entry.server;
  const spec =
    s.kind === "stdio"
      ? {
          command: expand(s.command, "command"),
          args: s.args.map((a, i) => expand(a, `args[${i}]`)),
          env: mapOf(s.env, "env"),
          cwd: (({ resolve, dirname }) => resolve(dirname(file.absolute), expand(s.cwd ?? ".", "cwd")))(
            nodeBuiltin("node:path", "starting an MCP server"),
          ),
        }
      : { url: expand(s.url, "url"), headers: mapOf(s.headers, "headers") };
  const label = entry.name ?? (s.kind === "stdio" ? [s.command, ...s.args].join(" ") : s.url);
  return {
    name: `MCP server ${label}`,
    open: async (signal) => {
      const { mcpTools } = await import("../mcp/tools.js");
      try {
        const mcp = await mcpTools(spec, {
          signal,
          // Named as written: expanded arguments may hold secrets.
          name: label,
          ...(entry.include !== undefined ? { include: entry.include } : {}),
          ...(entry.prefix !== undefined ? { prefix: entry.prefix } : {}),
        });
        return { tools: mcp.tools, close: () => mcp.close() };
      } catch (error) {
        throw new Error(`${at}: ${hostMessage(error)}`);
      }
    },
  };
}
