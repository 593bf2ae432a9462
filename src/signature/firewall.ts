/**
 * The firewall convention: keys starting with `_` hold data for programs and the host
 * (`ctx/_email_ids`, `step.return._email_ids`), never for an LLM. `firewallView` makes
 * the LLM-visible view of a host value: at any depth, each `_` key of a plain object has
 * its value replaced by `<Firewalled>` (or the key removed).
 *
 * Values are untrusted host data: the walk is not recursive (no stack to exhaust), reads
 * each object once, copies only the objects whose view differs, never mutates its input,
 * keeps shared objects shared and cycles cyclic, and leaves what is nested deeper than
 * MAX_FIREWALL_DEPTH as it is.
 */
import { isPlainMap } from "../runtime/validation.js";
import { isFirewalled } from "./types.js";

/** What a firewalled value is shown as. */
export const FIREWALLED = "<Firewalled>";

/** Sub-values nested deeper than this are returned unchanged. */
export const MAX_FIREWALL_DEPTH = 500;

export interface FirewallOptions {
  /** `mark` (default): the value becomes FIREWALLED; `remove`: the key is left out. */
  readonly mode?: "mark" | "remove";
}

/**
 * The LLM-visible view of a host value. Arrays and plain objects are walked; other values
 * (class instances, PtcFloat, Keyword, functions) pass through as they are. Returns the
 * value itself when no `_` key is found, and otherwise new arrays and objects exactly for
 * those that contain one at some depth (a copied object keeps its prototype, plain or
 * null; a shared object is copied once; a cycle through copies stays a cycle of copies).
 */
export function firewallView(value: unknown, options: FirewallOptions = {}): unknown {
  if (typeof value !== "object" || value === null) return value;
  const remove = options.mode === "remove";
  const nodes = explore(value);
  const dirty = findDirty(nodes, remove);
  if (dirty.size === 0) return value;

  // Allocate every copy first, so that references between copies (cycles included) can
  // be filled in without recursion.
  const copies = new Map<object, unknown[] | Record<string, unknown>>();
  for (const n of dirty) {
    copies.set(
      n.value,
      Array.isArray(n.value)
        ? new Array<unknown>(n.values.length)
        : (Object.create(Object.getPrototypeOf(n.value) as object | null) as Record<string, unknown>),
    );
  }
  const view = (x: unknown): unknown => (typeof x === "object" && x !== null ? (copies.get(x) ?? x) : x);
  for (const n of dirty) {
    const out = copies.get(n.value)!;
    if (Array.isArray(out)) {
      for (let i = 0; i < n.values.length; i++) out[i] = view(n.values[i]);
      continue;
    }
    const keys = n.keys!;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      if (isFirewalled(k) && remove) continue;
      // defineProperty: an own `__proto__` key (JSON.parse makes them) stays a key.
      Object.defineProperty(out, k, {
        value: isFirewalled(k) ? FIREWALLED : view(n.values[i]),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return view(value);
}

/** An array or plain object met in the walk, with what it held when it was read. */
interface Node {
  readonly value: object;
  /** Object keys (null for an array). */
  readonly keys: readonly string[] | null;
  /** The element or property values, in the order of `keys`. */
  readonly values: readonly unknown[];
  /** The nodes that contain this one. */
  readonly parents: Node[];
}

/**
 * Every array and plain object reachable from the root within MAX_FIREWALL_DEPTH levels,
 * breadth first (so each is met at its shallowest depth), each read once.
 */
function explore(root: object): Map<object, Node> {
  const nodes = new Map<object, Node>();
  const add = (v: unknown, parent: Node | null, isNew: boolean): Node | null => {
    if (typeof v !== "object" || v === null) return null;
    const seen = nodes.get(v);
    if (seen !== undefined) {
      if (parent !== null) seen.parents.push(parent);
      return null;
    }
    if (!isNew) return null;
    let n: Node;
    if (Array.isArray(v)) {
      n = { value: v, keys: null, values: Array.from(v as unknown[]), parents: [] };
    } else if (isPlainMap(v)) {
      const keys = Object.keys(v);
      n = { value: v, keys, values: keys.map((k) => v[k]), parents: [] };
    } else {
      return null;
    }
    if (parent !== null) n.parents.push(parent);
    nodes.set(v, n);
    return n;
  };
  let level: Node[] = [add(root, null, true)].filter((n) => n !== null);
  for (let depth = 0; level.length > 0; depth++) {
    // Below the deepest level, only links to objects met already count (for copying).
    const deeper = depth < MAX_FIREWALL_DEPTH;
    const next: Node[] = [];
    for (const n of level) {
      for (let i = 0; i < n.values.length; i++) {
        // A firewalled value is replaced whole: nothing inside it shows.
        if (n.keys !== null && isFirewalled(n.keys[i]!)) continue;
        const c = add(n.values[i], n, deeper);
        if (c !== null) next.push(c);
      }
    }
    level = next;
  }
  return nodes;
}

/** The nodes whose view differs: those with a `_` key to hide, and all that contain them. */
function findDirty(nodes: Map<object, Node>, remove: boolean): Set<Node> {
  const dirty = new Set<Node>();
  const work: Node[] = [];
  for (const n of nodes.values()) {
    const hides = n.keys !== null && n.keys.some((k, i) => isFirewalled(k) && (remove || n.values[i] !== FIREWALLED));
    if (hides) {
      dirty.add(n);
      work.push(n);
    }
  }
  for (let n = work.pop(); n !== undefined; n = work.pop()) {
    for (const p of n.parents) {
      if (!dirty.has(p)) {
        dirty.add(p);
        work.push(p);
      }
    }
  }
  return dirty;
}
