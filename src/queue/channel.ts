/**
 * An async iterable fed by pushes: what `handle.progress()` returns. Values pushed before
 * the reader asks are kept (up to a bound, oldest dropped first); `end()` finishes the
 * iteration once the kept values are read; a reader that leaves early unsubscribes.
 */
export class Channel<T> implements AsyncIterable<T> {
  private readonly kept: T[] = [];
  private waiting: ((r: IteratorResult<T>) => void) | null = null;
  private ended = false;

  constructor(
    /** Called once when the channel ends or its reader leaves. */
    private readonly onClose: () => void = () => undefined,
    private readonly bound = 10_000,
  ) {}

  push(value: T): void {
    if (this.ended) return;
    const w = this.waiting;
    if (w !== null) {
      this.waiting = null;
      w({ value, done: false });
      return;
    }
    if (this.kept.length >= this.bound) this.kept.shift();
    this.kept.push(value);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.onClose();
    const w = this.waiting;
    this.waiting = null;
    w?.({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    return {
      next: () => {
        const v = this.kept.shift();
        if (v !== undefined) return Promise.resolve({ value: v, done: false });
        if (this.ended) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => {
          this.waiting = resolve;
        });
      },
      return: () => {
        this.kept.length = 0;
        this.end();
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  }
}
