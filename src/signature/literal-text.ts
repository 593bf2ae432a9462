/**
 * The text of literals in signatures (`"fast"`, `42`, `-1.5`) as values, shared by both
 * readers (parse.ts, fast-parse.ts) so that they build the same types.
 */

/** A STRING token's value (JSON escapes); undefined when an escape is not JSON's. */
export function stringValue(raw: string): string | undefined {
  try {
    const v: unknown = JSON.parse(raw);
    return typeof v === "string" ? v : undefined;
  } catch {
    return undefined;
  }
}

/** A NUMBER token's value. */
export function numberValue(raw: string): number {
  return Number(raw);
}

/** A literal value as a signature writes it: `"fast"`, `42`, `true`. */
export function literalText(v: string | number | boolean): string {
  return typeof v === "string" ? JSON.stringify(v) : String(v);
}
