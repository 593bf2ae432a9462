import { formatPosition, type Span } from "./span.js";

/** Something worth telling the program's author that does not stop the program. */
export interface Warning {
  readonly message: string;
  readonly span?: Span;
}

export function formatWarning(w: Warning): string {
  return w.span ? `${w.message} at ${formatPosition(w.span)}` : w.message;
}
