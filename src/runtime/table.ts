/**
 * Lookup tables keyed by text a user, a model or a tool wrote (names, namespaces, regex
 * properties, type names): null-prototype objects, so that `constructor`, `__proto__` or
 * `toString` are looked up as the absent keys they are and never find Object.prototype's
 * members (which would print as `function Object() { [native code] }` in a suggestion,
 * or be called). A test checks that every such table in src/ is made here.
 */
export function table<T>(entries: Readonly<Record<string, T>>): Readonly<Record<string, T>> {
  const t = Object.create(null) as Record<string, T>;
  for (const k of Object.keys(entries)) t[k] = entries[k] as T;
  return Object.freeze(t);
}

/** `t[key]` for an own key of a table, undefined otherwise (for tables made elsewhere too). */
export function lookup<T>(t: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(t, key) ? t[key] : undefined;
}
