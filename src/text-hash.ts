/**
 * A short hash of a text: 16 hex digits (FNV-1a, 64 bits in two halves). Enough to tell
 * prompts, requests and definitions apart; synchronous, and free of node:crypto (the
 * library runs in browsers too).
 */
export function textHash(text: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0xcbf29ce4;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c ^ (h1 >>> 16), 0x01000193) >>> 0;
  }
  return h1.toString(16).padStart(8, "0") + h2.toString(16).padStart(8, "0");
}
