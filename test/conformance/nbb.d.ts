/** Minimal types for the `nbb` package (a ClojureScript interpreter on Node), used by the conformance tests. */
declare module "nbb" {
  /** Evaluate ClojureScript source; resolves to the value of the last form. */
  export function loadString(code: string): Promise<unknown>;
}
