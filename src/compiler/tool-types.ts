/**
 * The TypeScript side of module tools, read with ts-morph (imported only here, and only
 * when a compile has module tools to read: it costs about 350 ms to load). For each tool:
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
 */
import { existsSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import type * as TsMorph from "ts-morph";
import type { ts } from "ts-morph";
import { closest, didYouMean } from "../diagnostics/suggest.js";
import { signatureToTypeScript } from "../signature/typescript.js";
import type { Signature } from "../signature/types.js";
import type { DiagnosticCode } from "./codes.js";
import { PTCC_TYPES, PTCC_TYPES_FILE } from "./ptcc-types.js";
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
}

/** Read every requested tool; answers in the order of the requests. */
export async function analyzeTools(requests: readonly ToolRequest[], options: ToolTypeOptions): Promise<ToolAnswer[]> {
  if (requests.length === 0) return [];
  const morph = await import("ts-morph");
  const project = createProject(morph, options.projectDir);
  const files = new Map<string, TsMorph.SourceFile | null>();
  for (const r of requests) {
    if (files.has(r.module)) continue;
    try {
      files.set(r.module, project.addSourceFileAtPath(r.module));
    } catch {
      files.set(r.module, null);
    }
  }
  const checker = project.getTypeChecker().compilerObject;
  const api: TsApi = { ts: morph.ts, checker };

  // First what each export is; then one check file for the declared signatures.
  const answers: (ToolAnswer | undefined)[] = [];
  const checks: { index: number }[] = [];
  requests.forEach((r, index) => {
    const sf = files.get(r.module) ?? null;
    if (sf === null) {
      answers[index] = { ok: false, code: "PTC136", message: "TypeScript cannot read the tool module" };
      return;
    }
    const found = exportedFunction(api, sf.compilerNode, r);
    if ("ok" in found) {
      answers[index] = found;
      return;
    }
    if (r.declared === null) {
      answers[index] = deriveAnswer(api, found, r);
      return;
    }
    checks.push({ index });
    answers[index] = { ok: true, signature: r.declared, resultTyped: found.resultTyped };
  });
  if (checks.length > 0) checkDeclared(project, requests, checks, answers, options.projectDir);
  return answers.map((a) => a!);
}

// ---------------------------------------------------------------------------------------
// The project

function createProject(morph: typeof TsMorph, projectDir: string): TsMorph.Project {
  const tsconfig = findUp(projectDir, "tsconfig.json");
  const { ScriptTarget, ModuleKind, ModuleResolutionKind } = morph.ts;
  const forced = { noEmit: true, skipLibCheck: true, allowJs: true, declaration: false, composite: false };
  // `ptcc` (and `ptcc/runtime`) resolve to the declarations tools use, not the package's graph.
  const resolutionHost = (
    host: ts.ModuleResolutionHost,
    options: () => ts.CompilerOptions,
  ): TsMorph.ResolutionHost => ({
    resolveModuleNames: (names, containing) =>
      names.map((name) =>
        name === "ptcc" || name === "ptcc/runtime"
          ? { resolvedFileName: PTCC_TYPES_FILE, extension: morph.ts.Extension.Dts, isExternalLibraryImport: true }
          : morph.ts.resolveModuleName(name, containing, options(), host).resolvedModule,
      ),
  });
  let project: TsMorph.Project | null = null;
  if (tsconfig !== null) {
    try {
      project = new morph.Project({
        tsConfigFilePath: tsconfig,
        skipAddingFilesFromTsConfig: true,
        skipFileDependencyResolution: true,
        compilerOptions: forced,
        resolutionHost,
      });
      // Without a `lib`, TypeScript takes the DOM's declarations too: the language's are enough here.
      if (project.getCompilerOptions().lib === undefined) project.compilerOptions.set({ lib: ["lib.es2023.d.ts"] });
    } catch {
      project = null; // an unreadable tsconfig.json: the defaults below are better than no check
    }
  }
  project ??= new morph.Project({
    skipFileDependencyResolution: true,
    resolutionHost,
    compilerOptions: {
      ...forced,
      strict: true,
      target: ScriptTarget.ES2022,
      module: ModuleKind.NodeNext,
      moduleResolution: ModuleResolutionKind.NodeNext,
      lib: ["lib.es2023.d.ts"],
      types: [],
    },
  });
  project.createSourceFile(PTCC_TYPES_FILE, PTCC_TYPES, { overwrite: true });
  return project;
}

