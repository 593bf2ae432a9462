/**
 * `ptcc compile`: agent files in, one typed module per agent (and an index) out.
 *
 *   discover → read and parse every file → names, tools, agents-as-tools, cycles, unused
 *   parameters → hash each module's inputs → tool types (TypeScript, only for modules whose
 *   inputs changed) → emit → plan against the output folder → write it atomically (or,
 *   with `check`, only compare)
 *
 * The tool types are asked for as soon as the requests are known and may be answered by
 * another thread (the CLI's worker, tool-types-worker.ts); modules without tool modules are
 * emitted while the answers are on their way.
 *
 * Every problem of every file is collected before anything is written; one error and
 * nothing is written at all. A module whose inputs hash to what its header records is not
 * generated again (and its tools are not read again).
 */
import { MissingPackageError } from "../diagnostics/missing-package.js";
import { existsSync, readFileSync } from "node:fs";
import { sharedTypesOf, type SharedTypes, type SharedTypesProblem } from "../agent-file/named-types.js";
import type { SigType } from "../signature/types.js";
import { dirname, join, relative, resolve, sep } from "node:path";
import { renderSignature } from "../signature/render.js";
import type { Signature } from "../signature/types.js";
import { assignNames, findCycles, resolveTools, scriptModel, unusedParameters } from "./checks.js";
import type { Diagnostic } from "./diagnostics.js";
import { CompileUsageError, discoverAgentModules } from "./discover.js";
import {
  agentModuleParts,
  emitAgentModule,
  emitIndex,
  emitTypesModule,
  type AgentModuleParts,
  type EmitTool,
} from "./emit.js";
import { fileDigest, inputsDigest, readCached, tsconfigChain, withLocalImports, type FileCache } from "./hash.js";
import {
  applyPlan,
  discardStaging,
  HEADER_PREFIX,
  type GeneratedFile,
  outputFolder,
  planChanges,
  planOutput,
  readOutputState,
  stage,
  staging,
  writingOut,
  type OutputPlan,
} from "./output.js";
import type { ToolAnswer, ToolRequest, ToolTypeOptions } from "./tool-types.js";
import { frozenModulePart, readFrozenSource, type FrozenSource } from "./frozen-unit.js";
import { at, readUnit, signatureParser, type SignatureParser, type Unit, type UnitTool } from "./unit.js";
import { providedToolSignatures } from "../agent/program-tools.js";
import {
  indexHash,
  moduleHashBase,
  projectRoot,
  readDigests,
  typesHashBase,
  TYPES_MODULE,
  upToDate,
} from "./up-to-date.js";

export interface CompileOptions {
  /** Folders (or agent files) as given, relative to `cwd`. */
  readonly inputs: readonly string[];
  /** The output folder, relative to `cwd`. */
  readonly out: string;
  readonly cwd: string;
  /** Compare with the output folder instead of writing it (everything is generated again). */
  readonly check?: boolean;
  /** Generate every module again, whatever the recorded hashes say. */
  readonly force?: boolean;
  /** Called as the work goes on (the CLI shows it on a terminal). */
  readonly onProgress?: (progress: CompileProgress) => void;
  /** Reads the tool modules' types; analyzeTools in this thread unless given. */
  readonly toolTypes?: ToolTypeReader;
  /** The caller found that something changed (upToDate is null): the compile does not look again. */
  readonly changed?: boolean;
}

/** What reads the tool modules' types for a compile (the CLI gives one that runs in a worker). */
export interface ToolTypeReader {
  analyze(requests: readonly ToolRequest[], options: ToolTypeOptions): Promise<ToolAnswer[]>;
}

/** The tool types read in this thread (TypeScript loaded when first asked). */
function inThisThread(): ToolTypeReader {
  return {
    analyze: async (requests, options) => (await import("./tool-types.js")).toolTypesHere().analyze(requests, options),
  };
}

export interface CompileProgress {
  readonly phase: "read" | "types" | "emit" | "write";
  readonly done: number;
  readonly total: number;
}

