/** Conformance cases for the builtins of this group (see case.ts for the markings). */
import { CaseTable } from "./case.js";

const t = new CaseTable();

export const CASES = t.cases;