function findUp(dir: string, name: string): string | null {
  for (let d = resolve(dir); ; d = dirname(d)) {
    const p = join(d, name);
    if (existsSync(p)) return p;
    if (dirname(d) === d) return null;
  }
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
  const derived = deriveSignature(api, found.signature, found.at);
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

/**
 * One check file for every tool with a declared signature: two assignments per tool, one
 * for the arguments (the function must accept the signature's arguments and a
 * ToolContext) and one for the result (what it returns, awaited, must fit the output).
 * Diagnostics on those lines are the tool's errors.
 */
function checkDeclared(
  project: TsMorph.Project,
  requests: readonly ToolRequest[],
  checks: readonly { index: number }[],
  answers: (ToolAnswer | undefined)[],
  projectDir: string,
): void {
  const lines = [
    "// ptcc compile: the tools' types against their declared signatures",
    'import type { PtcFn, ToolContext } from "ptcc";',
  ];
  const kindOfLine = new Map<number, { index: number; part: "args" | "result" }>();
  const checkPath = join(resolve(projectDir), "__ptcc_tool_check__.ts");
  checks.forEach(({ index }, i) => {
    const r = requests[index]!;
    const answer = answers[index] as Extract<ToolAnswer, { ok: true }>;
    let spec = relative(dirname(checkPath), r.module).split(sep).join("/");
    if (!spec.startsWith(".")) spec = `./${spec}`;
    spec = spec.replace(/\.(m|c)?ts$/, (_m, k: string | undefined) => `.${k ?? ""}js`);
    const types = signatureToTypeScript(r.declared!, { fnType: "PtcFn" });
    lines.push(`import { ${r.exportName} as $t${i} } from ${JSON.stringify(spec)};`);
    lines.push(`type $A${i} = ${types.input};`);
    lines.push(`type $R${i} = ${types.output};`);
    kindOfLine.set(lines.length + 1, { index, part: "args" });
    lines.push(`export const $args${i}: (args: $A${i}, context: ToolContext) => unknown = $t${i};`);
    if (answer.resultTyped) {
      kindOfLine.set(lines.length + 1, { index, part: "result" });
      lines.push(`export const $result${i}: (...args: never[]) => $R${i} | PromiseLike<$R${i}> = $t${i};`);
    }
  });
  const file = project.createSourceFile(checkPath, `${lines.join("\n")}\n`, { overwrite: true });
  for (const d of file.getPreEmitDiagnostics()) {
    const line = d.getLineNumber();
    const which = line === undefined ? undefined : kindOfLine.get(line);
    if (which === undefined) continue;
    const r = requests[which.index]!;
    const detail = explain(d.getMessageText());
    answers[which.index] =
      which.part === "args"
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
  project.removeSourceFile(file);
}

/** TypeScript's explanation, innermost reason last, without the check file's own names. */
function explain(text: string | TsMorph.DiagnosticMessageChain): string {
  const chain: string[] = [];
  const walk = (m: string | TsMorph.DiagnosticMessageChain): void => {
    if (typeof m === "string") {
      chain.push(m);
      return;
    }
    chain.push(m.getMessageText());
    for (const next of m.getNext() ?? []) walk(next);
  };
  walk(text);
  // The first lines compare the whole function types; the last ones say what differs.
  const useful = chain.filter((l) => !/\$[AR]\d|\$t\d|=>/.test(l));
  const shown = (useful.length > 0 ? useful.slice(-2) : chain.slice(-1)).map((l) => l.replace(/\.$/, ""));
  return shown.join("; ");
}
