import { formatPosition, type Span } from "./span.js";

/** Something worth telling the program's author that does not stop the program. */
export interface Warning {
  readonly message: string;
  readonly span?: Span;
  /** A note about the program's data (a key spelled differently), not a problem of the program. */
  readonly note?: boolean;
}

export function formatWarning(w: Warning): string {
  return w.span ? `${w.message} at ${formatPosition(w.span)}` : w.message;
}
