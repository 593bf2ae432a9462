/**
 * The TypeScript side of module tools, read with the compiler API ts-morph brings (loaded
 * only when a compile has module tools to read; see load-typescript.ts). For each tool:
 *
 * - the export exists and is a function;
 * - with a declared signature: the function accepts the signature's arguments (and the
 *   ToolContext), and what it returns (awaited) fits the signature's output — checked by
 *   TypeScript itself, on a check file that assigns each tool to the function type the
 *   signature gives. A return type of `unknown` or `any` is not checked here (the run
 *   checks results against the signature anyway);
 * - without one: the signature is derived from the types (src/compiler/ts-signature.ts)
 *   and the description from the function's JSDoc.
 *
 * Compiler options come from the nearest tsconfig.json above the agent files (so `paths`,
 * `lib` and `types` are the project's), with emit off and library checks skipped; without
 * one, strict ES2023 settings with Node's module resolution.
 *
 * A `ToolTypes` session can parse and bind the standard library's declarations (most of the
 * work) before it knows the tools (`prepare`), while the agent files are still being read:
 * the compile runs it in a worker thread (types-worker.ts) for that.
 */
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import type { ts } from "ts-morph";
import { closest, didYouMean } from "../diagnostics/suggest.js";
import { renderType } from "../signature/render.js";
import { deref, type Signature, type SigType } from "../signature/types.js";
import { codeCache, saveCodeCaches } from "./code-cache.js";
import { findUp } from "./hash.js";
import type { DiagnosticCode } from "./codes.js";
import { defaultCacheDir, loadTypeScript, type TypeScriptApi } from "./load-typescript.js";
import { PTCC_TYPES, PTCC_TYPES_FILE } from "./ptcc-types.js";
import { inputTypeText, outputTypeText } from "./emit-types.js";
import { deriveSignature, type TsApi } from "./ts-signature.js";

/** One tool to read. */
export interface ToolRequest {
  /** The module's absolute path. */
  readonly module: string;
  readonly exportName: string;
  /** The tool's signature as the agent file declares it; null: derive one. */
  readonly declared: Signature | null;
}

export type ToolAnswer =
  | {
      readonly ok: true;
      /** The declared signature, or the derived one; null when the types say too little. */
      readonly signature: Signature | null;
      /** From the function's JSDoc, when the tool has no signature declared. */
      readonly description?: string;
      /** The function's return type is known (not `unknown`/`any`): generated code types it. */
      readonly resultTyped: boolean;
    }
  | { readonly ok: false; readonly code: DiagnosticCode; readonly message: string; readonly hint?: string };

export interface ToolTypeOptions {
  /** Where to look for tsconfig.json (upwards) and where the check file lives. */
  readonly projectDir: string;
  /**
   * Check each derived signature against its function as the generated module will have
   * them (seamCheck): what would not type-check is PTC138. The compile asks for it; reading
   * a tool's signature alone (`ptcc run`) does not.
   */
  readonly checkDerived?: boolean;
}

/** Read every requested tool; answers in the order of the requests (in this thread). */
export async function analyzeTools(requests: readonly ToolRequest[], options: ToolTypeOptions): Promise<ToolAnswer[]> {
  return requests.length === 0 ? [] : toolTypesHere().analyze(requests, options);
}

/**
 * A TypeScript session in this thread, loaded from the code cache (the compile's own when
 * there is no worker); the caches a cold start made are written after the first analyze.
 */
export function toolTypesHere(): ToolTypes {
  const cache = codeCache(defaultCacheDir());
  const session = toolTypes(loadTypeScript(cache));
  return {
    prepare: (dir) => session.prepare(dir),
    analyze: (requests, options) => {
      const answers = session.analyze(requests, options);
      saveCodeCaches(cache);
      return answers;
    },
  };
}

/** A TypeScript session of one compile. */
export interface ToolTypes {
  /**
   * Parse and bind the standard library for the project around `projectDir` ahead of
   * `analyze` (which does it otherwise). Its options are those `analyze` uses when given the
   * same tsconfig.json.
   */
  prepare(projectDir: string): void;
  /** Read every requested tool; answers in the order of the requests. */
  analyze(requests: readonly ToolRequest[], options: ToolTypeOptions): ToolAnswer[];
}

