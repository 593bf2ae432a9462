/**
 * Agent file parsing: every error with its exact message and file:line:col, the spec of
 * a complete file, and properties: arbitrary text fails only with AgentFileError.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AgentFileError,
  AGENT_FILE_KEYS,
  MAX_AGENT_FILE_SIZE,
  analyzeAgentFile,
  parseAgentFile,
  type AgentFileSpec,
} from "../../src/agent-file/index.js";

const FILE = "agents/research.agent.md";
const KEYS = AGENT_FILE_KEYS.join(", ");
/** Five levels of nine aliases each: 9^5 nodes if expanded. */
const BOMB = [
  "a: &a [x,x,x,x,x,x,x,x,x]",
  ..."bcde".split("").map(
    (c, i) =>
      `${c}: &${c} [${Array(9)
        .fill("*" + "abcd"[i])
        .join(",")}]`,
  ),
].join("\n");

/** The one-line form of the error parsing `text` gives. */
function failure(text: string): string {
  try {
    parseAgentFile(text, FILE);
  } catch (e) {
    if (e instanceof AgentFileError) return e.format();
    throw e;
  }
  throw new Error(`parsed without error:\n${text}`);
}

/** A file from its front matter lines and its prompt. */
function file(front: string, prompt = "Do it.\n"): string {
  return `---\n${front}\n---\n${prompt}`;
}

function parsed(text: string): AgentFileSpec {
  return parseAgentFile(text, FILE);
}