export interface CompileResult {
  readonly agents: number;
  readonly diagnostics: readonly Diagnostic[];
  readonly errors: number;
  readonly warnings: number;
  /** Files written (paths as shown, relative to the working directory). */
  readonly written: readonly string[];
  /** Generated files removed because their agent is gone. */
  readonly removed: readonly string[];
  /** Agent files whose module was generated again (their inputs changed). */
  readonly regenerated: readonly string[];
  /** Every file the compile read (absolute): agent files, tool modules, their local imports. */
  readonly inputs: readonly string[];
  /** With `check`: the differences between what would be generated and the folder. */
  readonly check?: CheckResult;
}

/**
 * What `--check` found: generated files whose code differs from what would be generated
 * now (the header's hashes aside), files missing, files whose agent is gone; and, for each,
 * why (which input changed), by the file as shown.
 */
export interface CheckResult {
  readonly stale: readonly string[];
  readonly missing: readonly string[];
  readonly extra: readonly string[];
  readonly why?: Readonly<Record<string, string>>;
}

/** Compile the agent files under `inputs` into `out`. Throws CompileUsageError for bad folders. */
export async function compileAgents(options: CompileOptions): Promise<CompileResult> {
  const cwd = resolve(options.cwd);
  // `given`: where files are shown; `out`: where they are written (a link's folder).
  const given = resolve(cwd, options.out);
  const out = outputFolder(given, options.out, cwd, options.check !== true);
  const inputs = options.inputs.map((i) => resolve(cwd, i));
  for (const [i, input] of inputs.entries()) {
    if (input === out || input.startsWith(out + sep)) {
      throw new CompileUsageError(
        `--out ${options.out} holds the agent files of ${options.inputs[i]!}: choose a folder of its own`,
      );
    }
  }
  if (existsSync(join(out, "package.json"))) {
    throw new CompileUsageError(
      `--out ${options.out} is a project folder (it has a package.json): choose a folder of its own`,
    );
  }
  const shown = (p: string): string => relative(cwd, p).split(sep).join("/") || ".";
  const root = projectRoot(out, cwd);
  const fromRoot = (p: string): string => relative(root, p).split(sep).join("/");
  const progress = options.onProgress ?? ((): void => {});

  // Every module's inputs as they were: nothing would change (with --check too, as cheaply).
  if (options.force !== true && options.changed !== true) {
    const quick = upToDate({ inputs: options.inputs, out: options.out, cwd });
    if (quick !== null) {
      return {
        agents: quick.agents,
        diagnostics: [],
        errors: 0,
        warnings: 0,
        written: [],
        removed: [],
        regenerated: [],
        inputs: quick.inputs,
        ...(options.check === true ? { check: { stale: [], missing: [], extra: [] } } : {}),
      };
    }
  }
  const found = discoverAgentModules(options.inputs, cwd, [out]);
  const files = found.map((f) => f.file);
  const diags: Diagnostic[] = [];
  const report = (d: Diagnostic): void => {
    diags.push(d);
  };

  // --- Read and parse (with the named types of the types.ptcc files above each agent file)
  const units: Unit[] = [];
  const parse = signatureParser();
  const sharedCache = new Map<string, SharedTypes>();
  const sharedProblems: SharedTypesProblem[] = [];
  const sharedOf = (file: string): SharedTypes =>
    sharedTypesOf(
      dirname(file),
      {
        readFile: (p) => (existsSync(p) ? readFileSync(p, "utf8") : null),
        shown,
        isRoot: (d) => existsSync(join(d, "package.json")),
      },
      sharedCache,
      sharedProblems,
      join,
      dirname,
    );
  for (const [i, { file: absolute, module }] of found.entries()) {
    progress({ phase: "read", done: i, total: files.length });
    const shared = sharedOf(absolute);
    const unit = readUnit(absolute, module, shown(absolute), fromRoot(absolute), report, parse, shared);
    if (unit !== null) units.push(unit);
  }
  for (const p of sharedProblems) {
    report({
      code: "PTC112",
      severity: "error",
      file: p.file,
      message: p.message,
      span: p.span,
      source: p.source,
      ...(p.hint === undefined ? {} : { hint: p.hint }),
    });
  }
  const sharedTypes = sharedTypesModule(sharedCache, report, shown);
  const byPath = new Map(units.map((u) => [u.absolute, u]));
  // Frozen programs (x.program.clj beside x.agent.md): read now, an input of their module.
  const programs = new Map<Unit, FrozenSource>();
  for (const u of units) {
    const p = readFrozenSource(u, shown, fromRoot, report);
    if (p !== null) programs.set(u, p);
  }

  // --- Names, tools, cycles, parameters
  assignNames(units, report);
  for (const u of units) typeNameClashes(u, report, sharedTypes !== null);
  const cache: FileCache = new Map();
  const compiled = new Set(files);
  for (const u of units) resolveTools(u, byPath, compiled, report, parse);
  const models = new Map(units.map((u) => [u, scriptModel(u, report, fromRoot)]));
  findCycles(units, report);
  // A file with problems of its own (a misspelt placeholder) would only be warned of their echoes.
  for (const u of units) if (!u.problems) unusedParameters(u, report);

  // --- Hashes; what must be generated
  const state = readOutputState(out);
  for (const u of units) u.inputsHash = inputsHash(u, cache, fromRoot, fromRoot(out), programs.get(u));
  // Tools are read for every module that is to be generated again, including modules of
  // files with other errors: a run reports all the problems it can find.
  const named = units.filter((u) => u.names !== null);
  const fresh = named.filter((u) => {
    if (options.check === true || options.force === true) return true;
    const existing = state.generated.get(`${u.names!.module}.ts`);
    return existing === undefined || existing.inputsHash !== u.inputsHash || !existing.intact;
  });

  // --- Tool types, for the modules generated again
  const requests: { unit: Unit; tool: Extract<UnitTool, { kind: "module" }>; request: ToolRequest }[] = [];
  for (const u of fresh) {
    for (const t of u.tools) {
      if (t.kind !== "module") continue;
      requests.push({
        unit: u,
        tool: t,
        request: { module: t.absolute, exportName: t.entry.from.exportName, declared: t.declared },
      });
    }
  }
  const answers = new Map<Extract<UnitTool, { kind: "module" }>, Extract<ToolAnswer, { ok: true }>>();
  const reader = options.toolTypes ?? inThisThread();
  const typeOptions = (u: Unit): ToolTypeOptions => ({ projectDir: dirname(u.absolute), checkDerived: true });
  let answered: Promise<ToolAnswer[]> | null = null;
  // A function used by many agents with the same signature is read (and checked) once.
  const keyOf = (r: ToolRequest): string =>
    JSON.stringify([
      r.module,
      r.exportName,
      // Spelled out: two agent files may give one name (`:Ticket`) different types.
      r.declared === null ? null : renderSignature(r.declared, { namedTypes: "expand" }),
    ]);
  const unique = new Map<string, ToolRequest>();
  if (requests.length > 0) {
    progress({ phase: "types", done: 0, total: requests.length });
    for (const { request } of requests) if (!unique.has(keyOf(request))) unique.set(keyOf(request), request);
    // TypeScript is loaded here, and only here: a compile without module tools never pays for it.
    answered = reader.analyze([...unique.values()], typeOptions(requests[0]!.unit));
    // Awaited after the emission below; until then a rejection must not count as unhandled.
    answered.catch(() => {});
  }

  const result = (extra: Partial<CompileResult>): CompileResult => {
    const errors = diags.filter((d) => d.severity === "error").length;
    return {
      agents: files.length,
      diagnostics: diags,
      errors,
      warnings: diags.length - errors,
      written: [],
      removed: [],
      regenerated: [],
      // Program files too: `--watch` compiles again when a frozen program changes.
      inputs: [
        ...files,
        ...[...programs.values()].map((p) => p.absolute),
        ...[...cache.keys()].filter((f) => !files.includes(f)),
      ],
      ...extra,
    };
  };
  const good = named;
  const isFresh = new Set(fresh);

  // --- Emit: while the tool types are read, the modules that need none (written into the
  // new folder at once) and what of the others does not depend on them; then the rest
  const emitted = new Map<Unit, string>();
  const parts = new Map<Unit, AgentModuleParts>();
  const early = options.check === true ? null : staging(out);
  // A frozen program's tool calls are checked against the tools' signatures: it waits for them too.
  const needsTypes = (u: Unit): boolean => u.tools.some((t) => t.kind === "module") || programs.has(u);
  const frozen = new Map<Unit, string>();
  const emit = (withTypes: boolean): void => {
    for (const [i, u] of good.entries()) {
      if (!isFresh.has(u) || needsTypes(u) !== withTypes) continue;
      progress({ phase: "emit", done: i, total: good.length });
      const text = emitAgentModule(
        {
          ...emitInput(u, answers, out, models.get(u), fromRoot, sharedTypes !== null),
          ...(frozen.has(u) ? { frozen: frozen.get(u)! } : {}),
        },
        parts.get(u),
      );
      emitted.set(u, text);
      const file = `${u.names!.module}.ts`;
      if (early !== null && !withTypes && state.generated.get(file)?.text !== text) {
        writingOut(options.out, () => stage(early, file, text));
      }
    }
  };
  try {
    const failed = (): boolean => diags.some((d) => d.severity === "error");
    if (!failed()) {
      emit(false);
      for (const u of good)
        if (isFresh.has(u) && needsTypes(u)) {
          parts.set(u, agentModuleParts(emitInput(u, answers, out, models.get(u), fromRoot, sharedTypes !== null)));
        }
    }
    if (answered !== null) {
      const byKey = new Map([...unique.keys()].map((k, i) => [k, i]));
      let results: ToolAnswer[];
      try {
        results = await answered;
      } catch (e) {
        // ts-morph is an optional peer: without it, each TypeScript tool says what to install.
        if (!(e instanceof MissingPackageError)) throw e;
        for (const { unit, tool } of requests) report(at(unit, "PTC161", e.message, tool.entry.fromSpan, e.install));
        results = [];
      }
      for (const { unit, tool, request } of results.length === 0 ? [] : requests) {
        const a = results[byKey.get(keyOf(request))!]!;
        if (a.ok) answers.set(tool, a);
        else report(at(unit, a.code, a.message, tool.entry.fromSpan, a.hint));
      }
    }
    for (const [u, program] of programs) {
      if (!isFresh.has(u) || u.names === null) continue;
      const text = frozenModulePart(u, program, toolSignaturesOf(parse, u, answers), report);
      if (text !== null) frozen.set(u, text);
    }
    if (failed()) return result({});
    emit(true);
    const generated = new Map<string, string>();
    const regenerated: string[] = [];
    for (const u of good) {
      const file = `${u.names!.module}.ts`;
      const text = emitted.get(u);
      if (text === undefined) {
        generated.set(file, state.generated.get(file)!.text);
        continue;
      }
      regenerated.push(u.shown);
      generated.set(file, text);
    }
    const sources = options.inputs.map((i) => fromRoot(resolve(cwd, i)) || ".").join(", ");
    const modules = good.map((u) => u.names!);
    const warnings = diags.filter((d) => d.severity === "warning").length;
    const withPrograms = new Set([...programs.keys()].filter((u) => u.names !== null).map((u) => u.names!.module));
    generated.set("index.ts", emitIndex(sources, modules, indexHash(modules, withPrograms), warnings, withPrograms));
    if (sharedTypes !== null) {
      const reads = sharedTypes.files.map((f): [string, string] => [fromRoot(f), fileDigest(readCached(cache, f))]);
      const hash = inputsDigest(
        typesHashBase(),
        sharedTypes.files.map((f): [string, string | null] => [fromRoot(f), readCached(cache, f)]),
      );
      const source = sharedTypes.files.map(fromRoot).join(", ");
      generated.set(TYPES_MODULE, emitTypesModule(source, sharedTypes.types, reads, hash));
    }

    // --- Files in the way
    const inTheWay = [...generated.keys()].filter((f) => state.others.has(f));
    if (inTheWay.length > 0) {
      for (const f of inTheWay) {
        report({
          code: "PTC160",
          severity: "error",
          file: shown(join(given, f)),
          message: `${shown(join(given, f))} was not generated by ptcc (it has no ptcc header): not overwriting it`,
          hint: "move or rename that file, or choose another --out folder",
        });
      }
      return result({});
    }

    const plan: OutputPlan = planOutput(state, generated);
    if (options.check === true) {
      const byModule = new Map(good.map((u) => [`${u.names!.module}.ts`, u]));
      const why: Record<string, string> = {};
      const missing: string[] = [];
      const stale: string[] = [];
      for (const [f, text] of plan.write) {
        const file = shown(join(given, f));
        const old = state.generated.get(f);
        const u = byModule.get(f);
        if (old === undefined) {
          missing.push(file);
          why[file] =
            f === TYPES_MODULE
              ? "the named types of types.ptcc are not there"
              : u === undefined
                ? "the index of the agents is not there"
                : `${u.shown} has no generated module`;
        } else if (generatedCode(old.text) !== generatedCode(text)) {
          // Only the code counts: a changed input that changes nothing generated is no change.
          stale.push(file);
          why[file] =
            f === TYPES_MODULE
              ? "types.ptcc changed since it was generated"
              : u === undefined
                ? "the list of agents changed"
                : staleReason(old, u, shown, root);
        }
      }
      const extra = plan.remove.map((f) => shown(join(given, f)));
      for (const f of plan.remove) {
        const source = state.generated
          .get(f)!
          .head.split("\n")[0]!
          .slice(HEADER_PREFIX.length)
          .replace(/ — do not edit$/, "");
        why[shown(join(given, f))] = `its agent file ${shown(join(root, source))} is not compiled any more`;
      }
      return result({
        regenerated,
        check: { stale, missing, extra, ...(Object.keys(why).length > 0 ? { why } : {}) },
      });
    }
    if (planChanges(plan)) {
      progress({ phase: "write", done: 0, total: plan.write.size });
      writingOut(options.out, () => applyPlan(out, state, plan, early ?? undefined));
    }
    return result({
      regenerated,
      written: [...plan.write.keys()].map((f) => shown(join(given, f))),
      removed: plan.remove.map((f) => shown(join(given, f))),
    });
  } finally {
    // Unless applyPlan took it: a compile with errors writes nothing.
    if (early !== null) discardStaging(early);
  }
}

