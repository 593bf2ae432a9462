/**
 * The key-spelling note: `(:next-cursor page)` gives nil when the map has "next_cursor",
 * and a model that does not know why goes on with nil. When a keyword lookup (`(:k m)`,
 * `(get m :k)`, `{:keys [k]}`, `get-in`, ...) finds nothing and the map has a key of the
 * same name in another spelling (`-` or `_`, or camelCase: `:userId` against "user_id"),
 * the evaluation notes the key that exists. Semantics do not change: the lookup still
 * gives nil (or its default).
 */
import type { Cx } from "./context.js";
import type { PMap } from "./map.js";
import { Keyword, type Value } from "./values.js";

/** Maps larger than this are not scanned on a miss (records from JSON are small). */
const SCAN_MAX = 64;

/** A name without case, `-` and `_`: `next-cursor`, `next_cursor` and `nextCursor` agree. */
function squash(name: string): string {
  return name.replace(/[-_]/g, "").toLowerCase();
}

/** Called when a lookup of `k` found nothing in `m`. */
export function noteKeySpelling(cx: Cx, k: Value, m: PMap): void {
  if (!(k instanceof Keyword) || m.count === 0 || m.count > SCAN_MAX) return;
  const wanted = k.fqn;
  if (cx.noted(wanted)) return;
  const want = squash(wanted);
  let found: Value | null = null;
  m.forEach((key) => {
    const name = typeof key === "string" ? key : key instanceof Keyword ? key.fqn : null;
    if (name !== null && name !== wanted && squash(name) === want) {
      found = key;
      return false;
    }
    return true;
  });
  if (found === null) return;
  const shown: string = typeof found === "string" ? JSON.stringify(found) : `:${(found as Keyword).fqn}`;
  const name = typeof found === "string" ? found : (found as Keyword).fqn;
  // A keyword of the found name reaches a string key too (flexible lookup).
  const write = /^[A-Za-z*+!?<>=_.-][\w*+!?<>=.-]*$/.test(name) ? `:${name}` : shown;
  cx.noteOnce(wanted, `no key :${wanted} in the map, which has ${shown}: write ${write}`);
}
