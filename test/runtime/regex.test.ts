/**
 * The regex engine: Java syntax compiled to a JavaScript RegExp and to a linear-time VM.
 * Both engines must find the same matches, and patterns that backtrack catastrophically on
 * V8 must finish quickly (they run on the VM, which charges the step budget).
 */
import { describe, expect, it } from "vitest";
import { Cx } from "../../src/runtime/context.js";
import { DEFAULT_LIMITS, type Limits } from "../../src/runtime/limits.js";
import { compileRegex, javaRegex, regexEach, regexFind, regexMatches } from "../../src/runtime/regex/index.js";
import { failure, printed } from "../helpers.js";

class TestCx extends Cx {
  callTool(): never {
    throw new Error("no tools");
  }
  now(): number {
    return 0;
  }
  parallel(): never {
    throw new Error("no parallel");
  }
  task(): never {
    throw new Error("no tasks");
  }
  taskReset(): never {
    throw new Error("no tasks");
  }
  budgetRemaining(): never {
    throw new Error("no budget");
  }
  warn(): void {}
}

function cx(limits: Partial<Limits> = {}): Cx {
  return new TestCx({ ...DEFAULT_LIMITS, ...limits });
}

const PATTERNS = [
  "a",
  "a+",
  "(a|ab)(c|bcd)(d*)",
  "\\d+",
  "(\\d+)-(\\d+)",
  "x*",
  "(a*)*b",
  "(?i)hello",
  "[a-z]+@[a-z]+\\.com",
  "^abc$",
  "(?m)^\\w+$",
  "a{2,3}",
  "a{2,3}?",
  "(a)|b",
  "\\bfoo\\b",
  ".*",
  ".*?x",
  "(\\w+)\\s(\\w+)",
  "[^aeiou]+",
  "(?s).+",
  "\\p{L}+",
  "[\\p{Lu}\\d]+",
  "colou?r",
  "(a|b|c)+?c",
  "\\s+$",
  "$",
  "^",
  "(?m)$",
  "(a+)+$",
  "(.)(.)(.)?",
  "\\d+(?=%)",
  "(?<=\\$)\\d+",
  "(?<!a)b",
  "(?!abc)\\w+",
  "(?=(\\w+))\\w",
  "a(?=b)|ab",
  "(?<=ab|b)c",
  "\\b\\w",
  "\\B\\w+",
  "[a-c&&[b-d]]+",
  "[^\\d\\s]+",
  "(?i)[a-c]+",
  "(?x) a b # comment",
  "\\Qa.b\\E",
  "\\R",
  "\\Z",
  "(?m)(^|x)$",
  "\\p{Alpha}+\\p{Punct}",
  "(?:ab)+|a",
  "(a|ab)*c",
];

const INPUTS = [
  "",
  "a",
  "abcd",
  "aab",
  "123-456 x",
  "aaa",
  "Hello HELLO",
  "me@ex.com you@x.org",
  "abc",
  "foo\nbar\r\nbaz\n",
  "ab",
  "x foo y",
  "hey x",
  "one two",
  "ΑΒΓ abc",
  "AB1c",
  "color colour",
  "abcabc",
  "  \n",
  "a\n",
  "😀a😀",
  "aaaaaaaaaaaaaab",
  "50% of $12 and 3%",
  "abd abc ac",
  "a.b",
  "x\r\ny\n",
  "Hi, there!",
  "abababc",
];

/** Start positions that are not inside a surrogate pair. */
function starts(s: string): number[] {
  const out: number[] = [];
  for (let i = 0; i <= s.length; i++) {
    const c = s.charCodeAt(i);
    if (!(c >= 0xdc00 && c <= 0xdfff)) out.push(i);
  }
  return out;
}

function show(m: ReturnType<typeof regexFind>): string {
  return JSON.stringify(m === null ? null : [m.start, m.end, m.groups.map((g) => g ?? null)]);
}

describe("the VM and V8 agree", () => {
  for (const p of PATTERNS) {
    it(p, () => {
      const r = compileRegex(p);
      expect(javaRegex(r).prog, "the VM can run this pattern").not.toBeNull();
      const c = cx();
      for (const s of INPUTS) {
        for (const from of starts(s)) {
          expect(show(regexFind(c, r, s, from, "vm")), `${p} in ${JSON.stringify(s)} from ${from}`).toBe(
            show(regexFind(c, r, s, from, "v8")),
          );
        }
        expect(show(regexMatches(c, r, s, "vm")), `${p} matches ${JSON.stringify(s)}`).toBe(
          show(regexMatches(c, r, s, "v8")),
        );
      }
    });
  }

  it("except that JavaScript resets groups in each repetition (the VM keeps them, as Java does)", () => {
    const r = compileRegex("(?:(a)|b)+");
    expect(show(regexFind(cx(), r, "ab", 0, "vm"))).toBe('[0,2,["ab","a"]]');
    expect(show(regexFind(cx(), r, "ab", 0, "v8"))).toBe('[0,2,["ab",null]]');
  });
});

