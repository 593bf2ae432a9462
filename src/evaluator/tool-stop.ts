/**
 * An error a tool function raises to stop its call with its own message and kind — the
 * call past a program's tool-call limit, a call past its tool's time — instead of the
 * usual `tool/x failed: ...`. The session positions it at the call.
 */
import { PtcError } from "../diagnostics/error.js";

export class ToolStop extends PtcError {}