export function toolTypes(api: TypeScriptApi): ToolTypes {
  let project: Project | null = null;
  const projectFor = (projectDir: string): Project => {
    const tsconfig = findUp(projectDir, "tsconfig.json");
    if (project === null || project.tsconfig !== tsconfig) project = new Project(api, tsconfig);
    return project;
  };
  return {
    prepare: (projectDir) => projectFor(projectDir).prepare(),
    analyze: (requests, options) =>
      requests.length === 0 ? [] : analyzeIn(projectFor(options.projectDir), requests, options),
  };
}

function analyzeIn(project: Project, requests: readonly ToolRequest[], options: ToolTypeOptions): ToolAnswer[] {
  const { ts } = project.api;
  const modules = [...new Set(requests.map((r) => r.module))];
  // One program: the modules, and a check file for the declared signatures.
  const check = checkFile(requests, join(resolve(options.projectDir), "__ptcc_tool_check__.ts"));
  const program = project.program(modules, check);
  const api: TsApi = { ts, checker: program.getTypeChecker() };
  const answers: ToolAnswer[] = [];
  /** What the check file's diagnostics are about: tools with a declared signature, and their result. */
  const checked = new Map<number, { resultTyped: boolean; found: FoundFunction }>();
  /** The functions of tools whose signature was derived: checked against it below. */
  const derivedFound = new Map<number, FoundFunction>();
  requests.forEach((r, index) => {
    const sf = program.getSourceFile(r.module);
    if (sf === undefined) {
      answers[index] = { ok: false, code: "PTC136", message: "TypeScript cannot read the tool module" };
      return;
    }
    // TypeScript's parser recovers from syntax errors: a module it had to repair is not read.
    const syntax = program.getSyntacticDiagnostics(sf)[0];
    if (syntax !== undefined) {
      answers[index] = syntaxFailure(api, r, syntax);
      return;
    }
    const found = exportedFunction(api, sf, r);
    if ("ok" in found) {
      answers[index] = found;
    } else if (r.declared === null) {
      answers[index] = deriveAnswer(api, found, r);
      derivedFound.set(index, found);
    } else {
      checked.set(index, { resultTyped: found.resultTyped, found });
      answers[index] = { ok: true, signature: r.declared, resultTyped: found.resultTyped };
    }
  });
  if (checked.size > 0 && check !== undefined) {
    const sf = program.getSourceFile(check.path)!;
    for (const d of ts.getPreEmitDiagnostics(program, sf)) {
      if (d.file !== sf || d.start === undefined) continue;
      const which = check.lines.get(sf.getLineAndCharacterOfPosition(d.start).line + 1);
      const tool = which === undefined ? undefined : checked.get(which.index);
      // A result that is `unknown` or `any` is not checked (the run checks it).
      if (which === undefined || tool === undefined || (which.part === "result" && !tool.resultTyped)) continue;
      // One answer per tool: its arguments' problem, which comes first, before its result's.
      if (!answers[which.index]!.ok) continue;
      const field = differingField(api, sf, which.index, which.part, requests[which.index]!.declared!, tool.found);
      answers[which.index] = checkFailure(requests[which.index]!, which.part, field ?? explain(d.messageText));
    }
  }
  if (options.checkDerived === true) seamCheck(project, modules, requests, answers, derivedFound, options);
  return answers;
}

/**
 * The derived signatures against their functions, as the generated module will have them
 * (emit.ts's types, `defineTool` taking the function as `TypedToolFn<Args, Result>`), with the
 * app's compiler options: a signature that cannot say what the types say (a tuple of mixed
 * items derived as `[:any]`, a branded type in the arguments) is PTC138 at the tool, never a
 * generated module the app's `tsc` rejects. (The rest of a generated module does not depend on
 * the tool modules: it type-checks under every setting; test/compiler/consumer.test.ts and the
 * app matrix of test/packaging keep that so.)
 */
