/**
 * The signatures example from the README: parse, validate a tool's input with coercion,
 * check an output strictly, render for a prompt, the LLM's view of firewalled fields, and
 * a prompt template checked against the parameters.
 * Run with `npx tsx examples/signatures.ts`; the test suite runs it too.
 */
import {
  checkPlaceholders,
  firewallView,
  formatIssue,
  parseSignature,
  renderSignature,
  signatureToTypeScript,
  validate,
  validateAndCoerce,
} from "ptcc";

export function main(): string[] {
  const sig = parseSignature("(query :string, limit :int?) -> {count :int, items [{id :int, _token :string}]}");
  const lines: string[] = [renderSignature(sig, { hideFirewalled: true })];

  // Inputs are lenient: "5" becomes 5, with a warning the LLM gets to see.
  const input = validateAndCoerce(sig, { query: "shoes", limit: "5" });
  lines.push(JSON.stringify(input.value), ...input.warnings.map(formatIssue));

  // Outputs are strict: every error with its path.
  const output = validate(sig, { count: 1, items: [{ id: "x", _token: "t1" }] });
  lines.push(...output.errors.map(formatIssue));

  // The LLM sees <Firewalled>; the host keeps the token.
  lines.push(JSON.stringify(firewallView({ count: 1, items: [{ id: 7, _token: "t1" }] })));

  lines.push(signatureToTypeScript(sig).input);
  lines.push(
    ...checkPlaceholders("Find {{query}}, at most {{limt}}", sig).map((i) => `${i.message} — ${i.hint ?? ""}`),
  );
  return lines;
}

if (process.argv[1]?.endsWith("signatures.ts")) {
  for (const line of main()) console.log(line);
}
