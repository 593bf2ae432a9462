import { COND_FORMS } from "./cond.js";
import { CONTROL_FORMS } from "./control.js";
import { DOC_FORMS } from "./doc.js";
import { FN_FORMS } from "./fn.js";
import { FOR_FORMS } from "./for.js";
import { LET_FORMS } from "./let.js";
import { LOOP_FORMS } from "./loop.js";
import type { SpecialForm } from "./special-form.js";
import { THREADING_FORMS } from "./threading.js";
import { WHERE_FORMS } from "./where.js";

export type { SpecialForm } from "./special-form.js";

/** Every special form, by name. */
export const SPECIAL_FORMS: ReadonlyMap<string, SpecialForm> = new Map(
  [
    ...CONTROL_FORMS,
    ...LET_FORMS,
    ...FN_FORMS,
    ...LOOP_FORMS,
    ...COND_FORMS,
    ...FOR_FORMS,
    ...THREADING_FORMS,
    ...WHERE_FORMS,
    ...DOC_FORMS,
  ].map((f) => [f.name, f]),
);
