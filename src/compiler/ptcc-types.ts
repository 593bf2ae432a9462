/**
 * What tool modules see of `ptcc` while `ptcc compile` reads their types: the declarations
 * a tool's signature uses (ToolFn, ToolContext, TypedToolFn, PtcFn, FnLabel), written out
 * here instead of loading ptcc's whole declaration graph (which, with the parser's, is
 * about 250 files and most of the time the compile would spend). Declarations a tool uses
 * that are not here read as `any`, which only makes a check more lenient. A test keeps these
 * equal to the real ones (test/compiler/ptcc-types.test.ts).
 */
export const PTCC_TYPES_FILE = "/__ptcc_compile__/ptcc.d.ts";

export const PTCC_TYPES = `export declare abstract class PtcFn {
  private readonly __ptccFn: true;
  abstract readonly name: string | null;
  toJSON(): string;
}
export type FnLabel = \`#fn[\${string}]\`;
export interface ToolContext {
  readonly agent: string;
  readonly depth: number;
  readonly turn: number;
  readonly signal: AbortSignal;
  readonly idempotencyKey: string;
}
export type ToolFn = {
  bivariant(args: Record<string, unknown>, context: ToolContext): unknown;
}["bivariant"];
export type TypedToolFn<A, R> = (args: A, context: ToolContext) => R | Promise<R>;
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
`;