function seamCheck(
  project: Project,
  modules: readonly string[],
  requests: readonly ToolRequest[],
  answers: ToolAnswer[],
  found: ReadonlyMap<number, FoundFunction>,
  options: ToolTypeOptions,
): void {
  const derived = requests.map((r, i): ToolRequest => {
    const a = answers[i];
    const sig = a?.ok === true && found.has(i) ? a.signature : null;
    return { ...r, declared: sig };
  });
  const check = checkFile(derived, join(resolve(options.projectDir), "__ptcc_derived_check__.ts"));
  if (check === undefined) return;
  const program = project.program(modules, check);
  const api: TsApi = { ts: project.api.ts, checker: program.getTypeChecker() };
  const sf = program.getSourceFile(check.path)!;
  for (const d of api.ts.getPreEmitDiagnostics(program, sf)) {
    if (d.file !== sf || d.start === undefined) continue;
    const which = check.lines.get(sf.getLineAndCharacterOfPosition(d.start).line + 1);
    const a = which === undefined ? undefined : answers[which.index];
    const f = which === undefined ? undefined : found.get(which.index);
    if (which === undefined || a === undefined || !a.ok || f === undefined) continue;
    if (which.part === "result" && !a.resultTyped) continue;
    const r = derived[which.index]!;
    const field = differingField(api, sf, which.index, which.part, r.declared!, f);
    answers[which.index] = {
      ok: false,
      code: "PTC138",
      message: `the signature derived from the types of ${r.exportName} cannot say what they say, and the generated module would not type-check: ${field ?? explain(d.messageText)}`,
      hint: "declare the tool's signature in the agent file (signature: ...), with a function that accepts what it says",
    };
  }
}

// ---------------------------------------------------------------------------------------
// The project

/** Compiler options and a host; programs over the tool modules share their parsed files. */
class Project {
  readonly options: ts.CompilerOptions;
  private readonly host: ts.CompilerHost;
  /** Parsed files by name and parse options: the library is parsed (and bound) once. */
  private readonly files = new Map<string, ts.SourceFile>();
  private readonly exists = new Map<string, boolean>();
  private readonly virtual = new Map<string, string>();
  private last: ts.Program | undefined;

  constructor(
    readonly api: TypeScriptApi,
    readonly tsconfig: string | null,
  ) {
    const { ts } = api;
    this.options = compilerOptions(ts, tsconfig);
    this.virtual.set(PTCC_TYPES_FILE, PTCC_TYPES);
    const moduleCache = ts.createModuleResolutionCache(ts.sys.getCurrentDirectory(), (f) => f, this.options);
    const host: ts.CompilerHost = {
      getSourceFile: (fileName, languageVersion) => this.sourceFile(fileName, languageVersion),
      getDefaultLibFileName: (o) => `${LIB_DIR}/${ts.getDefaultLibFileName(o)}`,
      getDefaultLibLocation: () => LIB_DIR,
      writeFile: () => {},
      getCurrentDirectory: () => ts.sys.getCurrentDirectory(),
      getCanonicalFileName: (f) => (ts.sys.useCaseSensitiveFileNames ? f : f.toLowerCase()),
      useCaseSensitiveFileNames: () => ts.sys.useCaseSensitiveFileNames,
      getNewLine: () => "\n",
      fileExists: (f) => this.fileExists(f),
      readFile: (f) => this.readFile(f),
      directoryExists: (d) => d === LIB_DIR || d === dirname(LIB_DIR) || ts.sys.directoryExists(d),
      getDirectories: (d) =>
        d.startsWith(`${dirname(LIB_DIR)}/`) || d === dirname(LIB_DIR) ? [] : ts.sys.getDirectories(d),
      realpath: (p) => (p.startsWith(`${dirname(LIB_DIR)}/`) ? p : (ts.sys.realpath?.(p) ?? p)),
      // `ptcc` (and `ptcc/runtime`) resolve to the declarations tools use, not the package's graph.
      resolveModuleNames: (names, containing) =>
        names.map((name) =>
          name === "ptcc" || name === "ptcc/runtime"
            ? { resolvedFileName: PTCC_TYPES_FILE, extension: ts.Extension.Dts, isExternalLibraryImport: true }
            : ts.resolveModuleName(name, containing, this.options, host, moduleCache).resolvedModule,
        ),
    };
    this.host = host;
  }

