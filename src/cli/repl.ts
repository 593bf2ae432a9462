/**
 * `ptcc repl`: an interactive session. Input continues over several lines while
 * brackets or a string are open; `def`s persist; `*1 *2 *3` hold the last results;
 * `:quit` (or Ctrl-D) leaves.
 */
import { createInterface } from "node:readline";
import { PtcError } from "../diagnostics/error.js";
import { read } from "../reader/read.js";
import { sessionFor, type CommonArgs } from "./options.js";
import { originOf } from "../diagnostics/span-source.js";
import { renderError, renderWarnings } from "./render.js";
import { sanitize } from "./sanitize.js";

const PROMPT = "user=> ";
const MORE = "  #_=> ";

/** True when the text is an unfinished program (an open bracket or string). */
export function isIncomplete(text: string): boolean {
  try {
    read(text);
    return false;
  } catch (e) {
    return e instanceof PtcError && e.kind === "parse" && /^(unclosed|unterminated)/.test(e.message);
  }
}

export async function runRepl(args: CommonArgs): Promise<number> {
  // Ctrl-C stops a running program and returns to the prompt.
  const session = sessionFor(args, { breakOnSigint: true });
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY === true });
  // What programs print and make is shown with its control characters escaped.
  const out = (s: string) => process.stdout.write(sanitize(s));
  if (process.stdin.isTTY) out("PTC-Lisp REPL. :quit to leave. *1 *2 *3 hold recent results.\n");
  let buffer = "";
  /** Every input evaluated so far: error positions in functions they defined point into them. */
  const inputs: string[] = [];
  rl.setPrompt(PROMPT);
  rl.prompt();
  for await (const line of rl) {
    if (buffer === "" && /^\s*:(quit|q|exit)\s*$/.test(line)) break;
    buffer = buffer === "" ? line : `${buffer}\n${line}`;
    if (buffer.trim() === "") {
      buffer = "";
      rl.setPrompt(PROMPT);
      rl.prompt();
      continue;
    }
    if (isIncomplete(buffer)) {
      rl.setPrompt(MORE);
      rl.prompt();
      continue;
    }
    const source = buffer;
    buffer = "";
    inputs.push(source);
    const r = await session.evaluate(source, { origin: { run: "repl", agent: "repl", turn: inputs.length } });
    for (const l of r.output) out(`${l}\n`);
    const warnings = renderWarnings(r.warnings);
    if (warnings) process.stderr.write(sanitize(warnings));
    if (r.ok) out(`${r.printed}\n`);
    else {
      // A function defined by an earlier input fails: show the position in that input.
      const origin = r.error.span === undefined ? undefined : originOf(r.error.span);
      const earlier = origin !== undefined && origin.turn < inputs.length ? inputs[origin.turn - 1] : undefined;
      process.stderr.write(
        sanitize(
          origin === undefined || earlier === undefined
            ? renderError(r.error, source)
            : renderError(r.error, earlier, `in input ${origin.turn}`),
        ),
      );
    }
    rl.setPrompt(PROMPT);
    rl.prompt();
  }
  rl.close();
  return 0;
}