describe("errors, with file:line:col", () => {
  it.each<[string, string, string]>([
    [
      "no front matter",
      "Find things.\n",
      '1:1: missing front matter: an agent file starts with a line "---" — write the options between two "---" lines, then the prompt',
    ],
    [
      "front matter not on the first line",
      "\n---\nname: x\n---\nhi\n",
      '1:1: missing front matter: an agent file starts with a line "---" — write the options between two "---" lines, then the prompt',
    ],
    [
      "unterminated front matter",
      "---\nname: x\nDo it.\n",
      '1:1: unterminated front matter: no closing "---" line — end the options with a line "---", then write the prompt',
    ],
    [
      "only the opening line",
      "---",
      '1:1: unterminated front matter: no closing "---" line — end the options with a line "---", then write the prompt',
    ],
    [
      "empty prompt",
      file("name: x", ""),
      "4:1: the prompt is empty — write the agent's mission below the front matter",
    ],
    [
      "blank prompt",
      file("name: x", "\n   \n\n"),
      "4:1: the prompt is empty — write the agent's mission below the front matter",
    ],
    [
      "no newline after the closing line",
      "---\nname: x\n---",
      "4:1: the prompt is empty — write the agent's mission below the front matter",
    ],
    [
      "invalid YAML",
      file("name: [x"),
      "3:1: invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]",
    ],
    [
      "tab indentation",
      file("tools:\n\t- self"),
      "3:1: invalid YAML: Tabs are not allowed as indentation — indent with spaces",
    ],
    ["duplicate key", file("maxTurns: 3\nmaxTurns: 4"), "3:1: duplicate key maxTurns — each key may appear only once"],
    [
      "front matter is a list",
      file("- self"),
      "2:1: the front matter must be a map of options (key: value lines), got a list",
    ],
    [
      "front matter is a string",
      file("just text"),
      '2:1: the front matter must be a map of options (key: value lines), got string "just text"',
    ],
    ["unknown key with a suggestion", file("maxTurn: 3"), "2:1: unknown key maxTurn — did you mean maxTurns?"],
    ["snake_case key", file("max_turns: 3"), "2:1: unknown key max_turns — did you mean maxTurns?"],
    ["unknown key without a suggestion", file("colour: red"), `2:1: unknown key colour — the keys are: ${KEYS}`],
    ["prototype key", file("__proto__: {}"), `2:1: unknown key __proto__ — the keys are: ${KEYS}`],
    ["constructor key", file("constructor: 1"), `2:1: unknown key constructor — the keys are: ${KEYS}`],
    ["number key", file("42: x"), `2:1: unknown key 42 — the keys are: ${KEYS}`],
    ["list as key", file("? [a, b]\n: 1"), "2:3: a key must be a name, got a list"],
    ["empty key", file(": 1"), "2:1: empty key — write a name before the colon"],
    [
      "maxTurns a string",
      file('maxTurns: "five"'),
      '2:11: maxTurns must be an integer of at least 1, got string "five"',
    ],
    ["maxTurns a word", file("maxTurns: five"), '2:11: maxTurns must be an integer of at least 1, got string "five"'],
    ["maxTurns zero", file("maxTurns: 0"), "2:11: maxTurns must be an integer of at least 1, got number 0"],
    ["maxTurns a float", file("maxTurns: 2.5"), "2:11: maxTurns must be an integer of at least 1, got number 2.5"],
    ["maxTurns empty", file("maxTurns:"), "2:10: maxTurns must be an integer of at least 1, got nothing"],
    ["maxDepth negative", file("maxDepth: -1"), "2:11: maxDepth must be an integer of at least 0, got number -1"],
    [
      "turnTimeoutMs too large",
      file("turnTimeoutMs: 9999999999"),
      "2:16: turnTimeoutMs must be at most 2147483647, got number 9999999999",
    ],
    [
      "turnTimeoutMs far too large",
      file("turnTimeoutMs: 1e20"),
      "2:16: turnTimeoutMs must be at most 2147483647, got number 100000000000000000000",
    ],
    ["description a list", file("description: [a, b]"), "2:14: description must be a string, got a list"],
    ["description empty", file('description: ""'), "2:14: description is empty"],
    ["name a number", file("name: 12"), "2:7: name must be a string, got number 12"],
    ["model a map", file("model: {a: 1}"), "2:8: model must be a string, got a map"],
    [
      "outputMode unknown",
      file("outputMode: txt"),
      '2:13: outputMode must be lisp or text, got string "txt" — did you mean text?',
    ],
    [
      "reference unknown",
      file("reference: short"),
      '2:12: reference must be compact, full or none, got string "short"',
    ],
    [
      "transport unknown",
      file("transport: tools"),
      '2:12: transport must be code_block or tool_call, got string "tools"',
    ],
    [
      "signatureValidation unknown",
      file("signatureValidation: warn-only"),
      '2:22: signatureValidation must be enabled, warn_only, disabled or strict, got string "warn-only" — did you mean warn_only?',
    ],
    [
      "outputMode text with tools",
      file("outputMode: text\ntools: [self]"),
      "2:13: outputMode text cannot use tools — tools are called by programs: use outputMode lisp, or remove the tools",
    ],
    [
      "fieldDescriptions a list",
      file("fieldDescriptions: [a]"),
      '2:20: fieldDescriptions must be a map, got a list — write one "name: description" per line',
    ],
    [
      "fieldDescriptions value a number",
      file("signature: (a :int) -> :int\nfieldDescriptions:\n  a: 1"),
      "4:6: the description of a must be a string, got number 1",
    ],
    [
      "fieldDescriptions unknown name",
      file("signature: (user :string) -> {id :int}\nfieldDescriptions:\n  usr: who"),
      "4:3: fieldDescriptions: usr is not a name of the signature — did you mean user?",
    ],
    [
      "fieldDescriptions __proto__",
      file("signature: (user :string) -> :int\nfieldDescriptions:\n  __proto__: x"),
      "4:3: fieldDescriptions: __proto__ is not a name of the signature — the names are: user",
    ],
    [
      "formatOptions unknown option",
      file("formatOptions:\n  feedbackLimt: 3"),
      "3:3: unknown format option feedbackLimt — did you mean feedbackLimit?",
    ],
    [
      "formatOptions toString",
      file("formatOptions:\n  toString: 3"),
      "3:3: unknown format option toString — the format options are: feedbackLimit, feedbackMaxChars, historyMaxBytes, resultLimit, resultMaxChars, inlineMaxChars",
    ],
    [
      "formatOptions value",
      file("formatOptions:\n  resultLimit: -2"),
      "3:16: formatOptions.resultLimit must be an integer of at least 1, got number -2",
    ],
    [
      "signature not a string",
      file("signature: {count :int}"),
      '2:12: signature must be a string, got a map — YAML reads {…} and […] as data: write the signature in quotes, signature: "{count :int}"',
    ],
    [
      "signature a list",
      file("signature: [:int]"),
      '2:12: signature must be a string, got a list — YAML reads {…} and […] as data: write the signature in quotes, signature: "[:int]"',
    ],
    [
      "bad signature, plain",
      file("signature: (query :string, limit -> :int)"),
      '2:34: bad signature: expected a type after "limit", found "->"',
    ],
    [
      "bad signature, quoted",
      file('signature: "(query :string, limit -> :int)"'),
      '2:35: bad signature: expected a type after "limit", found "->"',
    ],
    [
      "bad signature, literal block",
      file("signature: |\n  (query :string,\n   limit -> :int)"),
      '4:10: bad signature: expected a type after "limit", found "->"',
    ],
    [
      "bad signature, folded",
      file("signature: >\n  (query :string,\n   limit -> :int)"),
      '2:12: bad signature: expected a type after "limit", found "->"',
    ],
    [
      "bad signature type name",
      file("signature: (q :strng) -> :int"),
      "2:15: bad signature: unknown type :strng — did you mean :string?",
    ],
    [
      "unknown placeholder",
      file("signature: (user :string) -> :int", "\nFind {{usr}} now.\n"),
      "5:6: unknown placeholder {{usr}} — did you mean {{user}}?",
    ],
    [
      "placeholder on a later line",
      file("signature: (user :string) -> :int", "Line one\nline two {{user}}\n  and {{user.name}}\n"),
      "6:7: invalid placeholder {{user.name}}: user is a string — only maps have fields: write {{user}}",
    ],
    [
      "placeholder without signature",
      file("name: x", "Hello {{who}}"),
      "4:7: unknown placeholder {{who}} — the signature has no parameters",
    ],
    [
      "unclosed placeholder",
      file("signature: (a :int) -> :int", "Use {{a\n"),
      '4:5: unclosed placeholder {{a — close it with "}}"',
    ],
    [
      "tools a string",
      file("tools: self"),
      '2:8: tools must be a list or a map, got string "self" — write one tool per line: "- self", "- other-agent" or "- from: ./tools.ts#search"',
    ],
    [
      "tools entry a number",
      file("tools:\n  - 42"),
      "3:5: a tool must be self, the name of an agent file in this folder, or a map with from; got number 42",
    ],
    [
      "tools entry with extension",
      file("tools:\n  - helper.agent.md"),
      "3:5: write the agent's name without .agent.md — write helper",
    ],
    [
      "tools entry an absolute path",
      file("tools:\n  - /other/helper"),
      "3:5: an agent tool's path must be relative, with / between folders: /other/helper — write it from this file's folder: ../support/summarize",
    ],
    [
      "tools entry bad name",
      file("tools:\n  - 9lives"),
      "3:5: tool name 9lives cannot be called as tool/9lives — use letters, digits, - and _, starting with a letter",
    ],
    [
      "duplicate tool names",
      file("tools:\n  - self\n  - search\n  - self"),
      "5:5: duplicate tool name self — the first is at 3:5; give one of them another name",
    ],
    [
      "duplicate tool names across forms",
      file("tools:\n  - helper\n  - name: helper\n    from: ./tools.ts#find"),
      "4:11: duplicate tool name helper — the first is at 3:5; give one of them another name",
    ],
    [
      "duplicate tool names in the map form",
      file("tools:\n  a: self\n  a: helper"),
      "4:3: duplicate key a — each key may appear only once",
    ],
    [
      "module entry without from",
      file("tools:\n  - name: search\n    signature: (q :string) -> :any"),
      "3:5: a tool entry has no from — write from: ./tools.ts#exportName (relative to this file)",
    ],
    [
      "module entry unknown key",
      file("tools:\n  - from: ./tools.ts#search\n    descripton: Search"),
      "4:5: unknown key descripton in a tool entry — did you mean description?",
    ],
    [
      "module entry bare path",
      file("tools:\n  - from: tools.ts#search"),
      "3:11: the module tools.ts is not a relative path — write it relative to this file, starting with ./ or ../",
    ],
    [
      "module entry bad extension",
      file("tools:\n  - from: ./tools.py#search"),
      "3:11: the module ./tools.py is not a .ts, .mts, .cts, .js, .mjs or .cjs file",
    ],
    [
      "module entry empty export",
      file("tools:\n  - from: ./tools.ts#"),
      "3:11: no export name after # — write the function's exported name after #: ./tools.ts#search",
    ],
    [
      "module entry default export without name",
      file("tools:\n  - from: ./tools.ts"),
      "3:11: a tool from a default export needs a name — add name: to the entry",
    ],
    [
      "module entry export not a tool name",
      file("tools:\n  - from: ./tools.ts#_private"),
      "3:11: the export name _private cannot be called as tool/_private — give the tool a name: with letters, digits, - and _, starting with a letter",
    ],
    [
      "module entry bad signature",
      file("tools:\n  - from: ./tools.ts#search\n    signature: (q :string) -> [:intt]"),
      "4:32: bad signature of tool search: unknown type :intt — did you mean :int?",
    ],
    [
      "module entry name in map form",
      file("tools:\n  search:\n    name: find\n    from: ./tools.ts#search"),
      "4:5: name in a tool of the map form — the key gives the tool's name (search); remove name",
    ],
    [
      "map form entry empty",
      file("tools:\n  search:"),
      "3:10: a tool must be self, the name of an agent file in this folder, or a map with from; got nothing",
    ],
    [
      "tool named like a parameter",
      file("signature: (search :string) -> :int\ntools:\n  - search"),
      "4:5: search is both a tool and a data name (a parameter of the signature) — rename one of them",
    ],
    ["unknown alias", file("description: *nope"), "2:14: unknown alias *nope — define the anchor &nope before it"],
    [
      "alias bomb",
      file(BOMB),
      "3:8: too many aliases: the front matter expands to more than 100 aliased nodes — write the values out instead of nesting aliases",
    ],
    [
      "too large",
      "---\n" + "x".repeat(MAX_AGENT_FILE_SIZE),
      "1:1: the agent file is 1048580 characters long, more than 1048576 — agent files hold a prompt and options; keep data in the input",
    ],
  ])("%s", (_title, text, expected) => {
    expect(failure(text)).toBe(`${FILE}:${expected}`);
  });

  it("are AgentFileErrors of kind definition with the file and span", () => {
    let error: unknown;
    try {
      parsed(file("maxTurn: 3"));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AgentFileError);
    const e = error as AgentFileError;
    expect(e.kind).toBe("definition");
    expect(e.file).toBe(FILE);
    expect(e.span).toMatchObject({ line: 2, column: 1, endLine: 2, endColumn: 8 });
    expect(e.message).toBe("unknown key maxTurn");
    expect(e.hint).toBe("did you mean maxTurns?");
    expect(e.formatWithSource()).toBe(
      [
        `${FILE}:2:1: unknown key maxTurn — did you mean maxTurns?`,
        "  1 | ---",
        "> 2 | maxTurn: 3",
        "    | ^^^^^^^",
        "  3 | ---",
      ].join("\n"),
    );
  });

  it("keep positions with CRLF line endings and a byte order mark", () => {
    expect(failure("\uFEFF---\r\nname: x\r\nmaxTurn: 3\r\n---\r\nDo it.\r\n")).toBe(
      `${FILE}:3:1: unknown key maxTurn — did you mean maxTurns?`,
    );
    expect(failure("---\r\nsignature: (a :int) -> :int\r\n---\r\n\r\nUse {{b}}\r\n")).toBe(
      `${FILE}:5:5: unknown placeholder {{b}} — the parameters are: a`,
    );
  });
});

