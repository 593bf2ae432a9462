/**
 * The parser of java.util.regex.Pattern's syntax, and the syntax tree it builds.
 *
 * Parsing follows Java's rules: escapes, classes and `.` become code-point sets
 * (charset.ts) with Java's meaning, inline flags such as `(?i)` choose the sets and
 * assertions for the rest of their group, `\Q...\E` becomes literal characters, and
 * constructs neither engine honours (possessive quantifiers, atomic groups, `\G`, ...) are
 * rejected with a message saying what to write. Also here: the length bounds of a node in
 * UTF-16 units, which the parser checks lookbehind with and the VM runs lookbehind by.
 */
import { PtcError } from "../../diagnostics/error.js";
import {
  ANY,
  caseClose,
  DIGIT,
  DOT,
  DOT_UNIX,
  HSPACE,
  intersectSets,
  MAX_CP,
  namedSet,
  negateSet,
  rangeSet,
  SPACE,
  U_DIGIT,
  U_SPACE,
  U_WORD,
  unionSets,
  VSPACE,
  WORD,
  type CharSet,
} from "./charset.js";

// =======================================================================================
// Syntax tree

export type Assertion =
  | "start"
  | "end"
  | "endZ"
  | "endZUnix"
  | "bolM"
  | "bolMUnix"
  | "eolM"
  | "eolMUnix"
  | "wordB"
  | "notWordB"
  | "uWordB"
  | "uNotWordB";

export type Node =
  | { readonly k: "set"; readonly set: CharSet }
  | { readonly k: "seq"; readonly items: readonly Node[] }
  | { readonly k: "alt"; readonly alts: readonly Node[] }
  | { readonly k: "group"; readonly cap: number; readonly body: Node }
  | { readonly k: "rep"; readonly body: Node; readonly min: number; readonly max: number; readonly lazy: boolean }
  | { readonly k: "assert"; readonly a: Assertion }
  | { readonly k: "look"; readonly behind: boolean; readonly neg: boolean; readonly body: Node }
  | { k: "ref"; n: number; readonly name?: string };

const EMPTY: Node = { k: "seq", items: [] };

export interface Flags {
  i: boolean;
  d: boolean;
  m: boolean;
  s: boolean;
  u: boolean;
  x: boolean;
  U: boolean;
}

// =======================================================================================
// Parser (java.util.regex.Pattern's syntax)

export class Parser {
  private pos = 0;
  groups = 0;
  readonly names = new Map<string, number>();
  readonly refs: Extract<Node, { k: "ref" }>[] = [];

  constructor(
    private readonly src: string,
    private flags: Flags,
  ) {}

  fail(what: string, hint?: string, at: number = this.pos): never {
    throw new PtcError({
      kind: "type",
      message: `invalid regex #"${this.src}": ${what} at index ${Math.min(at, this.src.length)}`,
      hint,
    });
  }

  unsupported(what: string, hint: string): never {
    throw new PtcError({ kind: "type", message: `regex ${what} is not supported (in #"${this.src}")`, hint });
  }

  parse(): Node {
    const n = this.alternation();
    if (this.pos < this.src.length) {
      // Only an unmatched `)` stops an alternation early.
      this.fail("unmatched closing ')'", "escape a literal parenthesis as \\)");
    }
    for (const r of this.refs) {
      if (r.name !== undefined) {
        const n = this.names.get(r.name);
        if (n === undefined) this.fail(`named capturing group <${r.name}> does not exist`);
        r.n = n;
      }
    }
    return n;
  }

  private peek(): string {
    return this.src[this.pos] ?? "";
  }

  private more(): boolean {
    return this.pos < this.src.length;
  }

