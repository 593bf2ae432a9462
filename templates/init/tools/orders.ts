/**
 * The tools of the order-status agent. `ptcc compile` reads their TypeScript types: a tool
 * without a signature in its agent file gets one derived from its parameter and return
 * types, and its description from the JSDoc below.
 */

interface Order {
  readonly id: number;
  readonly status: "open" | "shipped" | "delivered";
  readonly etaDays: number | null;
  /** Firewalled (a leading _): programs and the host see it, the model never does. */
  readonly _email: string;
}

const ORDERS: readonly Order[] = [
  { id: 1042, status: "shipped", etaDays: 2, _email: "ann@example.com" },
  { id: 1043, status: "open", etaDays: null, _email: "bo@example.com" },
];

/** The order with this id: its status, the days until delivery, and the customer's email. */
export async function findOrder(args: { id: number }): Promise<Order> {
  const order = ORDERS.find((o) => o.id === args.id);
  if (order === undefined) throw new Error(`no order ${args.id}`);
  return order;
}
