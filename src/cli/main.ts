/**
 * The `ptcc` command line: thin commands over the library (src/index.ts).
 *
 *   ptcc eval -e '<program>' | ptcc eval FILE | ptcc eval -   [--context F] [--timeout MS]
 *             [--unlimited] [--json | --jsonl]
 *   ptcc repl [--context F] [--timeout MS] [--unlimited]
 *   ptcc signature '<sig>' [--validate FILE | --validate-input FILE] [--coerce]
 *             [--mode strict|enabled|warn_only|disabled] [--json-schema] [--ts]
 *   ptcc run AGENT.agent.md [--input '<json>'|@FILE] [--llm PROVIDER:MODEL] [--trace F] [--record F] [--json]
 *             [--dry-run] [--frozen]
 *   ptcc freeze AGENT.agent.md --input sample.json [--llm SPEC | --program FILE.clj] [--json]
 *   ptcc mcp [DIR...] [--http PORT] [--llm SPEC] [--timeout MS] [--unlimited]
 *   ptcc compile [DIR...] --out OUT [--check] [--watch] [--force] [--format pretty|json|github]
 *   ptcc init [DIR]
 *   ptcc worker [DIR...] --redis URL [--queue Q] [--concurrency N] [--llm SPEC]
 *   ptcc enqueue AGENT.agent.md [--input '<json>'|@FILE] --redis URL [--idempotency-key K] [--wait] [--json] ...
 *   ptcc runs status|cancel ID --redis URL [--queue Q] [--json] [--reason TEXT]
 *   ptcc trace FILE [--turn RUN:N] [--html OUT.html] [--chrome OUT.json] [--json]
 *   ptcc --version | --help
 *
 * Exit codes: 0 success, 1 the program failed (or the value did not validate, or the
 * agent run failed), 2 the command was used wrongly (or the signature does not parse),
 * 130 `ptcc run` interrupted with Ctrl-C.
 */
import { readFileSync } from "node:fs";
import yargs from "yargs";
import { hideBin } from "yargs/helpers";
import { runEval, type EvalArgs } from "./eval.js";
import type { McpArgs } from "./mcp.js";
import type { CompileArgs } from "./compile.js";
import { closest, didYouMean } from "../diagnostics/suggest.js";
import type { InitArgs } from "./init.js";
import type { EnqueueArgs, RunsArgs, WorkerArgs } from "./queue.js";
import type { RunArgs } from "./run.js";
import type { FreezeArgs } from "./freeze.js";
import type { SignatureArgs } from "./signature.js";
import type { TraceArgs } from "./trace.js";
import { failureLine } from "./failure.js";
import { UsageError } from "./usage-error.js";

/**
 * The version in package.json, two folders up from this module wherever it runs from
 * (src/cli/, dist/cli/, or the bundle in dist/bundle/).
 */
function packageVersion(): string {
  try {
    const pkg: unknown = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
    const version = (pkg as { version?: unknown }).version;
    return typeof version === "string" ? version : "unknown";
  } catch {
    return "unknown";
  }
}

function exitWith(e: unknown): never {
  process.stderr.write(failureLine(e));
  process.exit(2);
}