describe("every problem of a file at once", () => {
  const text = file(
    [
      'signature: "(ticket :string, priority :int?) -> {queue :string}"',
      "maxTurn: 3",
      "maxDepth: -1",
      "tools:",
      "  - from: ./tools.ts",
      "  - self",
      "  - from: ./tools.ts#lookup",
      "    signatur: (id :int) -> :map",
      "fieldDescriptions:",
      "  queu: where it goes",
    ].join("\n"),
    "Triage {{tickett}} at {{priority}}.\n",
  );

  it("lists them in file order, each with its position", () => {
    const { spec, errors } = analyzeAgentFile(text, FILE);
    expect(errors.map((e) => e.format().slice(FILE.length + 1))).toEqual([
      "3:1: unknown key maxTurn — did you mean maxTurns?",
      "4:11: maxDepth must be an integer of at least 0, got number -1",
      "6:11: a tool from a default export needs a name — add name: to the entry",
      "9:5: unknown key signatur in a tool entry — did you mean signature?",
      "11:3: fieldDescriptions: queu is not a name of the signature — did you mean queue?",
      "13:8: unknown placeholder {{tickett}} — did you mean {{ticket}}?",
    ]);
    // What could be read is there; the keys with problems are not.
    expect(spec?.signature).toBe("(ticket :string, priority :int?) -> {queue :string}");
    expect(spec?.maxDepth).toBeUndefined();
    expect(spec?.tools.map((t) => t.name)).toEqual(["self"]);
  });

  it("parseAgentFile throws the first, carrying them all", () => {
    let caught: unknown;
    try {
      parseAgentFile(text, FILE);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(AgentFileError);
    const e = caught as AgentFileError;
    expect(e.format()).toContain("unknown key maxTurn");
    expect(e.problems).toHaveLength(6);
    expect(e.problems[0]).toBe(e);
  });

  it("a signature that does not parse skips the checks that need it", () => {
    const { errors } = analyzeAgentFile(file('signature: "(x :strng) -> :int"', "Use {{x}} and {{y}}.\n"), FILE);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/^bad signature/);
  });

  it("a broken structure stops the reading: one problem, no spec", () => {
    const { spec, errors } = analyzeAgentFile("no front matter\n", FILE);
    expect(spec).toBeNull();
    expect(errors).toHaveLength(1);
  });
});

