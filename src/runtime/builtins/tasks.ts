/**
 * `(task "id" expr)` keeps the value of expr per session and id: an agent run journals it,
 * so a side effect asked for once (an email sent, a ticket opened) is not made again by a
 * later turn, a retried turn or a resumed run. The special form expands to
 * `(ptc.internal/task "id" (fn [] expr))`; `task-reset` forgets a value. Beside them,
 * `(budget/remaining)`: what is left of the run's limits, so a program can stop early.
 */
import { callFn } from "../call.js";
import type { Cx } from "../context.js";
import { typeError } from "../errors.js";
import { Keyword, type Value } from "../values.js";
import type { BuiltinSpec } from "./registry.js";

function taskId(fn: string, id: Value): string {
  if (typeof id === "string") return id;
  if (id instanceof Keyword) return id.toString();
  throw typeError(fn, "a string or a keyword naming the task", id, 'name it: (task "send-report" ...)');
}

export const TASKS: BuiltinSpec[] = [
  {
    name: "task-reset",
    ns: "ptc",
    arglists: ["[id]"],
    doc: "Forget the value a (task id ...) kept, so that the task runs again; true when there was one.",
    examples: [{ code: '(do (task "a" 1) (task-reset "a"))', result: "true" }],
    f1: (cx: Cx, id) => cx.taskReset(taskId("task-reset", id)),
  },
  {
    name: "remaining",
    ns: "budget",
    arglists: ["[]"],
    doc: "What is left of the agent run's limits: {:turns :turn-budget :tokens :depth {:current :max} :llm-requests :ms} (nil: no such limit).",
    examples: [{ code: "(map? (budget/remaining))", result: "true" }],
    f0: (cx: Cx) => cx.budgetRemaining(),
  },
  {
    name: "task",
    ns: "ptc.internal",
    arglists: ["[id f]"],
    doc: "Run f once per session and id (the expansion of the task special form).",
    examples: [{ code: '(task "a" 1)', result: "1" }],
    f2: (cx: Cx, id, f) => cx.task(taskId("task", id), () => callFn(cx, f, [])),
  },
];
