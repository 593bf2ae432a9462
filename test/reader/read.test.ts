import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formToValue } from "../../src/analyzer/quote.js";
import { PtcError } from "../../src/diagnostics/error.js";
import { FormBuilder, MAX_READ_NESTING, read } from "../../src/reader/read.js";
import { formText, type Form } from "../../src/reader/form.js";
import { PtcLispParser } from "../../src/generated/PtcLispParser.js";
import { equivRealized } from "../../src/runtime/equality.js";
import { MapBuilder } from "../../src/runtime/map.js";
import { prStr } from "../../src/runtime/printer.js";
import { PList } from "../../src/runtime/seq.js";
import { SetBuilder } from "../../src/runtime/set.js";
import { char, keyword, PtcFloat, Sym, type Value } from "../../src/runtime/values.js";
import { PVector } from "../../src/runtime/vector.js";

/** A readable dump of forms: kind tags and spans, for golden comparisons. */
function dump(f: Form): string {
  const at = `@${f.span.line}:${f.span.column}`;
  switch (f.kind) {
    case "list":
    case "vector":
    case "map":
    case "set":
      return `${f.kind}${at}(${f.items.map(dump).join(" ")})`;
    default:
      return `${f.kind}${at}:${formText(f)}`;
  }
}

const GOLDEN: [string, string][] = [
  ["nil true false", "nil@1:1:nil boolean@1:5:true boolean@1:10:false"],
  ["42 -7 +3 0x1F 2r101 7N", "int@1:1:42 int@1:4:-7 int@1:7:3 int@1:10:31 int@1:15:5 int@1:21:7"],
  [
    "1.5 -2.0 1e3 2.5E-2 3.0M 1/4 4/2",
    "float@1:1:1.5 float@1:5:-2.0 float@1:10:1000.0 float@1:14:0.025 float@1:21:3.0 float@1:26:0.25 int@1:30:2",
  ],
  ["##Inf ##-Inf ##NaN", "float@1:1:##Inf float@1:7:##-Inf float@1:14:##NaN"],
  ['"a\\n\\t\\"b\\\\" "x\ny" "\\u00e9"', 'string@1:1:"a\\n\\t\\"b\\\\" string@1:14:"x\\ny" string@2:4:"é"'],
  [
    "\\a \\newline \\space \\tab \\u0041 \\( \\\\",
    "char@1:1:\\a char@1:4:\\\n char@1:13:\\  char@1:20:\\\t char@1:25:\\A char@1:32:\\( char@1:35:\\\\",
  ],
  [":a :ns/b ::c", "keyword@1:1::a keyword@1:4::ns/b keyword@1:10::user/c"],
  [
    "a ns/b *1 ->> a? b! %1 a.b/c / clojure.string/join",
    "symbol@1:1:a symbol@1:3:ns/b symbol@1:8:*1 symbol@1:11:->> symbol@1:15:a? symbol@1:18:b! symbol@1:21:%1 symbol@1:24:a.b/c symbol@1:30:/ symbol@1:32:clojure.string/join",
  ],
  [
    "(a [b {c d}] #{e})",
    "list@1:1(symbol@1:2:a vector@1:4(symbol@1:5:b map@1:7(symbol@1:8:c symbol@1:10:d)) set@1:14(symbol@1:16:e))",
  ],
  ['#"\\d+"', 'regex@1:1:#"\\d+"'],
  ["'x '(1 2)", "list@1:1(symbol@1:1:quote symbol@1:2:x) list@1:4(symbol@1:4:quote list@1:5(int@1:6:1 int@1:8:2))"],
  ["#'x", "list@1:1(symbol@1:1:var symbol@1:3:x)"],
  [
    "#(+ % %2)",
    "list@1:1(symbol@1:1:fn* vector@1:1(symbol@1:1:%1 symbol@1:1:%2) list@1:1(symbol@1:3:+ symbol@1:5:%1 symbol@1:7:%2))",
  ],
  ["#(f %&)", "list@1:1(symbol@1:1:fn* vector@1:1(symbol@1:1:& symbol@1:1:%&) list@1:1(symbol@1:3:f symbol@1:5:%&))"],
  ["#()", "list@1:1(symbol@1:1:fn* vector@1:1() list@1:1())"],
  ["; comment\n1 ; trailing\n2", "int@2:1:1 int@3:1:2"],
  ["[1 #_2 3] #_#_ a b c", "vector@1:1(int@1:2:1 int@1:8:3) symbol@1:20:c"],
  ["[1,2,,3]", "vector@1:1(int@1:2:1 int@1:4:2 int@1:7:3)"],
  ["^:private x ^{:a 1} y", "symbol@1:11:x symbol@1:21:y"],
  ["nilly truex", "symbol@1:1:nilly symbol@1:7:truex"],
  ["-foo - -> -1", "symbol@1:1:-foo symbol@1:6:- symbol@1:8:-> int@1:11:-1"],
  ["", ""],
];

