/** How error messages name a value the host passed where something else was expected. */

/** A value as messages name it: `a string "x"`, `an array`, `null`. */
export function describeValue(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  switch (typeof v) {
    case "string":
      return `a string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 39)}…` : v)}`;
    case "number":
    case "boolean":
    case "bigint":
      return `${typeof v} ${String(v)}`;
    case "undefined":
      return "undefined";
    case "function":
      return "a function";
    case "symbol":
      return "a symbol";
    default: {
      const name = (v as { constructor?: { name?: unknown } }).constructor?.name;
      return typeof name === "string" && name !== "Object" && name !== "" ? `a ${name}` : "an object";
    }
  }
}