describe("random patterns: the engines agree wherever the input length picks the engine", () => {
  // A fixed-seed generator of small patterns over a small alphabet.
  let seed = 7;
  const rnd = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return Math.floor(seed / 65536) % n;
  };
  const atoms = ["a", "b", "c", ".", "[ab]", "[^a]", "\\d", "\\w", "\\s", "^", "$", "\\b", "\\B", "x"];
  const quantifiers = ["*", "+", "?", "{1,2}", "*?", "+?", "??", "{0,2}?"];
  const gen = (d: number): string => {
    const k = rnd(d > 4 ? 4 : 9);
    if (k <= 3) return atoms[rnd(atoms.length)]!;
    if (k === 4) return gen(d + 1) + gen(d + 1);
    if (k === 5) return `${gen(d + 1)}|${gen(d + 1)}`;
    if (k === 6) return `(${gen(d + 1)})${["", "*", "+", "?"][rnd(4)]}`;
    if (k === 7) return `(?:${gen(d + 1)})${quantifiers[rnd(quantifiers.length)]}`;
    return `(?${["=", "!", "<=", "<!"][rnd(4)]}${atoms[rnd(3)]})`;
  };
  const alphabet = "abc1 \nx";
  it("on 1,500 patterns", () => {
    let checked = 0;
    for (let t = 0; t < 1500; t++) {
      const p = gen(0);
      let r;
      try {
        r = compileRegex(p);
      } catch {
        continue;
      }
      const j = javaRegex(r);
      if (j.prog === null || j.useVm(0)) continue;
      for (let k = 0; k < 4; k++) {
        let s = "";
        for (let i = rnd(7); i > 0; i--) s += alphabet[rnd(alphabet.length)];
        const c = cx();
        for (let from = 0; from <= s.length; from++) {
          expect(show(regexFind(c, r, s, from, "vm")), `${p} in ${JSON.stringify(s)} from ${from}`).toBe(
            show(regexFind(c, r, s, from, "v8")),
          );
          checked++;
        }
        expect(show(regexMatches(c, r, s, "vm")), `${p} matches ${JSON.stringify(s)}`).toBe(
          show(regexMatches(c, r, s, "v8")),
        );
      }
    }
    expect(checked).toBeGreaterThan(10_000);
  });
});

describe("catastrophic patterns run in linear time", () => {
  const cases: [string, string][] = [
    ["(a+)+b", "a".repeat(50_000)],
    ["(a|a)*b", "a".repeat(50_000)],
    ["(\\w+\\s?)+$", "word ".repeat(10_000) + "!"],
    [".*a.*b", "a".repeat(50_000)],
    ["\\d+x", "1".repeat(50_000)],
    ["(x+x+)+y", "x".repeat(50_000)],
    ["\\d+(?=%)", "1".repeat(50_000)],
  ];
  for (const [p, s] of cases) {
    it(`${p} on ${s.length} characters`, () => {
      const c = cx({ maxSteps: Infinity });
      const t0 = performance.now();
      expect(regexFind(c, compileRegex(p), s, 0)).toBeNull();
      expect(performance.now() - t0).toBeLessThan(2_000);
    });
  }

  it("charges the step budget, so a huge scan stops at the limit", () => {
    const c = cx({ maxSteps: 10_000 });
    expect(() => regexFind(c, compileRegex("(a+)+b"), "a".repeat(100_000), 0)).toThrow(/step limit/);
  });

  it("through the language", () => {
    expect(printed('(re-find #"(a|aa)+c" (apply str (repeat 30000 "a")))')).toBe("nil");
    expect(failure('(re-pattern "(a+)+\\\\1")').kind).toBe("type");
  });
});

describe("iteration", () => {
  it("moves past empty matches as Java's find() does", () => {
    const found: string[] = [];
    regexEach(cx(), compileRegex("b*"), "abc", (m) => {
      found.push(`${m.start}:${m.groups[0]}`);
    });
    expect(found).toEqual(["0:", "1:b", "2:", "3:"]);
  });

  it("steps over whole code points", () => {
    const found: number[] = [];
    regexEach(cx(), compileRegex(""), "😀a", (m) => {
      found.push(m.start);
    });
    expect(found).toEqual([0, 2, 3]);
  });
});

describe("compile errors name the problem", () => {
  const errors: [string, RegExp][] = [
    ["(", /unclosed group/],
    ["a)", /unmatched closing/],
    ["[a", /unclosed character class/],
    ["*", /dangling meta character/],
    ["a{", /illegal repetition|unclosed counted/],
    ["{", /illegal repetition/],
    ["\\y", /illegal escape/],
    ["[z-a]", /illegal character range/],
    ["a++", /possessive/],
    ["(?>a)", /atomic group/],
    ["\\p{Nope}", /unknown character property/],
    ["(?<=a*)b", /look-behind/],
    ["\\k<x>", /does not exist/],
    ["(?<n>a)(?<n>b)", /already defined/],
    ["(?q)", /unknown inline modifier/],
  ];
  for (const [src, message] of errors) {
    it(src, () => {
      expect(() => compileRegex(src)).toThrow(message);
    });
  }
});