describe("a complete file", () => {
  const text = [
    "---",
    "description: Finds papers on a topic",
    "signature: (topic :string, limit :int?) -> [{title :string, year :int}]",
    "tools:",
    "  - self",
    "  - summarizer",
    "  - from: ../tools/search.ts#searchPapers",
    "    name: search",
    '    signature: "(query :string) -> [:map]"',
    "    description: Searches the catalog",
    "  - from: ./local.mjs#lookup",
    "maxTurns: 8",
    "maxDepth: 2",
    "fieldDescriptions:",
    "  topic: What to look for",
    "  year: >",
    "    The year it appeared",
    "formatOptions: { feedbackLimit: 5, resultMaxChars: 900 }",
    "outputMode: lisp",
    "model: openai:gpt-4o",
    "signatureValidation: strict",
    "turnTimeoutMs: 30000",
    "missionTimeoutMs: 120000",
    "---",
    "",
    "Find at most {{limit}} papers about {{topic}}.",
    "",
  ].join("\n");

  it("gives every option as written", () => {
    const spec = parsed(text);
    expect({ ...spec, spans: undefined, tools: undefined }).toEqual({
      file: FILE,
      name: "research",
      description: "Finds papers on a topic",
      signature: "(topic :string, limit :int?) -> [{title :string, year :int}]",
      maxTurns: 8,
      maxDepth: 2,
      fieldDescriptions: { topic: "What to look for", year: "The year it appeared" },
      formatOptions: { feedbackLimit: 5, resultMaxChars: 900 },
      outputMode: "lisp",
      model: "openai:gpt-4o",
      signatureValidation: "strict",
      turnTimeoutMs: 30000,
      missionTimeoutMs: 120000,
      prompt: "Find at most {{limit}} papers about {{topic}}.",
      promptLine: 26,
      spans: undefined,
      tools: undefined,
    });
  });

  it("reads reference and transport", () => {
    const spec = parsed(file("reference: full\ntransport: tool_call"));
    expect([spec.reference, spec.transport]).toEqual(["full", "tool_call"]);
  });

  it("gives the tools in order, as a discriminated union with positions", () => {
    const tools = parsed(text).tools.map((t) => ({ ...t, span: `${t.span.line}:${t.span.column}` }));
    expect(tools).toEqual([
      { kind: "self", name: "self", span: "5:5" },
      { kind: "agent", name: "summarizer", file: "./summarizer.agent.md", span: "6:5" },
      {
        kind: "module",
        name: "search",
        from: { path: "../tools/search.ts", exportName: "searchPapers" },
        signature: "(query :string) -> [:map]",
        description: "Searches the catalog",
        span: "7:5",
        fromSpan: expect.objectContaining({ line: 7, column: 11 }),
      },
      {
        kind: "module",
        name: "lookup",
        from: { path: "./local.mjs", exportName: "lookup" },
        span: "11:5",
        fromSpan: expect.objectContaining({ line: 11, column: 11 }),
      },
    ]);
  });

  it("keeps the position of each key and value", () => {
    const { spans } = parsed(text);
    expect(Object.keys(spans)).toEqual([
      "description",
      "signature",
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
    ]);
    expect(spans.maxTurns).toMatchObject({ key: { line: 12, column: 1 }, value: { line: 12, column: 11 } });
    expect(spans.signature?.value).toMatchObject({ line: 3, column: 12, endColumn: 72 });
  });

  it("takes the name from the name key, else from the file name", () => {
    expect(parsed(file("name: finder")).name).toBe("finder");
    expect(parseAgentFile(file("maxTurns: 2"), "a/b/deep-search.agent.md").name).toBe("deep-search");
    expect(parseAgentFile(file("maxTurns: 2"), "C:\\agents\\win.agent.md").name).toBe("win");
  });

  it("accepts the map form of tools", () => {
    const spec = parsed(
      file("tools:\n  again: self\n  helper: summarizer\n  find:\n    from: ./tools.ts#search\n    description: Finds"),
    );
    expect(spec.tools.map((t) => [t.kind, t.name])).toEqual([
      ["self", "again"],
      ["agent", "helper"],
      ["module", "find"],
    ]);
    expect(spec.tools[1]).toMatchObject({ file: "./summarizer.agent.md" });
  });

  it("accepts an empty front matter, an empty tools key and aliases", () => {
    expect(parsed("---\n---\nDo it.").tools).toEqual([]);
    expect(parsed(file("tools:")).tools).toEqual([]);
    const spec = parsed(
      file('description: &d "Shared words"\nfieldDescriptions:\n  a: *d\nsignature: (a :int) -> :int'),
    );
    expect(spec.fieldDescriptions).toEqual({ a: "Shared words" });
  });

  it("keeps field descriptions named like Object.prototype members as own entries", () => {
    const spec = parsed(
      file("signature: (constructor :int) -> {toString :string}\nfieldDescriptions:\n  constructor: a\n  toString: b"),
    );
    expect(Object.entries(spec.fieldDescriptions!)).toEqual([
      ["constructor", "a"],
      ["toString", "b"],
    ]);
    expect(Object.getPrototypeOf(spec.fieldDescriptions)).toBe(Object.prototype);
  });

  it("strips leading blank lines and trailing whitespace of the prompt, and counts its line", () => {
    const spec = parsed("---\nname: x\n---\n\n\n  Line one\nLine two\n\n\n");
    expect(spec.prompt).toBe("  Line one\nLine two");
    expect(spec.promptLine).toBe(6);
  });
});