export async function main(argv: string[]): Promise<number> {
  let code = 0;
  await yargs(argv)
    .scriptName("ptcc")
    .usage("$0 <command> [options]")
    .command(
      "eval [file]",
      "Evaluate a PTC-Lisp program and print its result (pr-str notation)",
      (y) =>
        y
          .positional("file", { type: "string", describe: "program file, or - for stdin" })
          .option("e", { alias: "expr", type: "string", describe: "program text" })
          .option("context", { type: "string", describe: "JSON file bound to data/" })
          .option("timeout", { type: "number", describe: "wall-clock limit in milliseconds" })
          .option("unlimited", { type: "boolean", default: false, describe: "lift every limit but the timeout" })
          .option("json", { type: "boolean", describe: "print one JSON object" })
          .option("jsonl", { type: "boolean", describe: "batch: one JSON request per stdin line" })
          .conflicts("json", "jsonl"),
      async (args) => {
        code = await runEval(args as EvalArgs);
      },
    )
    .command(
      "repl",
      "Start an interactive PTC-Lisp session",
      (y) =>
        y
          .option("context", { type: "string", describe: "JSON file bound to data/" })
          .option("timeout", { type: "number", describe: "wall-clock limit per evaluation in milliseconds" })
          .option("unlimited", { type: "boolean", default: false, describe: "lift every limit but the timeout" }),
      async (args) => {
        const { runRepl } = await import("./repl.js");
        code = await runRepl(args as EvalArgs);
      },
    )
    .command(
      "signature <sig>",
      "Parse a signature and print it; check JSON against it; or print it as JSON Schema or TypeScript",
      (y) =>
        y
          .positional("sig", { type: "string", describe: "signature text, e.g. '(query :string) -> [{id :int}]'" })
          .option("validate", {
            type: "string",
            nargs: 1,
            describe: "check the JSON value in FILE (- for stdin) against the output type",
          })
          .option("validate-input", {
            type: "string",
            nargs: 1,
            describe: "check the JSON object in FILE (- for stdin) against the parameters",
          })
          .option("coerce", { type: "boolean", describe: 'coerce "42" to 42 etc. (with warnings) while validating' })
          .option("mode", {
            type: "string",
            describe: "validation mode: strict, enabled (default), warn_only, disabled",
          })
          .option("json-schema", { type: "boolean", describe: "print the JSON Schemas of input and output" })
          .option("ts", { type: "boolean", describe: "print TypeScript types Input and Output" }),
      async (args) => {
        const { runSignature } = await import("./signature.js");
        code = await runSignature(args as SignatureArgs);
      },
    )
    .command(
      "run <agent>",
      "Run an agent file once and show its turns, its return value or failure, and its usage",
      (y) =>
        y
          .positional("agent", { type: "string", describe: "the agent file, NAME.agent.md" })
          .option("input", {
            type: "string",
            nargs: 1,
            describe: "the input: a JSON object, or @FILE.json (default {})",
          })
          .option("llm", {
            type: "string",
            nargs: 1,
            describe: "the model: openai:MODEL, anthropic:MODEL or script:FILE (default: the agent's model)",
          })
          .option("trace", { type: "string", nargs: 1, describe: "write every trace event to FILE.jsonl" })
          .option("record", {
            type: "string",
            nargs: 1,
            describe: "write every model reply to FILE.json, a script for --llm script:FILE.json",
          })
          .option("replay", {
            type: "string",
            nargs: 1,
            describe:
              "run offline: from a recording (FILE.json, replies matched by request) or a run journal (FILE.jsonl)",
          })
          .option("json", { type: "boolean", describe: "print the result as one JSON object" })
          .option("dry-run", {
            type: "boolean",
            describe: "print the system prompt and first message with token counts; call no model",
          })
          .option("frozen", {
            type: "boolean",
            describe: "run the agent's frozen program (NAME.program.clj, from ptcc freeze) without a model",
          }),
      async (args) => {
        const { runRun } = await import("./run.js");
        code = await runRun(args as RunArgs);
      },
    )
    .command(
      "freeze <agent>",
      "Run an agent once and keep its program beside it (NAME.program.clj), for ptcc compile to make xFrozen",
      (y) =>
        y
          .positional("agent", { type: "string", describe: "the agent file, NAME.agent.md" })
          .option("input", {
            type: "string",
            nargs: 1,
            describe: "the sample input: FILE.json, @FILE.json or a JSON object",
          })
          .option("llm", {
            type: "string",
            nargs: 1,
            describe: "the model: openai:MODEL, anthropic:MODEL or script:FILE (default: the agent's model)",
          })
          .option("program", {
            type: "string",
            nargs: 1,
            describe: "freeze this program (FILE.clj, hand-written or reviewed) instead of asking a model",
          })
          .option("json", { type: "boolean", describe: "print the outcome as one JSON object" }),
      async (args) => {
        const { runFreeze } = await import("./freeze.js");
        code = await runFreeze(args as FreezeArgs);
      },
    )
    .command(
      "mcp [dirs..]",
      "Serve lisp_eval and the agent files of the folders as MCP tools (stdio, or --http on 127.0.0.1)",
      (y) =>
        y
          .positional("dirs", {
            type: "string",
            array: true,
            describe: "folders of NAME.agent.md files (or the files)",
          })
          .option("http", {
            type: "number",
            nargs: 1,
            describe: "serve Streamable HTTP on 127.0.0.1:PORT (0: any port)",
          })
          .option("llm", {
            type: "string",
            nargs: 1,
            describe: "the model of the agents: openai:MODEL, anthropic:MODEL or script:FILE",
          })
          .option("timeout", { type: "number", describe: "wall-clock limit of each lisp_eval program in milliseconds" })
          .option("unlimited", { type: "boolean", default: false, describe: "lift every limit but the timeout" }),
      async (args) => {
        const { runMcp } = await import("./mcp.js");
        code = await runMcp(args as McpArgs);
      },
    )
    .command(
      "compile [dirs..]",
      "Compile agent files (NAME.agent.md under DIRs, default agents) into typed TypeScript modules",
      (y) =>
        y
          .positional("dirs", { type: "string", array: true, describe: "folders of agent files (default: agents)" })
          .option("out", { type: "string", nargs: 1, describe: "the output folder, e.g. src/agents.generated" })
          .option("check", { type: "boolean", describe: "compare with the output folder; exit 1 when stale (CI)" })
          .option("watch", { type: "boolean", describe: "compile again when an agent file or a tool module changes" })
          .option("force", { type: "boolean", describe: "generate every module again, ignoring recorded hashes" })
          .option("format", { type: "string", nargs: 1, describe: "pretty (default), json or github" })
          .option("warnings-as-errors", { type: "boolean", describe: "fail (exit 1) on warnings too" }),
      async (args) => {
        const { runCompile } = await import("./compile.js");
        code = await runCompile(args as CompileArgs);
      },
    )
    .command(
      "init [dir]",
      "Scaffold agents/ with an example agent and a TypeScript tool, and the compile step",
      (y) => y.positional("dir", { type: "string", describe: "the project folder (default: the current one)" }),
      async (args) => {
        const { runInit } = await import("./init.js");
        code = await runInit(args as InitArgs);
      },
    )
    .command(
      "worker [dirs..]",
      "Run the queued runs of the agent files (BullMQ on Redis) until SIGTERM or Ctrl-C",
      (y) =>
        y
          .positional("dirs", { type: "string", array: true, describe: "folders of agent files (default: agents)" })
          .option("redis", {
            type: "string",
            nargs: 1,
            describe: "the queue's Redis: redis://HOST:PORT (default: REDIS_URL)",
          })
          .option("queue", { type: "string", nargs: 1, describe: "the queue's name (default: ptcc)" })
          .option("concurrency", { type: "number", nargs: 1, describe: "runs at once in this process (default 1)" })
          .option("llm", {
            type: "string",
            nargs: 1,
            describe: "the agents' model: openai:MODEL, anthropic:MODEL or script:FILE",
          }),
      async (args) => {
        const { runWorker } = await import("./queue.js");
        code = await runWorker(args as WorkerArgs);
      },
    )
    .command(
      "enqueue <agent>",
      "Queue a run of an agent file (its input checked first) and print its id",
      (y) =>
        y
          .positional("agent", { type: "string", describe: "the agent file, NAME.agent.md" })
          .option("input", {
            type: "string",
            nargs: 1,
            describe: "the input: a JSON object, or @FILE.json (default {})",
          })
          .option("redis", {
            type: "string",
            nargs: 1,
            describe: "the queue's Redis: redis://HOST:PORT (default: REDIS_URL)",
          })
          .option("queue", { type: "string", nargs: 1, describe: "the queue's name (default: ptcc)" })
          .option("idempotency-key", {
            type: "string",
            nargs: 1,
            describe: "the run's key: queueing it again is a no-op",
          })
          .option("priority", { type: "number", nargs: 1, describe: "1 (first) to 2097152" })
          .option("delay", { type: "number", nargs: 1, describe: "start no sooner than this many ms from now" })
          .option("deadline", { type: "number", nargs: 1, describe: "fail as timeout unless done within this many ms" })
          .option("tenant", { type: "string", nargs: 1, describe: "whose run it is" })
          .option("wait", { type: "boolean", describe: "wait for the run and print its result" })
          .option("json", { type: "boolean", describe: "print one JSON object" }),
      async (args) => {
        const { runEnqueue } = await import("./queue.js");
        code = await runEnqueue(args as EnqueueArgs);
      },
    )
    .command(
      "runs <action> <id>",
      "Show where a queued run is (status), or cancel it (cancel)",
      (y) =>
        y
          .positional("action", { type: "string", choices: ["status", "cancel"], describe: "status or cancel" })
          .positional("id", { type: "string", describe: "the run's id (what ptcc enqueue printed)" })
          .option("redis", {
            type: "string",
            nargs: 1,
            describe: "the queue's Redis: redis://HOST:PORT (default: REDIS_URL)",
          })
          .option("queue", { type: "string", nargs: 1, describe: "the queue's name (default: ptcc)" })
          .option("reason", { type: "string", nargs: 1, describe: "why it is cancelled" })
          .option("json", { type: "boolean", describe: "print one JSON object" }),
      async (args) => {
        const { runRuns } = await import("./queue.js");
        code = await runRuns(args as RunsArgs);
      },
    )
    .command(
      "trace <file>",
      "Show a run from its trace file: the runs, turns, tokens and slowest calls; one turn; or an HTML or Chrome trace",
      (y) =>
        y
          .positional("file", { type: "string", describe: "a JSON Lines trace (ptcc run --trace, jsonlTrace)" })
          .option("turn", {
            type: "string",
            nargs: 1,
            describe: "print one turn in full: RUN:N (run id or agent, turn)",
          })
          .option("html", { type: "string", nargs: 1, describe: "write a self-contained HTML view to FILE" })
          .option("chrome", { type: "string", nargs: 1, describe: "write the Chrome trace event format to FILE" })
          .option("json", { type: "boolean", describe: "print the summary (or the turn) as one JSON object" }),
      async (args) => {
        const { runTrace } = await import("./trace.js");
        code = await runTrace(args as TraceArgs);
      },
    )
    .demandCommand(1, "name a command: eval, repl, signature, run, freeze, mcp, compile, init, worker, enqueue, runs or trace")
    .strict()
    .fail((msg, err, y) => {
      throw err ?? new UsageError(withNearOption(msg, y));
    })
    .help()
    .version("version", "Print ptcc's version", packageVersion())
    .parseAsync();
  return code;
}