  /** Parse and bind the library (a program of ptcc's declarations alone, and its checker). */
  prepare(): void {
    this.program([]).getTypeChecker();
  }

  /** A program of ptcc's declarations, the modules and an extra (virtual) file. */
  program(modules: readonly string[], extra?: { readonly path: string; readonly text: string }): ts.Program {
    if (extra !== undefined) {
      this.virtual.set(extra.path, extra.text);
      this.dropFile(extra.path);
    }
    const rootNames = [PTCC_TYPES_FILE, ...modules, ...(extra === undefined ? [] : [extra.path])];
    this.last = this.api.ts.createProgram({ rootNames, options: this.options, host: this.host, oldProgram: this.last });
    return this.last;
  }

  private sourceFile(
    fileName: string,
    languageVersion: ts.ScriptTarget | ts.CreateSourceFileOptions,
  ): ts.SourceFile | undefined {
    const key =
      typeof languageVersion === "object"
        ? `${languageVersion.languageVersion}:${languageVersion.impliedNodeFormat ?? ""}:${fileName}`
        : `${languageVersion}::${fileName}`;
    let sf = this.files.get(key);
    if (sf === undefined) {
      const text = this.readFile(fileName);
      if (text === undefined) return undefined;
      sf = this.api.ts.createSourceFile(fileName, text, languageVersion);
      this.files.set(key, sf);
    }
    return sf;
  }

  private dropFile(fileName: string): void {
    for (const key of [...this.files.keys()]) if (key.endsWith(`:${fileName}`)) this.files.delete(key);
  }

  private fileExists(f: string): boolean {
    if (this.virtual.has(f)) return true;
    if (f.startsWith(`${LIB_DIR}/`)) return this.api.libFiles.has(f.slice(LIB_DIR.length + 1));
    if (f.startsWith(`${dirname(LIB_DIR)}/`)) return false;
    let e = this.exists.get(f);
    if (e === undefined) {
      e = this.api.ts.sys.fileExists(f);
      this.exists.set(f, e);
    }
    return e;
  }

  private readFile(f: string): string | undefined {
    const v = this.virtual.get(f);
    if (v !== undefined) return v;
    if (f.startsWith(`${LIB_DIR}/`)) return this.api.libFiles.get(f.slice(LIB_DIR.length + 1));
    if (f.startsWith(`${dirname(LIB_DIR)}/`)) return undefined;
    try {
      return readFileSync(f, "utf8");
    } catch {
      return undefined;
    }
  }
}

/** Where the library's declarations appear to be (they are served from memory). */
const LIB_DIR = "/__ptcc_compile__/lib";

function compilerOptions(ts: typeof import("ts-morph").ts, tsconfig: string | null): ts.CompilerOptions {
  // Nothing is emitted: options about output (and the files they place) do not apply.
  const forced = {
    noEmit: true,
    skipLibCheck: true,
    allowJs: true,
    declaration: false,
    composite: false,
    incremental: false,
    rootDir: undefined,
    outDir: undefined,
  };
  if (tsconfig !== null) {
    const read = ts.readConfigFile(tsconfig, (p) => ts.sys.readFile(p));
    if (read.error === undefined) {
      // Only the options matter: the files the tsconfig.json lists are not read.
      const host: ts.ParseConfigHost = {
        useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames,
        readDirectory: () => [],
        fileExists: (p) => ts.sys.fileExists(p),
        readFile: (p) => ts.sys.readFile(p),
      };
      const parsed = ts.parseJsonConfigFileContent(read.config, host, dirname(tsconfig), undefined, tsconfig);
      const options: ts.CompilerOptions = { ...parsed.options, ...forced };
      // Without a `lib`, TypeScript takes the DOM's declarations too: the language's are enough here.
      if (options.lib === undefined) options.lib = ["lib.es2023.d.ts"];
      return options;
    }
    // An unreadable tsconfig.json: the defaults below are better than no check.
  }
  return {
    ...forced,
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ["lib.es2023.d.ts"],
    types: [],
  };
}