// ---------------------------------------------------------------------------------------
// Hashes and emit input

function inputsHash(
  u: Unit,
  cache: FileCache,
  fromRoot: (p: string) => string,
  outFromRoot: string,
  program: FrozenSource | undefined,
): string {
  const tools = new Map<string, string | null>();
  if (program !== undefined) tools.set(program.source, program.text);
  for (const t of u.tools) {
    if (t.kind !== "module") continue;
    const files = withLocalImports(cache, t.absolute);
    if (files.length === 0) tools.set(fromRoot(t.absolute), null);
    for (const [file, text] of files) tools.set(fromRoot(file), text);
  }
  if (tools.size > 0)
    for (const [file, text] of tsconfigChain(cache, dirname(u.absolute))) tools.set(fromRoot(file), text);
  // The types.ptcc files above it: a change to a named type changes the module.
  for (const file of u.shared.files) tools.set(fromRoot(file), readCached(cache, file));
  const sorted = [...tools].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  u.reads = [
    [u.source, fileDigest(u.text)],
    ...sorted.filter(([p]) => p !== u.source).map(([p, text]): [string, string] => [p, fileDigest(text)]),
  ];
  return inputsDigest(moduleHashBase(outFromRoot), [[u.source, u.text], ...sorted.filter(([p]) => p !== u.source)]);
}

