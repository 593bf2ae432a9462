/**
 * A fake help center for the `support` example agent (examples/agents/support.agent.md).
 * Its agent file declares no signature for the tool: `ptcc compile` derives one from these
 * types — the literal union `"titles" | "full"` becomes `:enum[titles full]`, the `@integer`
 * number `:int`, the discriminated union of results a union of maps, and the JSDoc of each
 * property its description in the prompt.
 */

/** An article of the help center. */
export interface Article {
  /** @integer */
  readonly id: number;
  readonly title: string;
  readonly text: string;
}

const ARTICLES: readonly Article[] = [
  { id: 1, title: "Resetting your password", text: "Use the link on the sign-in page; the mail comes within minutes." },
  { id: 2, title: "Where invoices are sent", text: "Invoices go to the billing contact on the first of the month." },
  { id: 3, title: "Changing your plan", text: "Plans change from the billing page; the new price applies next month." },
];

/**
 * Searches the help center's articles.
 *
 * @param args.query the words to look for
 */
export function searchArticles(args: {
  query: string;
  /** Where to look: titles only, or the whole text. */
  scope: "titles" | "full";
  /**
   * At most this many articles.
   * @integer
   */
  limit?: number | null;
}): { found: "none" } | { found: "some"; articles: Article[] } {
  const words = args.query
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 2);
  const hits = ARTICLES.filter((a) => {
    const text = (args.scope === "titles" ? a.title : `${a.title} ${a.text}`).toLowerCase();
    return words.some((w) => text.includes(w));
  });
  if (hits.length === 0) return { found: "none" };
  return { found: "some", articles: hits.slice(0, args.limit ?? hits.length) };
}
