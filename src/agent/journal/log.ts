/**
 * The journal as one run mission sees it: what was loaded (to replay), what is written
 * (in sequence, compare-and-append), and when (the durability mode). The top-level run and
 * every child run of the mission share one log; each reads and writes at its own path.
 *
 * Durability says when entries are written:
 * - "call" (default): each model reply before its program runs, each batch of tool
 *   outcomes before the evaluation goes on, each turn as it ends. A crash loses at most
 *   the call in flight.
 * - "turn": a turn's entries together as it ends. A crash repeats the turn's tool calls.
 * - "exit": the start and the end only. A crash loses the run; a finished run is not run again.
 */
import type {
  AnswersEntry,
  ClockEntry,
  ContinueEntry,
  EndEntry,
  JournalEntry,
  NewEntry,
  ReplyEntry,
  StartEntry,
  TaskEntry,
  ToolAnswer,
  TurnEntry,
} from "./entries.js";
import { JournalError } from "./errors.js";
import type { JournalStore } from "./store.js";

export type Durability = "call" | "turn" | "exit";

/** The `durable` run option: where the run's journal is kept, under which key, how often written. */
export interface DurableOptions {
  readonly store: JournalStore;
  /** The run's key in the store: stable across retries and processes (a job id, a request id). */
  readonly runKey: string;
  readonly durability?: Durability;
}

/** What the loaded journal holds for one run path, indexed for replay. */
interface PathIndex {
  start?: StartEntry;
  /** One end per segment (a continued run has several). */
  readonly ends: EndEntry[];
  readonly replies: Map<number, ReplyEntry>;
  readonly answers: Map<string, ToolAnswer>;
  readonly clocks: Map<string, number>;
  readonly turns: Map<number, TurnEntry>;
  readonly tasks: TaskEntry[];
  readonly continues: ContinueEntry[];
}

/** Why the run cannot go on writing: another writer took the journal over, or the store failed. */
export interface LogLoss {
  readonly reason: string;
}

export class RunLog {
  private readonly paths = new Map<string, PathIndex>();
  private next: number;
  private buffered: NewEntry[] = [];
  /** Appends run one after another: sequence numbers are given in the order entries are written. */
  private chain: Promise<void> = Promise.resolve();
  private lossValue: LogLoss | null = null;
  private readonly lost = new AbortController();
  /** The first journaled call of each tool, by name: where a changed tool was first used. */
  private readonly firstCalls = new Map<string, { readonly path: string; readonly turn: number; readonly key: string }>();
  /** The reason of a cancel entry found in the journal (written by another process), once seen. */
  cancelReason: string | null = null;
  /** Milliseconds spent writing (for the bench and the trace). */
  writeMs = 0;
  appends = 0;

  private constructor(
    readonly store: JournalStore,
    readonly runKey: string,
    readonly durability: Durability,
    loaded: readonly JournalEntry[],
  ) {
    this.next = loaded.length;
    for (const e of loaded) this.index(e);
  }

  /** Opens the run's journal: loads what it holds. Throws a JournalError when the store cannot. */
  static async open(options: DurableOptions): Promise<RunLog> {
    const loaded = await options.store.load(options.runKey);
    loaded.forEach((e, i) => {
      if (e.seq !== i) throw new JournalError(`journal ${options.runKey}: entry ${i} has sequence number ${e.seq}`);
    });
    return new RunLog(options.store, options.runKey, options.durability ?? "call", loaded);
  }

  /** Aborted when the log is lost (its loss says why): the run stops at once. */
  get signal(): AbortSignal {
    return this.lost.signal;
  }

  get loss(): LogLoss | null {
    return this.lossValue;
  }

  /** Entries the journal held when the run opened it. */
  get loadedCount(): number {
    return this.loadedEntries;
  }
  private loadedEntries = 0;

  private index(e: JournalEntry): void {
    this.loadedEntries++;
    if (e.kind === "cancel") {
      this.cancelReason ??= e.reason;
      return;
    }
    // Written by a queue before the run started: nothing for the run to replay.
    if (e.kind === "queued") return;
    const p = this.at(e.path);
    switch (e.kind) {
      case "start":
        p.start = e;
        break;
      case "end":
        p.ends.push(e);
        break;
      case "reply":
        p.replies.set(e.turn, e);
        break;
      case "answers":
        for (const a of e.answers) {
          p.answers.set(`${e.turn}${a.key}`, a);
          if (!this.firstCalls.has(a.name)) this.firstCalls.set(a.name, { path: e.path, turn: e.turn, key: a.key });
        }
        break;
      case "clock":
        p.clocks.set(`${e.turn}${e.key}`, e.at);
        break;
      case "turn":
        p.turns.set(e.turn, e);
        break;
      case "task":
        p.tasks.push(e);
        break;
      case "continue":
        p.continues.push(e);
        break;
    }
  }

  private at(path: string): PathIndex {
    let p = this.paths.get(path);
    if (p === undefined) {
      p = { ends: [], replies: new Map(), answers: new Map(), clocks: new Map(), turns: new Map(), tasks: [], continues: [] };
      this.paths.set(path, p);
    }
    return p;
  }

  // --- replay: what the loaded journal says --------------------------------------------

  /** Where the journaled run first called `tool`, if it did. */
  firstCallOf(tool: string): { readonly path: string; readonly turn: number; readonly key: string } | undefined {
    return this.firstCalls.get(tool);
  }