// ---------------------------------------------------------------------------------------
// The export

interface FoundFunction {
  readonly symbol: ts.Symbol;
  readonly signature: ts.Signature;
  readonly resultTyped: boolean;
  readonly at: ts.Node;
}

function exportedFunction(
  api: TsApi,
  sf: ts.SourceFile,
  r: ToolRequest,
): FoundFunction | Extract<ToolAnswer, { ok: false }> {
  const { checker } = api;
  const SymbolFlags = api.ts.SymbolFlags;
  const TypeFlags = api.ts.TypeFlags;
  const moduleSymbol = checker.getSymbolAtLocation(sf);
  const exports = moduleSymbol === undefined ? [] : checker.getExportsOfModule(moduleSymbol);
  const symbol = exports.find((s) => s.getName() === r.exportName);
  if (symbol === undefined) {
    // Values only: a type or an interface cannot be a tool.
    const values = exports.filter((s) => {
      const t = s.flags & SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s;
      return (t.flags & SymbolFlags.Value) !== 0;
    });
    const names = values.map((s) => s.getName()).filter((n) => n !== "default" || r.exportName === "default");
    return {
      ok: false,
      code: "PTC131",
      message: `the tool module has no export ${r.exportName}`,
      hint:
        didYouMean(closest(r.exportName, names)) ??
        (names.length > 0 ? `its exports are: ${names.join(", ")}` : "it exports nothing"),
    };
  }
  const target = symbol.flags & SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  if ((target.flags & SymbolFlags.Value) === 0) {
    return {
      ok: false,
      code: "PTC132",
      message: `export ${r.exportName} is a type, not a function`,
      hint: "export the tool's function",
    };
  }
  const type = checker.getTypeOfSymbolAtLocation(target, sf);
  const signatures = type.getCallSignatures();
  if (signatures.length === 0) {
    return {
      ok: false,
      code: "PTC132",
      message: `export ${r.exportName} is ${checker.typeToString(checker.getBaseTypeOfLiteralType(type))}, not a function`,
      hint: "export the tool's function",
    };
  }
  const signature = signatures[signatures.length - 1]!;
  const returned = checker.getAwaitedType(signature.getReturnType()) ?? signature.getReturnType();
  const resultTyped = (returned.flags & (TypeFlags.Any | TypeFlags.Unknown)) === 0;
  return { symbol: target, signature, resultTyped, at: sf };
}

function deriveAnswer(api: TsApi, found: FoundFunction, r: ToolRequest): ToolAnswer {
  const derived = deriveSignature(api, found.signature, found.at, found.symbol);
  if (!derived.ok) {
    return {
      ok: false,
      code: "PTC135",
      message: `cannot derive a signature from the TypeScript types of ${r.exportName}: ${derived.problem}`,
      hint: "declare the tool's signature in the agent file (signature: ...)",
    };
  }
  const doc = api.ts.displayPartsToString(found.symbol.getDocumentationComment(api.checker)).trim();
  const description = doc === "" ? undefined : firstParagraph(doc);
  return {
    ok: true,
    signature: derived.signature,
    ...(description === undefined ? {} : { description }),
    resultTyped: found.resultTyped && derived.signature !== null,
  };
}

/** The JSDoc's first paragraph, on one line: what the tool does, for the prompt. */
function firstParagraph(doc: string): string {
  return doc
    .split(/\n\s*\n/)[0]!
    .replace(/\s+/g, " ")
    .trim();
}

// ---------------------------------------------------------------------------------------
// Declared signatures, checked by TypeScript

/** The check file and what each of its checking lines is about. */
interface CheckFile {
  readonly path: string;
  readonly text: string;
  /** By line number (1-based): the request, and whether the line checks its arguments or its result. */
  readonly lines: ReadonlyMap<number, { readonly index: number; readonly part: "args" | "result" }>;
}

