/**
 * A Pike VM (Thompson's construction with Pike's submatch tracking): a linear-time matcher
 * that charges the step budget as it goes. A parsed pattern compiles to a program
 * (counted repetitions expanded, within a size limit), which runs its threads in priority
 * order, so it gives the same results as backtracking (leftmost, with the same group
 * captures) for everything it supports, lookaround included (a lookaround runs a sub-match
 * at each position). Patterns with back references, or too large once expanded, get no
 * program.
 */
import type { Cx } from "../context.js";
import { rangeSet, rangesHave, setHas, U_WORD, unionSets, WORD, type CharSet } from "./charset.js";
import { unitBounds, type Assertion, type Node } from "./parse.js";

const enum Op {
  Set,
  Split,
  Jmp,
  Save,
  Assert,
  Look,
  Match,
}

export interface Inst {
  op: Op;
  set?: CharSet;
  /** Fast path: a single code point. */
  cp?: number;
  x?: number;
  y?: number;
  n?: number;
  a?: Assertion;
  /** Lookaround: the body's own program, and (behind) its length bounds in UTF-16 units. */
  sub?: Inst[];
  behind?: boolean;
  neg?: boolean;
  min?: number;
  max?: number;
}

/** Most VM instructions a pattern may compile to (counted repetitions are expanded). */
const MAX_PROGRAM = 20_000;

class NoVm extends Error {}

/** Compile a node to a VM program; `whole` adds the saves of group 0. Throws NoVm. */
function compileProgram(root: Node, whole: boolean, budget: { left: number }): Inst[] {
  const prog: Inst[] = [];
  const emit = (i: Inst): number => {
    if (--budget.left < 0) throw new NoVm();
    prog.push(i);
    return prog.length - 1;
  };
  const gen = (n: Node): void => {
    switch (n.k) {
      case "set": {
        const r = n.set.ranges;
        if (n.set.props.length === 0 && r.length === 2 && r[0] === r[1]) emit({ op: Op.Set, cp: r[0]! });
        else emit({ op: Op.Set, set: n.set });
        return;
      }
      case "seq":
        for (const x of n.items) gen(x);
        return;
      case "alt": {
        const jumps: number[] = [];
        for (let i = 0; i < n.alts.length; i++) {
          if (i < n.alts.length - 1) {
            const split = emit({ op: Op.Split, x: 0, y: 0 });
            prog[split]!.x = prog.length;
            gen(n.alts[i]!);
            jumps.push(emit({ op: Op.Jmp, x: 0 }));
            prog[split]!.y = prog.length;
          } else gen(n.alts[i]!);
        }
        for (const j of jumps) prog[j]!.x = prog.length;
        return;
      }
      case "group":
        emit({ op: Op.Save, n: 2 * n.cap });
        gen(n.body);
        emit({ op: Op.Save, n: 2 * n.cap + 1 });
        return;
      case "rep": {
        for (let i = 0; i < n.min; i++) gen(n.body);
        if (n.max === Infinity) {
          const split = emit({ op: Op.Split, x: 0, y: 0 });
          const bodyAt = prog.length;
          gen(n.body);
          emit({ op: Op.Jmp, x: split });
          const after = prog.length;
          prog[split]!.x = n.lazy ? after : bodyAt;
          prog[split]!.y = n.lazy ? bodyAt : after;
        } else {
          const splits: number[] = [];
          for (let i = n.min; i < n.max; i++) {
            const split = emit({ op: Op.Split, x: 0, y: 0 });
            splits.push(split);
            prog[split]!.x = prog.length;
            gen(n.body);
          }
          const after = prog.length;
          for (const sp of splits) {
            const i = prog[sp]!;
            if (n.lazy) {
              i.y = i.x;
              i.x = after;
            } else i.y = after;
          }
        }
        return;
      }
      case "assert":
        emit({ op: Op.Assert, a: n.a });
        return;
      case "look": {
        const [min, max] = unitBounds(n.body);
        emit({ op: Op.Look, sub: compileProgram(n.body, false, budget), behind: n.behind, neg: n.neg, min, max });
        return;
      }
      case "ref":
        throw new NoVm();
    }
  };
  if (whole) emit({ op: Op.Save, n: 0 });
  gen(root);
  if (whole) emit({ op: Op.Save, n: 1 });
  emit({ op: Op.Match });
  return prog;
}

export function compileVm(root: Node): Inst[] | null {
  try {
    return compileProgram(root, true, { left: MAX_PROGRAM });
  } catch (e) {
    if (e instanceof NoVm) return null;
    throw e;
  }
}

