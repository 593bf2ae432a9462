/**
 * Signature text → Signature: `(query :string, limit :int) -> [{id :int}]`.
 *
 * Well-formed text is read by fast-parse.ts; anything else (errors first) by the ANTLR
 * grammar (grammar-parse.ts), which gives the same result and the positioned messages.
 */
import { SignatureError } from "./errors.js";
import { parseSignatureFast } from "./fast-parse.js";
import { parseWithAntlr, type ParseOptions } from "./grammar-parse.js";
import { MAX_EXPANDED_NODES, MAX_SIGNATURE_LENGTH, signatureStartSpan } from "./limits.js";
import type { SigType, Signature } from "./types.js";

export { MAX_SIGNATURE_DEPTH, MAX_SIGNATURE_LENGTH } from "./limits.js";
export type { ParseOptions } from "./grammar-parse.js";

/**
 * Parse a signature: `(query :string, limit :int) -> [{id :int}]`, or the shorthand
 * `{count :int}` for `() -> {count :int}`. Throws SignatureError with the position.
 * `options.types` resolves named types (`:Ticket`).
 */
export function parseSignature(text: string, options: ParseOptions = {}): Signature {
  if (text.length > MAX_SIGNATURE_LENGTH) {
    throw new SignatureError(
      `signature is ${text.length} characters long, more than ${MAX_SIGNATURE_LENGTH}`,
      text,
      signatureStartSpan(),
    );
  }
  // Well-formed text is read without ANTLR (same result); the rest, errors first, with it.
  const sig = parseSignatureFast(text, options) ?? parseWithAntlr(text, options);
  if (options.types !== undefined) {
    // Text bounds what a signature holds, except through named types: bound what they expand to.
    const sizes = new WeakMap<SigType, number>();
    const n = sig.params.reduce((sum, p) => sum + expandedSize(p.type, sizes), expandedSize(sig.output, sizes));
    if (n > MAX_EXPANDED_NODES) {
      throw new SignatureError(
        `signature stands for ${n > 1e9 ? "more than a billion" : n} types once its named types are spelled out, more than ${MAX_EXPANDED_NODES}: named types that use others several times nest too deeply`,
        text,
        signatureStartSpan(),
      );
    }
  }
  return sig;
}

/** How many type nodes `t` is with every named type spelled out, memoized per shared node. */
function expandedSize(t: SigType, sizes: WeakMap<SigType, number>): number {
  const known = sizes.get(t);
  if (known !== undefined) return known;
  let n: number;
  switch (t.kind) {
    case "list":
      n = 1 + expandedSize(t.of, sizes);
      break;
    case "map":
      n = t.fields.reduce((sum, f) => sum + expandedSize(f.type, sizes), 1);
      break;
    case "union":
      n = t.of.reduce((sum, m) => sum + expandedSize(m, sizes), 1);
      break;
    case "ref":
      n = expandedSize(t.type, sizes);
      break;
    default:
      n = 1;
  }
  sizes.set(t, n);
  return n;
}