/** The signatures of a unit's tools, for the static check of its frozen program's calls. */
function toolSignaturesOf(
  parse: SignatureParser,
  u: Unit,
  answers: ReadonlyMap<Extract<UnitTool, { kind: "module" }>, Extract<ToolAnswer, { ok: true }>>,
): Map<string, Signature> {
  const out = new Map<string, Signature>();
  for (const t of u.tools) {
    const sig =
      t.kind === "self"
        ? u.signature
        : t.kind === "agent"
          ? t.target.signature
          : t.kind === "llm"
            ? parse(t.entry.signature)
            : (answers.get(t)?.signature ?? t.declared);
    if (sig !== null) out.set(t.entry.name, sig);
  }
  // The tools ptcc provides (builtinTools) have signatures too; llm-query has none.
  for (const [name, sig] of providedToolSignatures(u.spec)) out.set(name, sig);
  return out;
}

function emitInput(
  u: Unit,
  answers: ReadonlyMap<Extract<UnitTool, { kind: "module" }>, Extract<ToolAnswer, { ok: true }>>,
  out: string,
  model: string | undefined,
  fromRoot: (p: string) => string,
  shared: boolean,
): Parameters<typeof emitAgentModule>[0] {
  // A script model of an llm tool or of llmQuery, like the agent's: from the project root.
  const fromFile = (m: string | undefined): string | undefined =>
    m === undefined || !m.startsWith("script:")
      ? m
      : `script:${fromRoot(resolve(dirname(u.absolute), m.slice("script:".length).trim()))}`;
  // Imports are relative to the module's own folder (the output mirrors the agent folders).
  const folder = dirname(join(out, `${u.names!.module}.ts`));
  const tools: EmitTool[] = u.tools.map((t): EmitTool => {
    switch (t.kind) {
      case "self":
        return { kind: "self", name: t.entry.name };
      case "agent":
        return {
          kind: "agent",
          name: t.entry.name,
          importPath: importSpecifier(folder, join(out, `${t.target.names!.module}.ts`)),
          exportName: t.target.names!.agent,
        };
      case "llm": {
        const { name, prompt, signature, description } = t.entry;
        const m = fromFile(t.entry.model);
        return { kind: "llm", name, prompt, signature, description, ...(m !== undefined ? { model: m } : {}) };
      }
      case "module": {
        const a = answers.get(t);
        const spec = importSpecifier(folder, t.absolute);
        const description = t.entry.description ?? a?.description;
        return {
          kind: "module",
          name: t.entry.name,
          importPath: spec,
          exportName: t.entry.from.exportName,
          signature: a?.signature ?? t.declared,
          ...(description === undefined ? {} : { description }),
          ...(t.entry.controls === undefined ? {} : { controls: t.entry.controls }),
          resultTyped: a?.resultTyped ?? false,
        };
      }
    }
  });
  return {
    source: u.source,
    names: u.names!,
    // A script model by its path from the project root, not from the agent file.
    spec: {
      ...(model === u.spec.model ? u.spec : { ...u.spec, ...(model === undefined ? {} : { model }) }),
      ...(typeof u.spec.llmQuery === "object" && u.spec.llmQuery.model !== undefined
        ? { llmQuery: { ...u.spec.llmQuery, model: fromFile(u.spec.llmQuery.model)! } }
        : {}),
    },
    signature: u.signature,
    tools,
    inputsHash: u.inputsHash,
    reads: u.reads,
    ...(u.spec.namedTypes === undefined
      ? {}
      : {
          namedTypes: {
            local: Object.keys(u.spec.types ?? {}).flatMap((n): [string, SigType][] => {
              const t = u.spec.namedTypes!.get(n);
              return t === undefined ? [] : [[n, t]];
            }),
            sharedPath: shared ? importSpecifier(folder, join(out, TYPES_MODULE)) : "./types.js",
          },
        }),
  };
}