/**
 * The characters a match can start with, or null when that is not known (the pattern
 * can match the empty string, or starts with a back reference).
 */
export function firstSet(root: Node): CharSet | null {
  const fail = (): never => {
    throw new NoVm();
  };
  const first = (n: Node): { set: CharSet; nullable: boolean } => {
    switch (n.k) {
      case "set":
        return { set: n.set, nullable: false };
      case "seq": {
        let set = rangeSet([]);
        for (const x of n.items) {
          const f = first(x);
          set = unionSets(set, f.set, fail);
          if (!f.nullable) return { set, nullable: false };
        }
        return { set, nullable: true };
      }
      case "alt": {
        let set = rangeSet([]);
        let nullable = false;
        for (const x of n.alts) {
          const f = first(x);
          set = unionSets(set, f.set, fail);
          nullable ||= f.nullable;
        }
        return { set, nullable };
      }
      case "group":
        return first(n.body);
      case "rep": {
        const f = first(n.body);
        return { set: f.set, nullable: f.nullable || n.min === 0 };
      }
      case "assert":
      case "look":
        return { set: rangeSet([]), nullable: true };
      case "ref":
        return fail();
    }
  };
  try {
    const f = first(root);
    return f.nullable ? null : f.set;
  } catch (e) {
    if (e instanceof NoVm) return null;
    throw e;
  }
}

function isLineTerm(c: number): boolean {
  return c === 10 || c === 13 || c === 0x85 || c === 0x2028 || c === 0x2029;
}

function isWordAt(s: string, i: number, unicode: boolean): boolean {
  if (i < 0 || i >= s.length) return false;
  const cp = s.codePointAt(i)!;
  if (!unicode) return rangesHave(WORD.ranges, cp);
  return setHas(U_WORD, cp);
}

/** Code point ending at i (for looking behind). */
function cpBefore(s: string, i: number): number {
  const c = s.charCodeAt(i - 1);
  if (c >= 0xdc00 && c <= 0xdfff && i >= 2) {
    const h = s.charCodeAt(i - 2);
    if (h >= 0xd800 && h <= 0xdbff) return s.codePointAt(i - 2)!;
  }
  return c;
}

function assertAt(a: Assertion, s: string, i: number): boolean {
  const n = s.length;
  switch (a) {
    case "start":
      return i === 0;
    case "end":
      return i === n;
    case "endZ":
      if (i === n) return true;
      if (i === n - 2) return s.charCodeAt(i) === 13 && s.charCodeAt(i + 1) === 10;
      if (i === n - 1) {
        const c = s.charCodeAt(i);
        if (c === 10) return !(i > 0 && s.charCodeAt(i - 1) === 13);
        return isLineTerm(c);
      }
      return false;
    case "endZUnix":
      return i === n || (i === n - 1 && s.charCodeAt(i) === 10);
    case "bolM": {
      if (i === n) return false;
      if (i === 0) return true;
      const p = s.charCodeAt(i - 1);
      if (!isLineTerm(p)) return false;
      return !(p === 13 && s.charCodeAt(i) === 10);
    }
    case "bolMUnix":
      return i < n && (i === 0 || s.charCodeAt(i - 1) === 10);
    case "eolM": {
      if (i === n) return true;
      const c = s.charCodeAt(i);
      if (c === 10) return !(i > 0 && s.charCodeAt(i - 1) === 13);
      return isLineTerm(c);
    }
    case "eolMUnix":
      return i === n || s.charCodeAt(i) === 10;
    case "wordB":
    case "notWordB": {
      const b = (i > 0 && rangesHave(WORD.ranges, cpBefore(s, i))) !== isWordAt(s, i, false);
      return a === "wordB" ? b : !b;
    }
    case "uWordB":
    case "uNotWordB": {
      const b = (i > 0 && setHas(U_WORD, cpBefore(s, i))) !== isWordAt(s, i, true);
      return a === "uWordB" ? b : !b;
    }
  }
}

export type Caps = (number | undefined)[];

/** A list of threads for one input position, each a pc with its captures, in priority order. */
class Threads {
  readonly pcs: number[] = [];
  readonly caps: Caps[] = [];
  /** Generation marks: pc is on the list when mark[pc] === gen. */
  constructor(
    readonly mark: Int32Array,
    public gen: number,
  ) {}
}