/**
 * One check file for every tool with a declared signature: two assignments per tool, one
 * for the arguments (the function must accept the signature's arguments and a
 * ToolContext) and one for the result (what it returns, awaited, must fit the output).
 * Diagnostics on those lines are the tool's errors. Undefined: no tool declares one.
 */
function checkFile(requests: readonly ToolRequest[], path: string): CheckFile | undefined {
  const lines = [
    "// ptcc compile: the tools' types against their declared signatures",
    'import type { PtcFn, ToolContext } from "ptcc";',
  ];
  const kindOfLine = new Map<number, { index: number; part: "args" | "result" }>();
  requests.forEach((r, index) => {
    if (r.declared === null) return;
    const i = kindOfLine.size / 2;
    let spec = relative(dirname(path), r.module).split(sep).join("/");
    if (!spec.startsWith(".")) spec = `./${spec}`;
    spec = spec.replace(/\.(m|c)?ts$/, (_m, k: string | undefined) => `.${k ?? ""}js`);
    // The types the generated module gives the tool (emit.ts), so both say the same.
    lines.push(`import { ${r.exportName} as $t${i} } from ${JSON.stringify(spec)};`);
    lines.push(`type $A${i} = ${oneLineType(inputTypeText(r.declared, { fn: "PtcFn" }))};`);
    lines.push(`type $R${i} = ${oneLineType(outputTypeText(r.declared, { fn: "PtcFn", undefinedIsNil: true }))};`);
    kindOfLine.set(lines.length + 1, { index, part: "args" });
    lines.push(`export const $args${i}: (args: $A${i}, context: ToolContext) => unknown = $t${i};`);
    kindOfLine.set(lines.length + 1, { index, part: "result" });
    lines.push(`export const $result${i}: (...args: never[]) => $R${i} | PromiseLike<$R${i}> = $t${i};`);
  });
  return kindOfLine.size === 0 ? undefined : { path, text: `${lines.join("\n")}\n`, lines: kindOfLine };
}

/** PTC136 for a tool module with a syntax error, saying where it is. */
function syntaxFailure(api: TsApi, r: ToolRequest, d: ts.Diagnostic): ToolAnswer {
  const where =
    d.file === undefined || d.start === undefined
      ? ""
      : ((p) => ` at ${p.line + 1}:${p.character + 1}`)(d.file.getLineAndCharacterOfPosition(d.start));
  const file = r.module.slice(Math.max(r.module.lastIndexOf("/"), r.module.lastIndexOf("\\")) + 1);
  return {
    ok: false,
    code: "PTC136",
    message: `the tool module ${file} has a syntax error${where}: ${api.ts.flattenDiagnosticMessageText(d.messageText, " ")}`,
    hint: "fix the module: TypeScript reads the tool's types from it",
  };
}

/** A type written over lines, on one (the check file's lines each check one thing). */
function oneLineType(text: string): string {
  return text.replace(/\n\s*/g, " ");
}

function checkFailure(r: ToolRequest, part: "args" | "result", detail: string): ToolAnswer {
  return part === "args"
    ? {
        ok: false,
        code: "PTC133",
        message: `${r.exportName} does not accept the arguments of the tool's signature: ${detail}`,
        hint: "change the function's parameter type, or the signature",
      }
    : {
        ok: false,
        code: "PTC134",
        message: `what ${r.exportName} returns does not fit the tool's signature: ${detail}`,
        hint: "change the function's return type, or the signature",
      };
}

/**
 * TypeScript's explanation, innermost reason last, without the check file's own names
 * (`checkFile`: the lines about its `$A0`/`$R0` aliases say nothing to the reader).
 */