describe("hostile input", () => {
  it("rejects a huge file before reading it", () => {
    const start = performance.now();
    expect(failure(file("name: x", "x".repeat(MAX_AGENT_FILE_SIZE)))).toMatch(
      /^agents\/research\.agent\.md:1:1: the agent file is \d+ characters long/,
    );
    expect(performance.now() - start).toBeLessThan(1000);
  });

  it("survives deep nesting", () => {
    expect(failure(file(`tools: ${"[".repeat(50_000)}`))).toMatch(/invalid YAML/);
    expect(failure(file(`description: ${"{a: ".repeat(200)}x${"}".repeat(200)}`))).toMatch(
      /description must be a string, got a map/,
    );
  });
});

/** Pieces of YAML and of prompts that exercise the parser's corners. */
const fragment = fc.oneof(
  fc.constantFrom(...AGENT_FILE_KEYS, "__proto__", "constructor", "toString", "from", "name", "self", "x"),
  fc.constantFrom(": ", ":", "\n", "\n  ", "\n  - ", "- ", "---", "\n---\n", "...", "#", "?", "|", ">", "\t"),
  fc.constantFrom("[", "]", "{", "}", ",", '"', "'", "&a ", "*a", "*b", "!!str ", "!!binary ", "!tag ", "%YAML 1.2"),
  fc.constantFrom("{{", "}}", "{{a}}", "{{user.name}}", "(a :int) -> :int", "(q :string, limit -> :int)", ":any"),
  fc.constantFrom("./t.ts#f", "../t.mjs#g", "t.py#h", "#", "0", "-1", "2.5", "1e400", "0x1F", "null", "~", "true"),
  fc.string({ maxLength: 8 }),
);
const yamlish = fc.array(fragment, { maxLength: 40 }).map((parts) => parts.join(""));