// ---------------------------------------------------------------------------------------
// Shared named types

/** The named types of every types.ptcc the compile read, for OUT/types.ts; null when there are none. */
function sharedTypesModule(
  cache: ReadonlyMap<string, SharedTypes>,
  report: (d: Diagnostic) => void,
  shown: (p: string) => string,
): { files: string[]; types: [string, SigType][] } | null {
  const files = new Map<string, SharedTypes>();
  for (const s of cache.values()) {
    const last = s.files[s.files.length - 1];
    if (last !== undefined) files.set(last, s);
  }
  if (files.size === 0) return null;
  const sorted = [...files.keys()].sort();
  const first = new Map<string, string>();
  const types: [string, SigType][] = [];
  for (const file of sorted) {
    const s = files.get(file)!;
    for (const { name, span } of s.defined.get(file) ?? []) {
      const other = first.get(name);
      if (other !== undefined) {
        // Folders side by side: each sees its own, but OUT/types.ts holds one of each name.
        report({
          code: "PTC112",
          severity: "error",
          file: shown(file),
          span,
          message: `the type ${name} is also defined in ${shown(other)}`,
          hint: "the generated types.ts holds one type of each name: rename one of them, or define it once in a folder above both",
        });
        continue;
      }
      first.set(name, file);
      types.push([name, s.types.get(name)!]);
    }
  }
  return { files: sorted, types };
}

