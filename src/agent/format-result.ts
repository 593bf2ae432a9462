/**
 * The final result as people see it (the seed's `format_result`): compact JSON with at
 * most `resultLimit` items of each list and map, cut to `resultMaxChars` characters.
 * `ptcc run` prints the return value this way; apps can show answers the same way.
 */
import { cut } from "./feedback.js";
import { DEFAULT_FORMAT_OPTIONS, type FormatOptions } from "./types.js";

export function formatResult(value: unknown, options: Partial<FormatOptions> = {}): string {
  const limit = options.resultLimit ?? DEFAULT_FORMAT_OPTIONS.resultLimit;
  const max = options.resultMaxChars ?? DEFAULT_FORMAT_OPTIONS.resultMaxChars;
  return cut(compactJson(value, limit), max);
}

/** Compact JSON with at most `limit` items of each array and object. */
function compactJson(v: unknown, limit: number): string {
  if (Array.isArray(v)) {
    const items = v.slice(0, limit).map((x) => compactJson(x, limit));
    if (v.length > limit) items.push(`… ${v.length - limit} more`);
    return `[${items.join(",")}]`;
  }
  if (v !== null && typeof v === "object") {
    const entries = Object.entries(v);
    const items = entries.slice(0, limit).map(([k, x]) => `${JSON.stringify(k)}:${compactJson(x, limit)}`);
    if (entries.length > limit) items.push(`… ${entries.length - limit} more`);
    return `{${items.join(",")}}`;
  }
  return JSON.stringify(v) ?? "null";
}
