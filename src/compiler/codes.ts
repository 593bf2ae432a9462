/**
 * The diagnostic codes of `ptcc compile`. Codes are stable: a code keeps its meaning
 * across versions (tools and CI filters match on them), new problems get new codes, and
 * docs/compile.md lists them all (a test keeps the list and this table equal).
 *
 * Errors the agent-file parser finds (src/agent-file/parse.ts, which stops at the first
 * one in a file) get their code from the wording of the message, by the table below; a
 * message no rule matches gets PTC100.
 */

export const CODES = {
  PTC100: "invalid agent file",
  PTC101: "malformed front matter (missing, unterminated, not YAML, not a map)",
  PTC102: "unknown key (front matter, tool entry, format option)",
  PTC103: "a value of the wrong type or out of range",
  PTC104: "the prompt is empty",
  PTC105: "duplicate key",
  PTC106: "the agent file cannot be read, or is too large",
  PTC110: "signature syntax",
  PTC111: "fieldDescriptions names something the signature does not have",
  PTC112: "a named type (types:, types.ptcc) that does not parse, is defined twice or contains itself",
  PTC120: "a placeholder names no parameter or field",
  PTC121: "a placeholder names a firewalled field",
  PTC122: "a malformed placeholder",
  PTC123: "a parameter the prompt never mentions (warning)",
  PTC130: "a tool module that does not exist",
  PTC131: "a tool module without the named export",
  PTC132: "a tool export that is not a function",
  PTC133: "a tool whose parameter type does not accept the signature's arguments",
  PTC134: "a tool whose return type does not fit the signature's output",
  PTC135: "a tool whose TypeScript types cannot be written as a signature",
  PTC136: "a tool module that TypeScript cannot read",
  PTC137: "a malformed tool entry",
  PTC138: "a generated module that would not type-check against its tool modules",
  PTC139: "a model script (model: script:FILE) that does not exist",
  PTC140: "an agent used as a tool that does not exist",
  PTC141: "an agent used as a tool without a description",
  PTC142: "agents that use each other in a cycle",
  PTC150: "a tool with the name of a parameter",
  PTC151: "agent files whose generated modules would have the same name",
  PTC152: "an agent file name that makes no TypeScript name",
  PTC153: "two tools with the same name",
  PTC154: "outputMode text with tools",
  PTC160: "a file in the output folder that ptcc did not generate is in the way",
  PTC161: "a TypeScript tool module, without ts-morph installed",
  PTC170: "a frozen program (x.program.clj) frozen for another signature, or with no signature in its header",
  PTC171: "a frozen program that cannot be read, analyzed or compiled",
  PTC172: "a frozen program that calls a tool the agent does not have, or with arguments the tool check rejects",
} as const;

export type DiagnosticCode = keyof typeof CODES;

/**
 * The code of an agent-file parser error, from its message (and hint). Ordered: the first
 * rule that matches wins, so specific wordings come before general ones.
 */
const PARSER_RULES: readonly (readonly [RegExp, DiagnosticCode])[] = [
  [/^the agent file is \d+ (characters|bytes) long|^the agent file is \d+ bytes/, "PTC106"],
  [/^(missing|unterminated) front matter|^invalid YAML|^unknown alias|^too many aliases/, "PTC101"],
  [/^the front matter must be a map|^empty key|^a key must be a name/, "PTC101"],
  [/^duplicate tool name/, "PTC153"],
  [/^duplicate key/, "PTC105"],
  [/^unknown key .* in a tool entry$/, "PTC102"],
  [/^unknown (key|format option) /, "PTC102"],
  [/^the prompt is empty/, "PTC104"],
  [
    /^bad type |^the type \S+ (is defined twice|refers to itself|is a signature|has no definition)|^invalid type name|is a built-in type$/,
    "PTC112",
  ],
  [/^bad signature/, "PTC110"],
  [/^fieldDescriptions: .* is not a name of the signature/, "PTC111"],
  [/^unknown placeholder|^unknown field .* of /, "PTC120"],
  [/^invalid placeholder \{\{_|firewalled/, "PTC121"],
  [/placeholder/, "PTC122"],
  [/ is both a tool and a data name/, "PTC150"],
  [/^outputMode text cannot use tools/, "PTC154"],
  [
    /^a tool must be self|^write the agent's name without|^agent tools name an agent file|^an agent tool's path must be relative|^name in a tool of the map form|^a tool entry has no from|^a tool from a default export needs a name|^the export name .* cannot be called|^the module .* is not|^no export name after #|^invalid export name|^tool name .* cannot be called|^empty tool name|^a tool name must be|^the tool's name/,
    "PTC137",
  ],
  [/ must be (a|an|lisp|enabled|strict|warn_only|disabled|at most|one of)| is empty$|^tools must be a list/, "PTC103"],
];

export function codeOfParserError(message: string, hint: string | undefined): DiagnosticCode {
  for (const [pattern, code] of PARSER_RULES) {
    if (pattern.test(message) || (code === "PTC121" && hint !== undefined && /firewalled/.test(hint))) return code;
  }
  return "PTC100";
}