describe("reader golden tests", () => {
  it.each(GOLDEN)("%s", (src, expected) => {
    expect(read(src).forms.map(dump).join(" ")).toBe(expected);
  });

  it("warns about and skips an unmatched closer at top level", () => {
    const r = read("(+ 1 2))");
    expect(r.forms.map(dump)).toEqual(["list@1:1(symbol@1:2:+ int@1:4:1 int@1:6:2)"]);
    expect(r.warnings).toEqual([
      { message: "ignored unmatched )", span: expect.objectContaining({ line: 1, column: 8 }) },
    ]);
  });
});

describe("the reader handles every rule of the grammar", () => {
  it("has one method per parser rule and labelled alternative", () => {
    const builder = FormBuilder.prototype as unknown as Record<string, unknown>;
    const labelled = ["deref", "syntaxQuote", "unquoteSplicing", "unquote", "taggedLiteral", "readerConditional"];
    for (const rule of [...PtcLispParser.ruleNames, ...labelled]) {
      expect(typeof builder[rule], `FormBuilder.${rule}`).toBe("function");
    }
  });
});

// ---------------------------------------------------------------------------------------
// print → read round trip

const atom: fc.Arbitrary<Value> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
  fc.double({ noNaN: true }).map((d) => (Number.isInteger(d) ? new PtcFloat(d) : d)),
  fc.string({ unit: "grapheme" }),
  fc.string({ unit: "binary" }),
  fc.integer({ min: 33, max: 0xd7ff }).map((c) => char(String.fromCharCode(c))),
  fc.constantFrom(" ", "\n", "\t", "\r", "\b", "\f").map(char),
  fc.stringMatching(/^[a-z][a-z0-9?!*<>=-]{0,8}$/).map((n) => keyword(n)),
  fc
    .tuple(fc.stringMatching(/^[a-z][a-z.]{0,5}$/), fc.stringMatching(/^[a-z][a-z0-9-]{0,5}$/))
    .map(([ns, n]) => keyword(n, ns)),
  fc
    .stringMatching(/^[a-z][a-z0-9?!*-]{0,8}$/)
    .filter((n) => !["nil", "true", "false"].includes(n))
    .map((n) => new Sym(null, n)),
);

const { value } = fc.letrec<{ value: Value }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    atom,
    fc.array(tie("value"), { maxLength: 5 }).map((xs) => PVector.of(xs)),
    fc.array(tie("value"), { maxLength: 5 }).map((xs) => PList.from(xs)),
    fc.array(fc.tuple(tie("value"), tie("value")), { maxLength: 4 }).map((kvs) => {
      const b = new MapBuilder();
      for (const [k, v] of kvs) b.assoc(k, v);
      return b.build();
    }),
    fc.array(tie("value"), { maxLength: 4 }).map((xs) => {
      const b = new SetBuilder();
      for (const x of xs) b.add(x);
      return b.build();
    }),
  ),
}));

describe("printing and reading round-trip", () => {
  it("read(pr-str(v)) equals v for every value", () => {
    fc.assert(
      fc.property(value, (v) => {
        const text = prStr(null, v);
        const forms = read(text).forms;
        expect(forms.length).toBe(1);
        const back = formToValue(forms[0]!);
        expect(equivRealized(back, v), text).toBe(true);
        expect(prStr(null, back)).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  it("reading never throws anything but a parse error on arbitrary text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), (text) => {
        try {
          read(text);
        } catch (e) {
          expect((e as { kind?: string }).kind).toBe("parse");
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe("nesting past what the reader takes", () => {
  const deep: [string, string, number][] = [
    ["brackets", `${"[".repeat(1001)}${"]".repeat(1001)}`, 1001],
    ["lists far past the host stack", `${"(".repeat(50_000)}${")".repeat(50_000)}`, 1001],
    ["quotes", `${"'".repeat(5000)}x`, 1001],
    ["derefs inside brackets", `${"[".repeat(600)}${"@".repeat(600)}x${"]".repeat(600)}`, 1001],
  ];
  it.each(deep)("%s: a positioned limit error, not a host stack overflow", (_name, source, column) => {
    let error: unknown;
    try {
      read(source);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PtcError);
    expect((error as PtcError).kind).toBe("limit");
    expect((error as PtcError).message).toBe(`forms nested more than ${MAX_READ_NESTING} levels deep`);
    expect((error as PtcError).span?.column).toBe(column);
  });

  it("metadata chains the token count misses still end in the limit error", () => {
    expect(() => read(`${"^:a ".repeat(20_000)}x`)).toThrow(`forms nested more than ${MAX_READ_NESTING} levels deep`);
  });

  it("1,000 levels read", () => {
    expect(read(`${"[".repeat(1000)}${"]".repeat(1000)}`).forms).toHaveLength(1);
    expect(read(`${"'".repeat(999)}x`).forms).toHaveLength(1);
  });
});
