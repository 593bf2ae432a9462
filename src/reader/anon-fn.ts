import { PtcError } from "../diagnostics/error.js";
import type { Span } from "../diagnostics/span.js";
import { list, sym, type Form } from "./form.js";

/**
 * `#(f % %2 %&)` → `(fn* [%1 %2 & %&] (f %1 %2 %&))`, as Clojure's reader does it (fn*, so
 * that a local named fn does not capture it):
 * the highest `%n` used sets the number of parameters, `%` is `%1`, `%&` is the rest.
 */
export function expandAnonFn(body: Form[], span: Span): Form {
  const use = { max: 0, rest: false };
  const renamed = body.map((f) => scan(f, use));
  const params: Form[] = [];
  for (let i = 1; i <= use.max; i++) params.push(sym(`%${i}`, span));
  if (use.rest) params.push(sym("&", span), sym("%&", span));
  return list([sym("fn*", span), { kind: "vector", items: params, span }, list(renamed, span)], span);
}

function scan(f: Form, use: { max: number; rest: boolean }): Form {
  switch (f.kind) {
    case "symbol": {
      if (f.ns !== null || !f.name.startsWith("%")) return f;
      if (f.name === "%") {
        use.max = Math.max(use.max, 1);
        return { ...f, name: "%1" };
      }
      if (f.name === "%&") {
        use.rest = true;
        return f;
      }
      const m = /^%(\d+)$/.exec(f.name);
      if (m) {
        const n = Number(m[1]);
        if (n < 1 || n > 20) {
          throw new PtcError({
            kind: "parse",
            message: `invalid argument literal ${f.name}`,
            span: f.span,
            hint: "use %, %1 to %20, or %&",
          });
        }
        use.max = Math.max(use.max, n);
      }
      return f;
    }
    case "list":
    case "vector":
    case "map":
    case "set":
      return { ...f, items: f.items.map((x) => scan(x, use)) };
    default:
      return f;
  }
}