function explain(text: string | ts.DiagnosticMessageChain, checkFile = true): string {
  const chain: string[] = [];
  const walk = (m: string | ts.DiagnosticMessageChain): void => {
    if (typeof m === "string") {
      chain.push(m);
      return;
    }
    chain.push(m.messageText);
    for (const next of m.next ?? []) walk(next);
  };
  walk(text);
  // The first lines compare the whole function types; the last ones say what differs.
  const useful = checkFile ? chain.filter((l) => !/\$[AR]\d|\$t\d|=>/.test(l)) : chain;
  const shown = (useful.length > 0 ? useful.slice(-2) : chain.slice(-1)).map((l) => l.replace(/\.$/, ""));
  return shown.join("; ");
}

// ---------------------------------------------------------------------------------------
// Which field differs

/**
 * The field where a tool's types and its declared signature part ways, as the reader would
 * name it — `items[].tags: string[] here, [:int] in the signature` — found by walking the
 * signature and both types (the function's, and the check file's `$A`/`$R` alias of the
 * signature) down to the deepest field that does not fit. Null when there is none to name.
 */
function differingField(
  api: TsApi,
  check: ts.SourceFile,
  index: number,
  part: "args" | "result",
  declared: Signature,
  found: FoundFunction,
): string | null {
  const { ts, checker } = api;
  const alias = check.statements.find(
    (st): st is ts.TypeAliasDeclaration =>
      ts.isTypeAliasDeclaration(st) && st.name.text === `${part === "args" ? "$A" : "$R"}${index}`,
  );
  if (alias === undefined) return null;
  const sigTs = checker.getTypeAtLocation(alias.name);
  let toolTs: ts.Type;
  if (part === "args") {
    const first = found.signature.getParameters()[0];
    if (first === undefined) return null;
    toolTs = checker.getTypeOfSymbolAtLocation(first, found.at);
  } else {
    const returned = found.signature.getReturnType();
    toolTs = checker.getAwaitedType(returned) ?? returned;
  }
  const sigType: SigType =
    part === "args" ? { kind: "map", optional: false, fields: declared.params } : declared.output;
  // The arguments: what the signature sends must fit the parameter; the result: the other way.
  const fits = (sig: ts.Type, tool: ts.Type): boolean =>
    part === "args" ? checker.isTypeAssignableTo(sig, tool) : checker.isTypeAssignableTo(tool, sig);
  const show = (t: ts.Type): string => checker.typeToString(t);
  const propertyType = (t: ts.Type, name: string): ts.Type | undefined => {
    const p = checker.getPropertyOfType(t, name);
    return p === undefined ? undefined : checker.getTypeOfSymbolAtLocation(p, found.at);
  };
  const walk = (written: SigType, sig: ts.Type, tool: ts.Type, path: string, depth: number): string | null => {
    if (fits(sig, tool)) return null;
    // A named type is walked as the type it names (messages still write its name).
    const t = deref(written);
    const here = (): string =>
      `${path === "" ? (part === "args" ? "the arguments" : "the result") : path}: ${show(tool)} here, ${renderType(written)} in the signature`;
    if (depth > 16) return here();
    const sigNN = checker.getNonNullableType(sig);
    const toolNN = checker.getNonNullableType(tool);
    if (t.kind === "map" && t.fields.length > 0) {
      for (const f of t.fields) {
        const s = propertyType(sigNN, f.name);
        const o = propertyType(toolNN, f.name);
        const at = path === "" ? f.name : `${path}.${f.name}`;
        if (s === undefined) continue;
        if (o === undefined) {
          if (part === "result" && !f.type.optional)
            return `${at}: missing here, ${renderType(f.type)} in the signature`;
          continue;
        }
        const deeper = walk(f.type, s, o, at, depth + 1);
        if (deeper !== null) return deeper;
      }
    } else if (t.kind === "list" && checker.isArrayType(sigNN) && checker.isArrayType(toolNN)) {
      const s = checker.getTypeArguments(sigNN as ts.TypeReference)[0];
      const o = checker.getTypeArguments(toolNN as ts.TypeReference)[0];
      if (s !== undefined && o !== undefined) {
        const deeper = walk(t.of, s, o, `${path}[]`, depth + 1);
        if (deeper !== null) return deeper;
      }
    }
    return here();
  };
  try {
    return walk(sigType, sigTs, toolTs, "", 0);
  } catch {
    return null;
  }
}