let settled = false;
// Node exits, with code 0, once nothing is left to wait for: a command still waiting then
// (on something that can never finish) must not look like a success.
process.on("beforeExit", () => {
  if (settled) return;
  settled = true;
  process.stderr.write("ptcc: internal error: the command was left waiting on something that never finishes\n");
  process.exitCode = 2;
});
main(hideBin(process.argv)).then(
  (code) => {
    settled = true;
    process.exitCode = code;
  },
  (e) => {
    settled = true;
    exitWith(e);
  },
);

/**
 * yargs' `Unknown argument: chek` with a did-you-mean among the command's options
 * (`--check`), or its positional values (`Unknown argument: agnets` for a folder).
 */
function withNearOption(msg: string, y: unknown): string {
  const m = /^Unknown arguments?: (.+)$/.exec(msg);
  if (m === null || typeof y !== "object" || y === null) return msg;
  const first = m[1]!.split(", ")[0]!.replace(/^-+/, "");
  let keys: string[] = [];
  try {
    // The third argument of yargs' fail callback is its usage object: the options it describes.
    const described = (y as { getDescriptions(): Record<string, unknown> }).getDescriptions();
    keys = Object.keys(described).filter((k) => k.length > 1 && !/[A-Z]/.test(k) && k !== "$0");
  } catch {
    return msg;
  }
  const near = didYouMean(closest(first, keys).map((k) => `--${k}`));
  return near === undefined ? msg : `${msg} — ${near}`;
}