  startOf(path: string): StartEntry | undefined {
    return this.paths.get(path)?.start;
  }
  /** The end of a segment of the run at `path` (0: the run's first). */
  endOf(path: string, segment = 0): EndEntry | undefined {
    return this.paths.get(path)?.ends[segment];
  }
  replyOf(path: string, turn: number): ReplyEntry | undefined {
    return this.paths.get(path)?.replies.get(turn);
  }
  answerOf(path: string, turn: number, key: string): ToolAnswer | undefined {
    return this.paths.get(path)?.answers.get(`${turn}${key}`);
  }
  /** The journaled answers of a turn that a replay has not asked for (keys). */
  answersOfTurn(path: string, turn: number): string[] {
    const p = this.paths.get(path);
    if (p === undefined) return [];
    const head = String(turn);
    return [...p.answers.keys()].filter((k) => k.startsWith(`${head}#`)).map((k) => k.slice(head.length));
  }
  clockOf(path: string, turn: number, key: string): number | undefined {
    return this.paths.get(path)?.clocks.get(`${turn}${key}`);
  }
  turnOf(path: string, turn: number): TurnEntry | undefined {
    return this.paths.get(path)?.turns.get(turn);
  }
  continuesOf(path: string): readonly ContinueEntry[] {
    return this.paths.get(path)?.continues ?? [];
  }

  // --- writing ---------------------------------------------------------------------------

  /**
   * Journal an entry as the durability mode says: written now (and awaited) when the mode
   * writes this kind at once, else kept to be written with the next entry that is.
   */
  async write(entry: NewEntry): Promise<void> {
    if (this.lossValue !== null) throw new JournalError(this.lossValue.reason);
    const now = writesNow(this.durability, entry);
    if (now === null) return;
    this.buffered.push(entry);
    if (now) await this.flush();
  }

  /** Write every kept entry, in order; resolves once all are in the store. */
  flush(): Promise<void> {
    const batch = this.buffered;
    this.buffered = [];
    if (batch.length === 0) return this.chain;
    const done = this.chain.then(() => this.appendAll(batch));
    // A failed write fails this flush; the chain itself goes on, so later flushes report the loss.
    this.chain = done.catch(() => undefined);
    return done;
  }

  /** The entries in order: at once when the store can (one durable write), else one by one. */
  private async appendAll(batch: readonly NewEntry[]): Promise<void> {
    if (batch.length > 1 && this.store.appendMany !== undefined) {
      const done = await this.appendGroup(batch);
      if (done) return;
    }
    for (const entry of batch) await this.appendOne(entry);
  }

  /**
   * The whole batch with one store call; false when the journal had grown meanwhile (the
   * entries then go one by one, each compared with what is there).
   */
  private async appendGroup(batch: readonly NewEntry[]): Promise<boolean> {
    if (this.lossValue !== null) throw new JournalError(this.lossValue.reason);
    const seq = this.next;
    const full = batch.map((e, i) => ({ ...e, seq: seq + i }) as JournalEntry);
    const t0 = performance.now();
    let result;
    try {
      result = await this.store.appendMany!(this.runKey, seq, full);
    } catch (e) {
      this.lose(`the journal store failed to write entries ${seq}-${seq + batch.length - 1} of run ${this.runKey}: ${messageOf(e)}`);
      throw new JournalError(this.lossValue!.reason);
    } finally {
      this.writeMs += performance.now() - t0;
    }
    this.appends++;
    if (!result.ok) return false;
    this.next = seq + batch.length;
    return true;
  }

  private async appendOne(entry: NewEntry): Promise<void> {
    if (this.lossValue !== null) throw new JournalError(this.lossValue.reason);
    for (;;) {
      const seq = this.next;
      const full = { ...entry, seq } as JournalEntry;
      const t0 = performance.now();
      let result;
      try {
        result = await this.store.append(this.runKey, seq, full);
      } catch (e) {
        this.lose(`the journal store failed to write entry ${seq} of run ${this.runKey}: ${messageOf(e)}`);
        throw new JournalError(this.lossValue!.reason);
      } finally {
        this.writeMs += performance.now() - t0;
      }
      this.appends++;
      if (result.ok) {
        this.next = seq + 1;
        return;
      }
      const existing = result.existing;
      this.next = seq + 1;
      // The same entry: an earlier attempt of this very write succeeded.
      if (sameEntry(existing, full)) return;
      // Another process asked to cancel the run: the entry takes its place after it.
      if (existing.kind === "cancel") {
        this.cancelReason ??= existing.reason;
        continue;
      }
      // A queue's record of the run, written before it started: not another writer.
      if (existing.kind === "queued") continue;
      this.lose(
        `another process is writing run ${this.runKey}: its journal already holds entry ${seq} (${existing.kind}${"path" in existing && existing.path !== "" ? ` of ${existing.path}` : ""})`,
      );
      throw new JournalError(this.lossValue!.reason);
    }
  }

  private lose(reason: string): void {
    if (this.lossValue !== null) return;
    this.lossValue = { reason };
    this.lost.abort(reason);
  }
}

/** Whether the mode writes this entry now (true), with the next written one (false), or never (null). */
function writesNow(mode: Durability, entry: NewEntry): boolean | null {
  switch (mode) {
    case "call":
      // A turn that went on is kept with the next reply: a replay derives it again (only a
      // turn stopped by its clock, which a replay does not run again, is written at once).
      if (entry.kind === "turn") return entry.stopped === true;
      return entry.kind !== "clock" && entry.kind !== "task";
    case "turn":
      return entry.kind === "start" || entry.kind === "turn" || entry.kind === "end" || entry.kind === "continue";
    case "exit":
      return entry.kind === "start" || entry.kind === "end" ? true : null;
  }
}

function sameEntry(a: JournalEntry, b: JournalEntry): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function messageOf(e: unknown): string {
  if (e instanceof Error) return e.message;
  try {
    return String(e);
  } catch {
    return "a value that cannot be shown";
  }
}

export type { AnswersEntry, ClockEntry };
