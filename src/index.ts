/**
 * ptcc — the public API, read as a table of contents: everything in src/browser.ts (the
 * language, signatures, agents, models), plus loading agent files, which needs Node.
 *
 * PTC-Lisp programs go through: read (src/reader) → analyze (src/analyzer) →
 * compile to closures (src/evaluator/compile) → run (src/evaluator) with the runtime's
 * values and builtins (src/runtime). A Session keeps the user namespace between runs.
 */
export * from "./browser.js";
// Agent files: loading NAME.agent.md with its sibling agents and tool modules (Node only).
export { loadAgentFile, type LoadAgentFileOptions } from "./agent-file/load.js";
