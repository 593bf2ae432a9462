/**
 * The answers of tools declared with `cache: true`, shared by a run and its child runs:
 * a call whose canonical arguments equal an earlier successful call's gets the earlier
 * answer without calling the tool. Errors are never kept.
 *
 * Canonical arguments: map keys sorted, `-` and `_` in keys the same, a keyword key the
 * same as its string (`:q` and `"q"`), `1` the same as `1.0` (host numbers already are).
 */

/** Cached answers, per tool (by its definition's identity: the same tool in a child run shares them). */
export class ToolCache {
  private readonly byTool = new WeakMap<object, Map<string, unknown>>();

  /** The earlier answer to these arguments: `{ value }`, or undefined when there is none. */
  get(tool: object, key: string): { readonly value: unknown } | undefined {
    const answers = this.byTool.get(tool);
    if (answers === undefined || !answers.has(key)) return undefined;
    return { value: answers.get(key) };
  }

  set(tool: object, key: string, value: unknown): void {
    let answers = this.byTool.get(tool);
    if (answers === undefined) {
      answers = new Map();
      this.byTool.set(tool, answers);
    }
    answers.set(key, value);
  }
}

/** Most nodes a cache key is made of: larger arguments are not cached (a walk of any size is not free). */
const MAX_KEY_NODES = 10_000;

/**
 * The canonical text of a call's arguments (host data as the evaluator passes it), or
 * null when they cannot be compared as data (a function among them, very large arguments).
 */
export function canonicalArgs(args: unknown): string | null {
  let nodes = 0;
  const walk = (v: unknown): string | null => {
    if (++nodes > MAX_KEY_NODES) return null;
    if (v === null || v === undefined) return "null";
    switch (typeof v) {
      case "number":
        // -0 and 0 are one number to a program; NaN prints as NaN (JSON would say null).
        return Number.isFinite(v) ? JSON.stringify(v === 0 ? 0 : v) : String(v);
      case "string":
      case "boolean":
        return JSON.stringify(v);
      case "object":
        break;
      default:
        return null;
    }
    if (Array.isArray(v)) {
      const parts: string[] = [];
      for (const x of v) {
        const p = walk(x);
        if (p === null) return null;
        parts.push(p);
      }
      return `[${parts.join(",")}]`;
    }
    const proto: unknown = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return null;
    const entries: [string, string][] = [];
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      const p = walk(x);
      if (p === null) return null;
      entries.push([canonicalKey(k), p]);
    }
    entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    // Two keys of one spelling (`a-b` and `a_b`) are two arguments: such a call has no
    // canonical form, and is not cached (its answer could be another call's).
    for (let i = 1; i < entries.length; i++) if (entries[i]![0] === entries[i - 1]![0]) return null;
    return `{${entries.map(([k, p]) => `${JSON.stringify(k)}:${p}`).join(",")}}`;
  };
  return walk(args);
}

/** A key in one spelling: no leading `:`, `-` as `_` — but a leading `_` (a firewalled field) or `-` kept. */
function canonicalKey(k: string): string {
  const name = k.startsWith(":") ? k.slice(1) : k;
  const lead = /^[-_]*/.exec(name)![0];
  return lead + name.slice(lead.length).replace(/-/g, "_");
}
