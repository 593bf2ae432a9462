/**
 * One run's side of the journal (the top-level run, or a child at its path): it answers
 * the loop's questions during a replay — is this turn's reply journaled, this call's
 * outcome, this clock read — checks that the replay does what the journaled run did, and
 * journals what the run does live. A replay that does something else throws a
 * ReplayDivergence, which ends the run as `replay`: never a silent mix of two runs.
 */
import type { LlmReply } from "../../llm/types.js";
import type { StepJson } from "../step-json.js";
import type { TurnOutcome } from "../types.js";
import type { ContinueEntry, NewEntry, ReplyEntry, StartEntry, ToolAnswer, ToolOutcome, TurnEntry } from "./entries.js";
import { definitionChanges, definitionHash, type DefinitionSummary } from "./definition.js";
import type { RunLog } from "./log.js";

/** A replay that did not do what the journaled run did. */
export class ReplayDivergence extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ReplayDivergence";
  }
}

export interface StartFacts {
  readonly agent: string;
  readonly def: DefinitionSummary;
  readonly ptcc: string;
  readonly input: unknown;
  readonly system: string;
  readonly user: string;
  readonly deadlineAt: number | null;
}

export class RunJournal {
  /** Answers journaled for the current turn that the replay has used. */
  private used = new Set<string>();
  private pending: ToolAnswer[] = [];
  /** Journaled replies used in place of a model (the Step's usage.replayedTurns). */
  replayedTurns = 0;
  /** Which segment of a continued run is under way (0: the first). */
  private segment = 0;

  constructor(
    readonly log: RunLog,
    /** "" for the top-level run; `2#3` for the child started by turn 2 at position #3. */
    readonly path: string,
  ) {}

  /** The key of a tool call that is the same on every attempt of the run: the idempotency key. */
  callKey(turn: number, key: string): string {
    return `${this.log.runKey}:${this.path === "" ? "" : `${this.path}:`}${turn}${key}`;
  }

  /** The run's own start entry, when the journal has one (the run is being resumed). */
  get start(): StartEntry | undefined {
    return this.log.startOf(this.path);
  }

  /**
   * Check a resumed run against its start entry, or journal the start of a new one.
   * Returns the deadline (epoch ms) the run keeps.
   */
  async begin(facts: StartFacts): Promise<number | null> {
    const start = this.start;
    if (start === undefined) {
      await this.log.write({
        kind: "start",
        path: this.path,
        agent: facts.agent,
        defHash: definitionHash(facts.def),
        def: facts.def,
        ptcc: facts.ptcc,
        input: facts.input,
        deadlineAt: facts.deadlineAt,
        at: Date.now(),
        system: facts.system,
        user: facts.user,
      });
      return facts.deadlineAt;
    }
    const where = this.path === "" ? "the run" : `the child run ${this.path}`;
    if (start.agent !== facts.agent) {
      throw new ReplayDivergence(`${where} was started by agent ${start.agent}, not ${facts.agent}`);
    }
    if (start.defHash !== definitionHash(facts.def)) {
      const changes = definitionChanges(start.def, facts.def);
      // Where the journaled run used a tool that changed: the first turn and call a replay would redo.
      const used = Object.keys({ ...start.def.tools, ...facts.def.tools })
        .filter((name) => start.def.tools[name] !== facts.def.tools[name])
        .map((name) => ({ name, at: this.log.firstCallOf(name) }))
        .find((x) => x.at !== undefined);
      const position =
        used?.at !== undefined
          ? ` (the journaled run first called tool/${used.name} at turn ${used.at.turn}, call ${used.at.key}${used.at.path !== "" ? ` of child run ${used.at.path}` : ""})`
          : "";
      throw new ReplayDivergence(
        `the definition of ${facts.agent} changed since ${where} started: ${changes.join("; ") || "its hash differs"}${position}`,
      );
    }
    if (JSON.stringify(start.input) !== JSON.stringify(facts.input)) {
      throw new ReplayDivergence(`${where} was started with another input`);
    }
    for (const [what, was, now] of [
      ["system prompt", start.system, facts.system],
      ["first message", start.user, facts.user],
    ] as const) {
      if (was !== now) throw new ReplayDivergence(`the ${what} differs from the journaled one ${firstDifference(was, now)}`);
    }
    return start.deadlineAt;
  }

  /** The journaled reply of a turn, when there is one. */
  reply(turn: number): ReplyEntry | undefined {
    return this.log.replyOf(this.path, turn);
  }

  async replied(turn: number, reply: LlmReply, ms: number): Promise<void> {
    await this.log.write({ kind: "reply", path: this.path, turn, reply: plainReply(reply), ms: Math.round(ms), at: Date.now() });
  }

  /**
   * The journaled outcome of the call at `key` of `turn`, when the journal has it; throws
   * ReplayDivergence when the journal has another call there.
   */
  answer(turn: number, key: string, name: string, args: unknown): ToolOutcome | undefined {
    const a = this.log.answerOf(this.path, turn, key);
    if (a === undefined) return undefined;
    if (a.name !== name || JSON.stringify(a.args) !== JSON.stringify(args)) {
      throw new ReplayDivergence(
        `turn ${turn}, call ${key}: the program called tool/${name} with ${short(args)}, the journaled run called tool/${a.name} with ${short(a.args)}`,
      );
    }
    this.used.add(key);
    // A call that never answered is made again (it may not have run at all).
    if ("timeout" in a.outcome) return undefined;
    return a.outcome;
  }

