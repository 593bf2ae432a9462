/**
 * A fake product catalog for the `search` example agent (examples/agents/search.agent.md):
 * a search tool that answers in pages, as real search APIs do, so the agent has to follow
 * the cursor across turns. The data is fixed and the pages deterministic, so a scripted
 * run gives the same answer every time.
 */
import type { ToolFn } from "ptcc";

export interface Product {
  readonly id: number;
  readonly name: string;
  readonly category: string;
  readonly price: number;
}

/** Results per page: small, so that a query for lamps takes three pages. */
export const PAGE_SIZE = 3;

export const PRODUCTS: readonly Product[] = [
  { id: 101, name: "Brass desk lamp", category: "lighting", price: 49.5 },
  { id: 102, name: "Oak bookshelf", category: "furniture", price: 189.99 },
  { id: 103, name: "Paper floor lamp", category: "lighting", price: 34.99 },
  { id: 104, name: "Clip-on reading lamp", category: "lighting", price: 19.99 },
  { id: 105, name: "Linen armchair", category: "furniture", price: 329.5 },
  { id: 106, name: "Arc floor lamp", category: "lighting", price: 129.99 },
  { id: 107, name: "Ceramic table lamp", category: "lighting", price: 59.99 },
  { id: 108, name: "Wool rug", category: "textiles", price: 210.25 },
  { id: 109, name: "Bedside lamp with USB port", category: "lighting", price: 27.5 },
  { id: 110, name: "Pendant lamp shade", category: "lighting", price: 44.75 },
];

/**
 * `(tool/search {:query "lamp" :cursor "3"})`: the products whose name contains the query
 * (case-insensitive), PAGE_SIZE at a time. `cursor` is the opaque token of the next page,
 * null on the last one.
 */
export const search: ToolFn = (args) => {
  const query = String(args["query"] ?? "").toLowerCase();
  const start = args["cursor"] == null ? 0 : Number.parseInt(String(args["cursor"]), 10);
  if (!Number.isSafeInteger(start) || start < 0) throw new Error(`invalid cursor ${JSON.stringify(args["cursor"])}`);
  const hits = PRODUCTS.filter((p) => p.name.toLowerCase().includes(query));
  const end = start + PAGE_SIZE;
  return { results: hits.slice(start, end), cursor: end < hits.length ? String(end) : null };
};