function onlyAgentFileErrors(text: string): void {
  try {
    parseAgentFile(text, FILE);
  } catch (e) {
    if (!(e instanceof AgentFileError)) throw e;
    expect(e.span === undefined || (e.span.line >= 1 && e.span.column >= 1)).toBe(true);
    expect(e.format().startsWith(`${FILE}:`)).toBe(true);
  }
}

describe("properties", () => {
  it("arbitrary strings fail only with AgentFileError", () => {
    fc.assert(fc.property(fc.string({ maxLength: 200 }), onlyAgentFileErrors), { numRuns: 500 });
  });

  it("arbitrary front matter fails only with AgentFileError", () => {
    fc.assert(
      fc.property(yamlish, yamlish, (front, body) => onlyAgentFileErrors(`---\n${front}\n---\n${body}`)),
      { numRuns: 2000 },
    );
  });

  it("arbitrary key: value lines fail only with AgentFileError", () => {
    const line = fc.tuple(fc.constantFrom(...AGENT_FILE_KEYS), yamlish).map(([k, v]) => `${k}: ${v}`);
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), yamlish, (lines, body) =>
        onlyAgentFileErrors(`---\n${lines.join("\n")}\n---\n${body}`),
      ),
      { numRuns: 2000 },
    );
  });
});
