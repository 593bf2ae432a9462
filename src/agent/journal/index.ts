/** Durable runs: the run-level journal, its stores, and cancelling a journaled run. */
export type {
  AnswersEntry,
  CancelEntry,
  ClockEntry,
  ContinueEntry,
  EndEntry,
  JournalEntry,
  QueuedEntry,
  ReplyEntry,
  StartEntry,
  TaskEntry,
  ToolAnswer,
  ToolOutcome,
  TurnEntry,
} from "./entries.js";
export { isJournalEntry } from "./entries.js";
export type { DefinitionSummary } from "./definition.js";
export { memoryJournal, type AppendResult, type JournalStore } from "./store.js";
export { fileJournal, type FileJournalOptions } from "./file.js";
export { JournalError } from "./errors.js";
export { requestCancel } from "./cancel.js";
export type { Durability, DurableOptions } from "./log.js";