/** A lookaround at `pos`: the captures to go on with, or null when it does not hold. */
function lookAt(cx: Cx, inst: Inst, s: string, pos: number, caps: Caps): Caps | null {
  let found: Caps | null = null;
  if (!inst.behind) found = pikeExec(cx, inst.sub!, s, pos, true, -1, caps, null);
  else {
    // Nearest start first, as Java tries them.
    const lowest = Math.max(0, pos - inst.max!);
    for (let j = pos - inst.min!; j >= lowest && found === null; j--)
      found = pikeExec(cx, inst.sub!, s, j, true, pos, caps, null);
  }
  if (inst.neg) return found === null ? caps : null;
  return found;
}

/**
 * Run a VM program over `s` from `from`, in priority order (so the result is the one a
 * backtracking matcher would find). `anchored`: the match must start at `from`. `endAt`:
 * the position the match must end at, or -1 for anywhere. `first`: the characters an
 * unanchored match can start with, to skip ahead. Returns the capture offsets, or null.
 */
export function pikeExec(
  cx: Cx,
  prog: readonly Inst[],
  s: string,
  from: number,
  anchored: boolean,
  endAt: number,
  init: Caps,
  first: CharSet | null,
): Caps | null {
  const size = prog.length;
  let clist = new Threads(new Int32Array(size).fill(-1), 0);
  let nlist = new Threads(new Int32Array(size).fill(-1), 1);
  let gen = 2;
  let matched: Caps | null = null;
  const stackPc: number[] = [];
  const stackCaps: Caps[] = [];

  const add = (list: Threads, pc0: number, caps0: Caps, pos: number): void => {
    stackPc.push(pc0);
    stackCaps.push(caps0);
    while (stackPc.length > 0) {
      const pc = stackPc.pop()!;
      let caps = stackCaps.pop()!;
      if (list.mark[pc] === list.gen) continue;
      list.mark[pc] = list.gen;
      const inst = prog[pc]!;
      switch (inst.op) {
        case Op.Jmp:
          stackPc.push(inst.x!);
          stackCaps.push(caps);
          break;
        case Op.Split:
          // y is pushed first so that x (the preferred branch) is explored first.
          stackPc.push(inst.y!, inst.x!);
          stackCaps.push(caps, caps);
          break;
        case Op.Save:
          caps = caps.slice();
          caps[inst.n!] = pos;
          stackPc.push(pc + 1);
          stackCaps.push(caps);
          break;
        case Op.Assert:
          if (assertAt(inst.a!, s, pos)) {
            stackPc.push(pc + 1);
            stackCaps.push(caps);
          }
          break;
        case Op.Look: {
          const after = lookAt(cx, inst, s, pos, caps);
          if (after !== null) {
            stackPc.push(pc + 1);
            stackCaps.push(after);
          }
          break;
        }
        default:
          list.pcs.push(pc);
          list.caps.push(caps);
      }
    }
  };

  const n = s.length;
  let i = from;
  for (;;) {
    if (matched === null && (!anchored || i === from)) {
      if (first !== null && clist.pcs.length === 0) {
        // Nothing alive: jump to the next place a match can start.
        const start = i;
        while (i < n) {
          const c = s.codePointAt(i)!;
          if (setHas(first, c)) break;
          i += c > 0xffff ? 2 : 1;
        }
        cx.charge(((i - start) >>> 3) + 1);
        if (i >= n) break;
        // Marks left by dead threads belong to the old position.
        if (i !== start) clist.gen = gen++;
      }
      add(clist, 0, init, i);
    }
    const cp = i < n ? s.codePointAt(i)! : -1;
    const next = i + (cp > 0xffff ? 2 : 1);
    if (clist.pcs.length === 0) {
      // No thread alive: done, unless a search can still start further on.
      if (matched !== null || anchored || cp < 0) break;
      clist.gen = gen++;
      i = next;
      if ((i & 0xff) === 0) cx.charge(64);
      continue;
    }
    cx.charge(clist.pcs.length);
    for (let t = 0; t < clist.pcs.length; t++) {
      const pc = clist.pcs[t]!;
      const inst = prog[pc]!;
      if (inst.op === Op.Match) {
        if (endAt >= 0 && i !== endAt) continue;
        matched = clist.caps[t]!;
        // Threads after this one have lower priority: drop them.
        break;
      }
      if (cp < 0 || (endAt >= 0 && i >= endAt)) continue;
      if (inst.cp !== undefined ? inst.cp === cp : setHas(inst.set!, cp)) add(nlist, pc + 1, clist.caps[t]!, next);
    }
    if (cp < 0) break;
    const done = clist;
    clist = nlist;
    nlist = done;
    nlist.pcs.length = 0;
    nlist.caps.length = 0;
    nlist.gen = gen++;
    i = next;
  }
  return matched;
}
