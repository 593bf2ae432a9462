/**
 * The user namespace (what `def` and `defn` create; it persists across evaluations of a
 * session) and the transaction that makes each evaluation all-or-nothing: an evaluation
 * that fails leaves every var, and the set of vars, exactly as it found them.
 */
import { Var, type Value } from "../runtime/values.js";

interface Undo {
  readonly v: Var;
  readonly created: boolean;
  readonly bound: boolean;
  readonly value: Value;
  readonly doc: string | null;
}

export class UserNamespace {
  private readonly vars = new Map<string, Var>();

  get(name: string): Var | undefined {
    return this.vars.get(name);
  }

  /** Vars in definition order. */
  all(): Var[] {
    return [...this.vars.values()];
  }

  /**
   * Bind a name outside any evaluation (a child agent starting with the closures it
   * inherits). Replaces an existing var of that name.
   */
  define(name: string, value: Value, doc: string | null): Var {
    const v = new Var(name);
    v.value = value;
    v.bound = true;
    v.doc = doc;
    this.vars.set(name, v);
    return v;
  }

  /**
   * The namespace as it is now, to be put back later (an agent turn whose defs are undone
   * after it ended: they took more memory than the run allows). `changed()` names the vars
   * made or changed since.
   */
  snapshot(): { readonly restore: () => void; readonly changed: () => string[] } {
    const names = new Map(this.vars);
    const saved = [...names.values()].map((v) => ({ v, value: v.value, bound: v.bound, doc: v.doc }));
    const was = new Map(saved.map((x) => [x.v, x] as const));
    return {
      restore: () => {
        this.vars.clear();
        for (const [k, v] of names) this.vars.set(k, v);
        for (const x of saved) {
          x.v.value = x.value;
          x.v.bound = x.bound;
          x.v.doc = x.doc;
        }
      },
      changed: () =>
        [...this.vars.values()]
          .filter((v) => {
            const x = was.get(v);
            return x === undefined || x.value !== v.value || x.bound !== v.bound;
          })
          .map((v) => v.name),
    };
  }

  /** Used by transactions only. */
  add(v: Var): void {
    this.vars.set(v.name, v);
  }

  remove(v: Var): void {
    if (this.vars.get(v.name) === v) this.vars.delete(v.name);
  }
}

/** A log of changes to the namespace, undone in reverse on rollback. */
export class Txn {
  private readonly log: Undo[] = [];
  /** Vars already logged since the last mark: logging one change per var and mark suffices. */
  private logged = new Set<Var>();

  constructor(readonly ns: UserNamespace) {}

  intern(name: string): Var {
    const existing = this.ns.get(name);
    if (existing) return existing;
    const v = new Var(name);
    // Logged before the change, so a rollback after an evaluation stopped from outside
    // (which runs no cleanup of its own) still finds every change.
    this.log.push({ v, created: true, bound: false, value: null, doc: null });
    this.logged.add(v);
    this.ns.add(v);
    return v;
  }

  set(v: Var, value: Value, doc: string | null): void {
    if (!this.logged.has(v)) {
      this.log.push({ v, created: false, bound: v.bound, value: v.value, doc: v.doc });
      this.logged.add(v);
    }
    v.value = value;
    v.bound = true;
    if (doc !== null) v.doc = doc;
  }

  /** A point to roll back to. */
  mark(): number {
    this.logged = new Set();
    return this.log.length;
  }

  rollbackTo(mark: number): void {
    for (let i = this.log.length - 1; i >= mark; i--) {
      const u = this.log[i]!;
      if (u.created) this.ns.remove(u.v);
      u.v.bound = u.bound;
      u.v.value = u.value;
      u.v.doc = u.doc;
    }
    this.log.length = mark;
    this.logged = new Set();
  }
}
