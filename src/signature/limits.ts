/** The limits of signature text, shared by the fast reader and the ANTLR one. */
import type { Span } from "../diagnostics/span.js";

/** Longest signature text accepted (agent files are written by hand; treat them as hostile). */
export const MAX_SIGNATURE_LENGTH = 100_000;
/**
 * Most type nodes a signature may stand for once its named types are spelled out: named
 * types share their definitions, but validators, TypeScript and prompts expand each use,
 * so ten lines of types nesting two uses each would stand for millions of nodes.
 */
export const MAX_EXPANDED_NODES = 10_000;
/** Deepest bracket nesting accepted. */
export const MAX_SIGNATURE_DEPTH = 64;

/** The span of a signature's first character (errors about the whole text). */
export function signatureStartSpan(): Span {
  return { line: 1, column: 1, endLine: 1, endColumn: 2, offset: 0, end: 0 };
}
