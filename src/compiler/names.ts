/**
 * The TypeScript names of a generated module: `ticket-triage.agent.md` becomes the module
 * `ticket-triage.ts`, which exports `ticketTriage`, `TicketTriageInput`,
 * `TicketTriageOutput`, `validateTicketTriageInput` and `validateTicketTriageOutput`.
 * Words are split at `-`, `_`, `.` and spaces; the agent is camelCase, types PascalCase.
 */
import { AGENT_FILE_EXTENSION } from "./hash.js";

export interface ModuleNames {
  /** The file name in the output folder, without `.ts`: the agent file's name. */
  readonly module: string;
  /** `ticketTriage`. */
  readonly agent: string;
  /** `TicketTriage`: the stem of the type and validator names. */
  readonly pascal: string;
  readonly input: string;
  readonly output: string;
  readonly validateInput: string;
  readonly validateOutput: string;
}

/** Words JavaScript reserves (strict mode, modules) and names generated code cannot take. */
const RESERVED = new Set([
  ...["break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else"],
  ...["enum", "export", "extends", "false", "finally", "for", "function", "if", "import", "in", "instanceof"],
  ...["new", "null", "return", "super", "switch", "this", "throw", "true", "try", "typeof", "var", "void"],
  ...["while", "with", "yield", "let", "static", "implements", "interface", "package", "private"],
  ...["protected", "public", "await", "arguments", "eval", "undefined", "NaN", "Infinity"],
]);

/** Control characters and the line separators of JavaScript. */
export const CONTROL = /[\p{Cc}\u2028\u2029]/u;

/** `ticket-triage` for `agents/ticket-triage.agent.md`. */
export function moduleBaseName(file: string): string {
  const base = file.slice(Math.max(file.lastIndexOf("/"), file.lastIndexOf("\\")) + 1);
  return base.endsWith(AGENT_FILE_EXTENSION) ? base.slice(0, -AGENT_FILE_EXTENSION.length) : base;
}

/**
 * The names for a module path (`ticket-triage`, or `billing/summarize` for an agent file in
 * a subfolder: its folders are words of its names too, `billingSummarize`, so that agents of
 * the same name in different folders can be exported side by side), or the reason there
 * are none.
 */
export function moduleNames(base: string): ModuleNames | { readonly problem: string; readonly hint: string } {
  const words = base.split(/[-_.\s/]+/).filter((w) => w !== "");
  const hint = "name agent files with letters, digits and - (e.g. ticket-triage.agent.md)";
  // A line break would end the `//` header line that names the file (\s splits words on it).
  if (CONTROL.test(base)) {
    return { problem: `the file name ${JSON.stringify(base)} holds a line break or another control character`, hint };
  }
  if (words.length === 0) return { problem: `the file name ${JSON.stringify(base)} has no words`, hint };
  if (!words.every((w) => /^[A-Za-z0-9]+$/.test(w))) {
    return { problem: `the file name ${JSON.stringify(base)} has characters TypeScript names cannot hold`, hint };
  }
  if (/^[0-9]/.test(words[0]!)) {
    return { problem: `the file name ${JSON.stringify(base)} starts with a digit`, hint };
  }
  const pascal = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join("");
  const agent = pascal[0]!.toLowerCase() + pascal.slice(1);
  if (RESERVED.has(agent)) {
    return { problem: `the file name ${JSON.stringify(base)} gives ${agent}, a reserved word of JavaScript`, hint };
  }
  if (agent === "agents") {
    return {
      problem: `the file name ${JSON.stringify(base)} gives agents, the name of the registry OUT/index.ts exports`,
      hint,
    };
  }
  if (base === "index") {
    return { problem: "an agent file cannot be called index.agent.md: OUT/index.ts re-exports every agent", hint };
  }
  return {
    module: base,
    agent,
    pascal,
    input: `${pascal}Input`,
    output: `${pascal}Output`,
    validateInput: `validate${pascal}Input`,
    validateOutput: `validate${pascal}Output`,
  };
}