/**
 * The names a module declares or imports must not be taken twice: a named type called like
 * the module's own Input or Output type, or an agent file named types next to OUT/types.ts.
 */
function typeNameClashes(u: Unit, report: (d: Diagnostic) => void, shared: boolean): void {
  if (u.names === null) return;
  if (shared && u.names.module === TYPES_MODULE.slice(0, -".ts".length)) {
    report(
      at(
        u,
        "PTC151",
        `this agent file would generate ${TYPES_MODULE}, which holds the named types of types.ptcc`,
        {
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 4,
          offset: 0,
          end: 3,
        },
        "rename the agent file",
      ),
    );
  }
  const taken = [u.names.input, u.names.output, u.names.agent, u.names.validateInput, u.names.validateOutput];
  for (const name of [...(u.spec.namedTypes?.keys() ?? [])]) {
    if (!taken.includes(name)) continue;
    report(
      at(
        u,
        "PTC112",
        `the named type ${name} has the name of a type the module generates for this agent`,
        u.spec.spans.types?.key ?? u.spec.spans.signature?.value,
        "rename the type",
      ),
    );
  }
}

// ---------------------------------------------------------------------------------------
// --check: what changed

/** A generated file without the header lines that record hashes and inputs: its code. */
function generatedCode(text: string): string {
  return text.replace(/^\/\/ ptcc: (?:inputs|reads|warnings) .*\n/gm, "");
}

