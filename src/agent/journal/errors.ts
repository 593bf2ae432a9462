/** The error of a journal store that cannot do its work: a corrupt file, a lock never freed, a server gone. */
export class JournalError extends Error {
  constructor(
    message: string,
    /** What to do about it, when something can be done. */
    readonly hint?: string,
  ) {
    super(message);
    this.name = "JournalError";
  }
}
