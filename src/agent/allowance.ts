/**
 * What a run and its child runs may still spend: tokens (input plus output) and turns,
 * each limit applying to the run that set it and every run below it. A child's allowance
 * hangs off its parent's, so spending anywhere counts against every limit above, and a
 * child gets what is left of its parent's (and its own, when it sets one).
 */
export class Allowance {
  private tokens = 0;
  private turns = 0;

  constructor(
    /** Tokens this run's subtree may spend; undefined: no limit of its own. */
    readonly tokenLimit: number | undefined,
    /** Turns this run's subtree may take; undefined: no limit of its own. */
    readonly turnLimit: number | undefined,
    readonly parent: Allowance | undefined,
    /** The turns of this subtree count here only (a model call's): tokens still count above. */
    readonly turnsApart = false,
  ) {}

  /** The allowances whose turn limits apply here: up the chain, or this one alone. */
  private get turnParent(): Allowance | undefined {
    return this.turnsApart ? undefined : this.parent;
  }

  spendTokens(n: number): void {
    if (!(n > 0)) return;
    for (let a: Allowance | undefined = this; a !== undefined; a = a.parent) a.tokens += n;
  }

  spendTurn(): void {
    for (let a: Allowance | undefined = this; a !== undefined; a = a.turnParent) a.turns++;
  }

  /** Tokens left under the tightest limit on the way up; undefined when none is set. */
  tokensLeft(): number | undefined {
    let left: number | undefined;
    for (let a: Allowance | undefined = this; a !== undefined; a = a.parent) {
      if (a.tokenLimit !== undefined) left = Math.min(left ?? Infinity, a.tokenLimit - a.tokens);
    }
    return left;
  }

  /** Turns left under the tightest limit on the way up; undefined when none is set. */
  turnsLeft(): number | undefined {
    let left: number | undefined;
    for (let a: Allowance | undefined = this; a !== undefined; a = a.turnParent) {
      if (a.turnLimit !== undefined) left = Math.min(left ?? Infinity, a.turnLimit - a.turns);
    }
    return left;
  }

  /** Why nothing more may be spent (a token or turn limit reached), or null. */
  exhausted(): string | null {
    for (let a: Allowance | undefined = this; a !== undefined; a = a.parent) {
      if (a.tokenLimit !== undefined && a.tokens >= a.tokenLimit) {
        return `the token limit of ${a.tokenLimit} is reached (${a.tokens} tokens used${a === this ? "" : " in the mission"})`;
      }
      if (a.turnLimit !== undefined && a.turns >= a.turnLimit && this.turnsCountIn(a)) {
        return `the turn budget of ${a.turnLimit} turns is used up${a === this ? "" : " (by the mission)"}`;
      }
    }
    return null;
  }

  /** Whether this allowance's turns count against `a`'s limit. */
  private turnsCountIn(a: Allowance): boolean {
    for (let b: Allowance | undefined = this; b !== undefined; b = b.turnParent) if (b === a) return true;
    return false;
  }
}
