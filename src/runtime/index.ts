/**
 * `ptcc/runtime`: what generated modules import. It never pulls in the reader, the
 * analyzer, ANTLR or the CLI (a test over the import graph keeps it so).
 */
export * from "./validation.js";
export { fromHost, toHost, type Json } from "./convert.js";
export type { Value } from "./values.js";