  /** In (?x) mode: skip whitespace and # comments. */
  private skipComments(): void {
    if (!this.flags.x) return;
    for (;;) {
      const c = this.peek();
      if (c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\f" || c === "\x0B") this.pos++;
      else if (c === "#") {
        while (this.more() && this.peek() !== "\n") this.pos++;
      } else return;
    }
  }

  private alternation(): Node {
    const saved = this.flags;
    const alts: Node[] = [this.sequence()];
    while (this.peek() === "|") {
      this.pos++;
      alts.push(this.sequence());
    }
    // Inline flags like (?i) last until the end of the enclosing group.
    this.flags = saved;
    return alts.length === 1 ? alts[0]! : { k: "alt", alts };
  }

  private sequence(): Node {
    const items: Node[] = [];
    for (;;) {
      this.skipComments();
      if (!this.more()) break;
      const c = this.peek();
      if (c === "|" || c === ")") break;
      const atom = this.atom();
      if (atom === null) continue;
      items.push(this.quantified(atom));
    }
    return items.length === 1 ? items[0]! : { k: "seq", items };
  }

  private quantified(atom: Node): Node {
    this.skipComments();
    const c = this.peek();
    let min: number;
    let max: number;
    const start = this.pos;
    if (c === "*") [min, max] = [0, Infinity];
    else if (c === "+") [min, max] = [1, Infinity];
    else if (c === "?") [min, max] = [0, 1];
    else if (c === "{") {
      const m = /^\{(\d+)(?:(,)(\d*))?\}/.exec(this.src.slice(this.pos));
      if (m === null) {
        if (/^\{\d*(,\d*)?$/.test(this.src.slice(this.pos))) this.fail("unclosed counted closure");
        this.fail("illegal repetition", "escape a literal brace as \\{");
      }
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === "" ? Infinity : Number(m[3]);
      if (max < min) this.fail("illegal repetition range", undefined, start);
      if (min > 100_000 || (max !== Infinity && max > 100_000))
        this.fail("repetition count too large", undefined, start);
      this.pos += m[0].length - 1;
    } else return atom;
    this.pos++;
    let lazy = false;
    if (this.peek() === "?") {
      lazy = true;
      this.pos++;
    } else if (this.peek() === "+") {
      this.unsupported(
        "possessive quantifier",
        `write ${this.src.slice(start, this.pos)} without the trailing + (a plain greedy quantifier)`,
      );
    }
    // A quantified zero-width assertion matches like the assertion itself (or always).
    if (atom.k === "assert" || atom.k === "look") return min === 0 ? EMPTY : atom;
    const q: Node = { k: "rep", body: atom, min, max, lazy };
    this.skipComments();
    const n = this.peek();
    if (n === "*" || n === "+" || n === "?" || (n === "{" && /^\{\d/.test(this.src.slice(this.pos))))
      this.fail(
        `dangling meta character '${n}'`,
        "a quantifier cannot follow another quantifier; wrap the first in (?:...)",
      );
    return q;
  }

  private atom(): Node | null {
    const c = this.peek();
    switch (c) {
      case "(":
        return this.group();
      case "[":
        this.pos++;
        return { k: "set", set: this.klass() };
      case ".":
        this.pos++;
        return { k: "set", set: this.flags.s ? ANY : this.flags.d ? DOT_UNIX : DOT };
      case "^":
        this.pos++;
        return { k: "assert", a: this.flags.m ? (this.flags.d ? "bolMUnix" : "bolM") : "start" };
      case "$":
        this.pos++;
        return {
          k: "assert",
          a: this.flags.m ? (this.flags.d ? "eolMUnix" : "eolM") : this.flags.d ? "endZUnix" : "endZ",
        };
      case "\\":
        return this.escape();
      case "*":
      case "+":
      case "?":
        return this.fail(`dangling meta character '${c}'`, `escape it as \\${c} to match it literally`);
      case "{":
        return this.fail("illegal repetition", "escape a literal brace as \\{");
      default: {
        const cp = this.src.codePointAt(this.pos)!;
        this.pos += cp > 0xffff ? 2 : 1;
        return this.charNode(cp);
      }
    }
  }

  private charNode(cp: number): Node {
    return { k: "set", set: this.caseFold(rangeSet([cp, cp])) };
  }

  private caseFold(s: CharSet): CharSet {
    return this.flags.i ? caseClose(s, this.flags.u || this.flags.U) : s;
  }

  private group(): Node | null {
    const open = this.pos;
    this.pos++;
    let cap = 0;
    let look: { behind: boolean; neg: boolean } | null = null;
    const saved = this.flags;
    if (this.peek() === "?") {
      this.pos++;
      const c = this.peek();
      if (c === ":") this.pos++;
      else if (c === "=" || c === "!") {
        this.pos++;
        look = { behind: false, neg: c === "!" };
      } else if (c === "<" && (this.src[this.pos + 1] === "=" || this.src[this.pos + 1] === "!")) {
        look = { behind: true, neg: this.src[this.pos + 1] === "!" };
        this.pos += 2;
      } else if (c === "<") {
        const m = /^<([a-zA-Z][a-zA-Z0-9]*)>/.exec(this.src.slice(this.pos));
        if (m === null) this.fail("named capturing group is missing a valid name (letters, then letters or digits)");
        if (this.names.has(m[1]!)) this.fail(`named capturing group <${m[1]}> is already defined`);
        cap = ++this.groups;
        this.names.set(m[1]!, cap);
        this.pos += m[0].length;
      } else if (c === ">") {
        this.unsupported("atomic group (?>...)", "use a non-capturing group (?:...)");
      } else {
        const m = /^([idmsuxU]*)(?:-([idmsuxU]*))?([:)])/.exec(this.src.slice(this.pos));
        if (m === null) this.fail(`unknown inline modifier '${c}'`);
        const f = { ...this.flags };
        for (const ch of m[1]!) f[ch as keyof Flags] = true;
        for (const ch of m[2] ?? "") f[ch as keyof Flags] = false;
        this.pos += m[0].length;
        if (m[3] === ")") {
          // (?i) alone: applies to the rest of the enclosing group.
          this.flags = f;
          return null;
        }
        this.flags = f;
      }
    } else cap = ++this.groups;
    const body = this.alternation();
    this.flags = saved;
    if (this.peek() !== ")") this.fail("unclosed group", "close it with )", open);
    this.pos++;
    if (look !== null && look.behind && unitBounds(body)[1] === Infinity)
      this.fail(
        "look-behind group does not have an obvious maximum length",
        "use a bounded quantifier such as {0,20} in lookbehind",
        open,
      );
    if (look !== null) return { k: "look", behind: look.behind, neg: look.neg, body };
    return cap === 0 ? body : { k: "group", cap, body };
  }

  /** After a backslash, outside a character class. */
  private escape(): Node {
    const start = this.pos;
    this.pos++;
    const c = this.peek();
    if (c === "") this.fail("unexpected end of pattern after \\", "write \\\\ for a backslash");
    switch (c) {
      case "b":
        this.pos++;
        if (this.peek() === "{") this.unsupported("boundary \\b{...}", "use \\b");
        return { k: "assert", a: this.flags.U ? "uWordB" : "wordB" };
      case "B":
        this.pos++;
        return { k: "assert", a: this.flags.U ? "uNotWordB" : "notWordB" };
      case "A":
        this.pos++;
        return { k: "assert", a: "start" };
      case "z":
        this.pos++;
        return { k: "assert", a: "end" };
      case "Z":
        this.pos++;
        return { k: "assert", a: this.flags.d ? "endZUnix" : "endZ" };
      case "G":
        this.unsupported("\\G", "anchor with ^ instead");
        break;
      case "R":
        this.pos++;
        return {
          k: "alt",
          alts: [
            { k: "seq", items: [this.charNode(13), this.charNode(10)] },
            { k: "set", set: VSPACE },
          ],
        };
      case "X":
        this.unsupported("\\X (grapheme cluster)", "match the characters you need explicitly");
        break;
      case "Q": {
        this.pos++;
        const end = this.src.indexOf("\\E", this.pos);
        const lit = this.src.slice(this.pos, end < 0 ? undefined : end);
        this.pos = end < 0 ? this.src.length : end + 2;
        const items: Node[] = [];
        for (const ch of lit) items.push(this.charNode(ch.codePointAt(0)!));
        return items.length === 1 ? items[0]! : { k: "seq", items };
      }
      case "E":
        // A stray \E is ignored, as in Java.
        this.pos++;
        return EMPTY;
      case "k": {
        this.pos++;
        const m = /^<([a-zA-Z][a-zA-Z0-9]*)>/.exec(this.src.slice(this.pos));
        if (m === null) this.fail("\\k is not followed by <name>");
        this.pos += m[0].length;
        const ref = { k: "ref" as const, n: 0, name: m[1]! };
        this.refs.push(ref);
        return ref;
      }
    }
    if (c >= "1" && c <= "9") {
      // Java reads as many digits as still name an existing group.
      let n = Number(c);
      this.pos++;
      while (/[0-9]/.test(this.peek())) {
        const next = n * 10 + Number(this.peek());
        if (next > this.groups) break;
        n = next;
        this.pos++;
      }
      const ref = { k: "ref" as const, n };
      this.refs.push(ref);
      return ref;
    }
    this.pos = start;
    const set = this.escapeSet();
    return { k: "set", set };
  }

  /**
   * An escape that stands for a set of characters or one character (`\d`, `\p{L}`, `\n`,
   * `\x41`, `\.`), at `this.pos` (on the backslash). Also used inside classes.
   */
  private escapeSet(): CharSet {
    const start = this.pos;
    this.pos++;
    const c = this.peek();
    this.pos++;
    const U = this.flags.U;
    switch (c) {
      case "d":
        return U ? U_DIGIT : DIGIT;
      case "D":
        return negateSet(U ? U_DIGIT : DIGIT);
      case "w":
        return U ? U_WORD : WORD;
      case "W":
        return negateSet(U ? U_WORD : WORD);
      case "s":
        return U ? U_SPACE : SPACE;
      case "S":
        return negateSet(U ? U_SPACE : SPACE);
      case "h":
        return HSPACE;
      case "H":
        return negateSet(HSPACE);
      case "v":
        return VSPACE;
      case "V":
        return negateSet(VSPACE);
      case "p":
      case "P": {
        let name: string;
        if (this.peek() === "{") {
          const end = this.src.indexOf("}", this.pos);
          if (end < 0) this.fail("unclosed character family", undefined, start);
          name = this.src.slice(this.pos + 1, end);
          this.pos = end + 1;
        } else {
          name = this.peek();
          this.pos++;
        }
        if (/^in/i.test(name) || /^(block|blk)=/i.test(name))
          this.unsupported(`Unicode block \\${c}{${name}}`, "use a script such as \\p{IsGreek} or an explicit range");
        const set = namedSet(name);
        if (set === null)
          this.fail(
            `unknown character property name {${name}}`,
            "examples: \\p{L}, \\p{Lu}, \\p{Alpha}, \\p{IsLatin}",
            start,
          );
        const folded = this.flags.i && set.props.length === 0 ? this.caseFold(set) : set;
        return c === "P" ? negateSet(folded) : folded;
      }
    }
    const one = this.escapeChar(c, start);
    return this.caseFold(rangeSet([one, one]));
  }

  /** The code point of a single-character escape (the letter after `\` already consumed). */
  private escapeChar(c: string, start: number): number {
    switch (c) {
      case "t":
        return 9;
      case "n":
        return 10;
      case "r":
        return 13;
      case "f":
        return 12;
      case "a":
        return 7;
      case "e":
        return 27;
      case "0": {
        const m = /^(?:[0-3][0-7]{2}|[0-7]{1,2})/.exec(this.src.slice(this.pos));
        if (m === null) this.fail("illegal octal escape sequence", undefined, start);
        this.pos += m[0].length;
        return parseInt(m[0], 8);
      }
      case "x": {
        if (this.peek() === "{") {
          const m = /^\{([0-9a-fA-F]+)\}/.exec(this.src.slice(this.pos));
          if (m === null || parseInt(m[1]!, 16) > MAX_CP)
            this.fail("illegal hexadecimal escape sequence", undefined, start);
          this.pos += m[0].length;
          return parseInt(m[1]!, 16);
        }
        const m = /^[0-9a-fA-F]{2}/.exec(this.src.slice(this.pos));
        if (m === null) this.fail("illegal hexadecimal escape sequence", undefined, start);
        this.pos += 2;
        return parseInt(m[0], 16);
      }
      case "u": {
        const m = /^[0-9a-fA-F]{4}/.exec(this.src.slice(this.pos));
        if (m === null) this.fail("illegal Unicode escape sequence", undefined, start);
        this.pos += 4;
        let cp = parseInt(m[0], 16);
        // A surrogate pair written as two \u escapes is one code point.
        const low = /^\\u([dD][c-fC-F][0-9a-fA-F]{2})/.exec(this.src.slice(this.pos));
        if (cp >= 0xd800 && cp <= 0xdbff && low !== null) {
          cp = 0x10000 + ((cp - 0xd800) << 10) + (parseInt(low[1]!, 16) - 0xdc00);
          this.pos += 6;
        }
        return cp;
      }
      case "c": {
        const ch = this.peek();
        if (ch === "") this.fail("illegal control escape sequence", undefined, start);
        this.pos++;
        return ch.charCodeAt(0) ^ 64;
      }
      case "N":
        return this.unsupported("\\N{name}", "write the character itself or \\uXXXX");
    }
    if (/[a-zA-Z]/.test(c))
      this.fail(`illegal escape sequence \\${c}`, "escape only punctuation; for a backslash write \\\\", start);
    if (c >= "1" && c <= "9") this.fail("back references are not allowed in a character class", undefined, start);
    // Any other escaped character is itself.
    const cp = this.src.codePointAt(this.pos - 1)!;
    if (cp > 0xffff) this.pos++;
    return cp;
  }

  /** A character class, after its `[`. */
  private klass(): CharSet {
    const open = this.pos - 1;
    let negated = false;
    if (this.peek() === "^") {
      negated = true;
      this.pos++;
    }
    const complex = (): never =>
      this.unsupported("character class mixing negated Unicode properties", "split the class");
    let acc: CharSet | null = null;
    let cur: CharSet = rangeSet([]);
    let first = true;
    for (;;) {
      if (this.flags.x) {
        while (/[ \t\n\r\f\x0B]/.test(this.peek())) this.pos++;
      }
      if (!this.more()) this.fail("unclosed character class", "close it with ]", open);
      const c = this.peek();
      if (c === "]" && !first) {
        this.pos++;
        break;
      }
      first = false;
      if (c === "[") {
        this.pos++;
        cur = unionSets(cur, this.klass(), complex);
        continue;
      }
      if (c === "&" && this.src[this.pos + 1] === "&") {
        this.pos += 2;
        acc = acc === null ? cur : intersectSets(acc, cur, complex);
        cur = rangeSet([]);
        // `[a-z&&]` means `[a-z]`: an empty right side is ignored, as in Java.
        if (this.peek() === "]") {
          cur = ANY;
        }
        continue;
      }
      let lo: number;
      if (c === "\\") {
        const n = this.src[this.pos + 1] ?? "";
        if ("dDwWsShHvVpP".includes(n) && n !== "") {
          cur = unionSets(cur, this.escapeSet(), complex);
          continue;
        }
        if (n === "Q") {
          const end = this.src.indexOf("\\E", this.pos + 2);
          const lit = this.src.slice(this.pos + 2, end < 0 ? undefined : end);
          this.pos = end < 0 ? this.src.length : end + 2;
          const flat: number[] = [];
          for (const ch of lit) flat.push(ch.codePointAt(0)!, ch.codePointAt(0)!);
          cur = unionSets(cur, this.caseFold(rangeSet(flat)), complex);
          continue;
        }
        this.pos += 2;
        lo = this.escapeChar(n, this.pos - 2);
      } else {
        lo = this.src.codePointAt(this.pos)!;
        this.pos += lo > 0xffff ? 2 : 1;
      }
      let hi = lo;
      if (this.peek() === "-" && this.src[this.pos + 1] !== "]" && this.src[this.pos + 1] !== undefined) {
        const after = this.src[this.pos + 1]!;
        if (after === "[") this.fail("illegal character range", undefined, this.pos);
        this.pos++;
        if (after === "\\") {
          const n = this.src[this.pos + 1] ?? "";
          if ("dDwWsShHvVpPQ".includes(n)) this.fail("illegal character range", undefined, this.pos);
          this.pos += 2;
          hi = this.escapeChar(n, this.pos - 2);
        } else {
          hi = this.src.codePointAt(this.pos)!;
          this.pos += hi > 0xffff ? 2 : 1;
        }
        if (hi < lo) this.fail("illegal character range", "write the smaller character first", this.pos - 1);
      }
      cur = unionSets(cur, this.caseFold(rangeSet([lo, hi])), complex);
    }
    const set = acc === null ? cur : intersectSets(acc, cur, complex);
    return negated ? negateSet(set) : set;
  }
}

// =======================================================================================
// Length bounds

/** Length bounds of what a node matches, in UTF-16 units. */
export function unitBounds(n: Node): [number, number] {
  switch (n.k) {
    case "set": {
      const r = n.set.ranges;
      const astral = n.set.negated || n.set.props.length > 0 || (r.length > 0 && r[r.length - 1]! > 0xffff);
      return [1, astral ? 2 : 1];
    }
    case "seq": {
      let min = 0;
      let max = 0;
      for (const x of n.items) {
        const [a, b] = unitBounds(x);
        min += a;
        max += b;
      }
      return [min, max];
    }
    case "alt": {
      let min = Infinity;
      let max = 0;
      for (const x of n.alts) {
        const [a, b] = unitBounds(x);
        min = Math.min(min, a);
        max = Math.max(max, b);
      }
      return [min, max];
    }
    case "group":
      return unitBounds(n.body);
    case "rep": {
      const [a, b] = unitBounds(n.body);
      return [a * n.min, n.max === Infinity ? (b === 0 ? 0 : Infinity) : b * n.max];
    }
    case "assert":
    case "look":
      return [0, 0];
    case "ref":
      return [0, Infinity];
  }
}