  /** A live call's outcome: kept until its batch is complete. */
  answered(key: string, name: string, args: unknown, outcome: ToolOutcome, ms: number): void {
    this.pending.push({ key, name, args, outcome, ms: Math.round(ms) });
  }

  /** A clock read: the journaled time on replay, else now (journaled with the next batch). */
  clock(turn: number, key: string): number {
    const at = this.log.clockOf(this.path, turn, key);
    if (at !== undefined) return at;
    const now = Date.now();
    // Kept with the next batch (a loss is reported by that batch's write).
    this.log.write({ kind: "clock", path: this.path, turn, key, at: now }).catch(() => undefined);
    return now;
  }

  /** A task's first value (for people reading the journal; a replay computes it again). */
  task(turn: number, id: string, value: unknown): void {
    this.log.write({ kind: "task", path: this.path, turn, id, value }).catch(() => undefined);
  }

  /** The batch of calls an evaluation waited for is complete: journal the outcomes. */
  async batch(turn: number): Promise<void> {
    // In program order, whatever order the calls ended in: the same batch reads the same.
    const answers = this.pending.sort((a, b) => comparePositions(a.key, b.key));
    this.pending = [];
    if (answers.length > 0) await this.log.write({ kind: "answers", path: this.path, turn, answers, at: Date.now() });
  }

  /** The journaled end of a turn that did not end the run. */
  turnEntry(turn: number): TurnEntry | undefined {
    return this.log.turnOf(this.path, turn);
  }

  /**
   * A turn ended without ending the run. On replay: it must have told the model what the
   * journaled run did, and used every journaled answer of the turn. Live: journal it.
   */
  async turnEnded(
    turn: number,
    outcome: TurnOutcome,
    feedback: string,
    stopped: boolean,
  ): Promise<void> {
    const was = this.turnEntry(turn);
    if (was !== undefined) {
      this.checkUsed(turn);
      if (!was.stopped && was.feedback !== feedback) {
        throw new ReplayDivergence(`turn ${turn} told the model something else than the journaled run ${firstDifference(was.feedback, feedback)}`);
      }
      return;
    }
    await this.batch(turn);
    await this.log.write({
      kind: "turn",
      path: this.path,
      turn,
      outcome,
      feedback,
      ...(stopped ? { stopped: true as const } : {}),
      at: Date.now(),
    } satisfies NewEntry);
  }

  /** The turn's answers the replay left unused: the journaled run made calls this one did not. */
  checkUsed(turn: number): void {
    const unused = this.log.answersOfTurn(this.path, turn).filter((k) => !this.used.has(k));
    this.used = new Set();
    if (unused.length > 0) {
      throw new ReplayDivergence(`turn ${turn}: the journaled run made the call at ${unused[0]!}, the replay did not`);
    }
  }

  /** The continuations the journal holds, in order. */
  continues(): readonly ContinueEntry[] {
    return this.log.continuesOf(this.path);
  }

  /** A new continuation of the run starts at `turn`: journal it. */
  async continued(turn: number, message: string, deadlineAt: number): Promise<void> {
    await this.log.write({ kind: "continue", path: this.path, turn, message, deadlineAt });
  }

  /** A segment of the run ended: journal the Step (what the end of a resumed run must say too). */
  async end(step: StepJson, turn: number): Promise<void> {
    const was = this.log.endOf(this.path, this.segment++);
    if (was !== undefined) {
      const same = was.step.ok === step.ok && was.step.fail?.kind === step.fail?.kind;
      if (!same) {
        throw new ReplayDivergence(
          `the run ended ${step.ok ? "ok" : `with a ${step.fail?.kind} failure`}, the journaled run ${was.step.ok ? "ok" : `with a ${was.step.fail?.kind} failure`}`,
        );
      }
      return;
    }
    await this.batch(turn);
    await this.log.write({ kind: "end", path: this.path, step, at: Date.now() });
  }
}

/** The reply as JSON holds it (only the fields a reply has). */
function plainReply(r: LlmReply): LlmReply {
  return {
    content: r.content,
    ...(r.usage !== undefined ? { usage: r.usage } : {}),
    ...(r.finishReason !== undefined ? { finishReason: r.finishReason } : {}),
    ...(r.model !== undefined ? { model: r.model } : {}),
    ...(r.provider !== undefined ? { provider: r.provider } : {}),
    ...(r.toolCalls !== undefined ? { toolCalls: r.toolCalls.map((c) => ({ id: c.id, name: c.name, arguments: c.arguments })) } : {}),
  };
}

/** Orders call positions as the program makes them: `#2/10#0` after `#2/9#0`. */
function comparePositions(a: string, b: string): number {
  const pa = a.split(/(\d+)/);
  const pb = b.split(/(\d+)/);
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    if (pa[i] === pb[i]) continue;
    const na = Number(pa[i]);
    const nb = Number(pb[i]);
    if (i % 2 === 1 && !Number.isNaN(na) && !Number.isNaN(nb)) return na - nb;
    return pa[i]! < pb[i]! ? -1 : 1;
  }
  return pa.length - pb.length;
}

function short(x: unknown): string {
  const s = JSON.stringify(x) ?? "null";
  return s.length > 120 ? `${s.slice(0, 117)}...` : s;
}

/** Where two texts first differ: `at line L (was "…", now "…")`. */
export function firstDifference(was: string, now: string): string {
  let i = 0;
  while (i < was.length && i < now.length && was[i] === now[i]) i++;
  const line = was.slice(0, i).split("\n").length;
  const show = (s: string): string => JSON.stringify(s.slice(i, i + 40));
  return `at line ${line} (journal: ${show(was)}, now: ${show(now)})`;
}
