/**
 * The program file of a frozen agent, `x.program.clj` beside `x.agent.md`: a PTC-Lisp
 * program under a header of `;;` comments that records what it was frozen for:
 *
 *   ;; ptcc frozen program of agent triage
 *   ;; signature: 3f9c0d2a71b4e855 (ticket :string) -> {queue :string}
 *   ;; model: script:examples/scripts/triage.txt
 *   ;; frozen: 2026-11-26
 *
 * The signature line's hash is checked when the agent is compiled: a program frozen for
 * another signature is an error (PTC170) until it is frozen again. The header is comments,
 * so the file is a program as it stands (`ptcc eval` runs it).
 */
import { renderSignature } from "../signature/render.js";
import type { Signature } from "../signature/types.js";
import { textHash } from "../text-hash.js";

/** What the header of a program file says. */
export interface ProgramHeader {
  readonly agent?: string;
  /** The hash of the signature the program was frozen for. */
  readonly signature?: string;
  readonly model?: string;
  readonly frozen?: string;
}

/** The hash a program file records for a signature (of its rendered text, so spans and spellings of the source do not count). */
export function signatureHash(signature: Signature): string {
  return textHash(renderSignature(signature));
}

/** `agents/x.agent.md` → `agents/x.program.clj`. */
export function programFileOf(agentFile: string): string {
  return `${agentFile.replace(/\.agent\.md$/, "")}.program.clj`;
}

/** The header lines of a program file (each ends with a line break). */
export function programHeader(h: {
  readonly agent: string;
  readonly signature: Signature;
  readonly model: string;
  readonly date: string;
}): string {
  const line = (s: string): string => `;; ${s.replace(/[\r\n\u2028\u2029]+/g, " ")}\n`;
  return [
    line(`ptcc frozen program of agent ${h.agent}`),
    line(`signature: ${signatureHash(h.signature)} ${renderSignature(h.signature)}`),
    line(`model: ${h.model}`),
    line(`frozen: ${h.date}`),
  ].join("");
}

/** The header of a program file (its leading `;;` lines); absent fields are not there. */
export function readProgramHeader(text: string): ProgramHeader {
  const out: { agent?: string; signature?: string; model?: string; frozen?: string } = {};
  for (const raw of text.split("\n")) {
    const line = raw.trimEnd();
    if (!line.startsWith(";;")) break;
    const body = line.slice(2).trim();
    const agent = /^ptcc frozen program of agent (\S+)/.exec(body);
    if (agent !== null) out.agent = agent[1]!;
    const sig = /^signature: ([0-9a-f]{16})\b/.exec(body);
    if (sig !== null) out.signature = sig[1]!;
    const model = /^model: (.*)$/.exec(body);
    if (model !== null) out.model = model[1]!;
    const date = /^frozen: (.*)$/.exec(body);
    if (date !== null) out.frozen = date[1]!;
  }
  return out;
}

/**
 * What is wrong with a program file's header for an agent's signature (null: nothing): it
 * records no signature, or another one. `name` is the file as shown. The compiler reports
 * it as PTC170; `ptcc run --frozen` refuses with it.
 */
export function headerProblem(text: string, signature: Signature, name: string): string | null {
  const header = readProgramHeader(text);
  if (header.signature === undefined)
    return `${name} records no signature (its header has no ';; signature: HASH' line)`;
  if (header.signature !== signatureHash(signature)) return `${name} was frozen for another signature — freeze again`;
  return null;
}