/** Which inputs of a stale module changed since it was generated, from its header's digests. */
function staleReason(old: GeneratedFile, u: Unit, shown: (p: string) => string, root: string): string {
  if (!old.intact) return "it was edited by hand";
  const before = readDigests(old.head);
  if (before === null) return "it was generated by another version of ptcc";
  const changed: string[] = [];
  for (const [path, digest] of u.reads) {
    const was = before.get(path);
    const name = shown(join(root, path));
    if (was === undefined) changed.push(`${name} is read now`);
    else if (was !== digest) changed.push(`${name} changed`);
  }
  const now = new Set(u.reads.map(([p]) => p));
  for (const path of before.keys()) if (!now.has(path)) changed.push(`${shown(join(root, path))} is not read any more`);
  return changed.length === 0 ? "ptcc changed since it was generated" : `${changed.join(", ")} since it was generated`;
}

/** The relative specifier from a folder to a module, `.ts` written `.js` (as nodenext, bundlers and tsx expect). */
function importSpecifier(from: string, module: string): string {
  let spec = relative(from, module).split(sep).join("/");
  if (!spec.startsWith(".")) spec = `./${spec}`;
  return spec.replace(/\.(m|c)?ts$/, (_m, k: string | undefined) => `.${k ?? ""}js`);
}
