/**
 * Which program a span points into. A function defined in one evaluation (an earlier
 * turn, or a parent agent's program) can fail while a later one runs; its error carries
 * a span of the program that defined it, and a message must not show that position
 * against the current program's text. The reader tags the spans of every form it reads
 * with the evaluation's origin; spans are shared by identity from there on (the analyzer
 * and compiler reuse them), so a lookup tells where an error's position belongs.
 */
import type { Span } from "./span.js";

/** An evaluation's identity, as the agent loop names it. */
export interface SourceOrigin {
  /** The run the program belongs to. */
  readonly run: string;
  /** The agent that wrote it. */
  readonly agent: string;
  /** The turn it was written in, from 1. */
  readonly turn: number;
}

const ORIGINS = new WeakMap<Span, SourceOrigin>();

export function tagSpan(span: Span, origin: SourceOrigin): void {
  ORIGINS.set(span, origin);
}

/** The origin of a span read with one, or undefined. */
export function originOf(span: Span): SourceOrigin | undefined {
  return ORIGINS.get(span);
}
