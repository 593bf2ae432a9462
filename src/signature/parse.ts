/**
 * Signature text → Signature: `(query :string, limit :int) -> [{id :int}]`.
 *
 * Well-formed text is read by fast-parse.ts; anything else (errors first) by the ANTLR
 * grammar (grammar-parse.ts), which gives the same result and the positioned messages.
 */
import { SignatureError } from "./errors.js";
import { parseSignatureFast } from "./fast-parse.js";
import { parseWithAntlr, type ParseOptions } from "./grammar-parse.js";
import { MAX_SIGNATURE_LENGTH, signatureStartSpan } from "./limits.js";
import type { Signature } from "./types.js";

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
  return parseSignatureFast(text, options) ?? parseWithAntlr(text, options);
}
