/**
 * An incremental parser of server-sent events (`text/event-stream`), the format OpenAI's
 * and Anthropic's streaming APIs answer in. Text is pushed in whatever pieces the network
 * delivers (a line, or an event, may be split anywhere); each complete event is handed on
 * as soon as its blank line arrives.
 *
 * The rules are the WHATWG event-stream ones that matter here: lines end in CRLF, LF or
 * CR; `field: value` with one optional space after the colon; `data` lines of one event
 * are joined with "\n"; a line starting with ":" is a comment (keep-alives); an event with
 * no data is not dispatched; a last event without its blank line is dropped at the end.
 */

export interface SseEvent {
  /** The `event:` field, or "message" when the event has none. */
  readonly event: string;
  /** The `data:` lines, joined with "\n". */
  readonly data: string;
}

export interface SseParser {
  /** Feeds the next piece of the stream's text. */
  push(text: string): void;
  /** The stream ended: an unfinished line is taken as a whole (an unfinished event is not dispatched). */
  end(): void;
}

export function sseParser(onEvent: (event: SseEvent) => void): SseParser {
  let buffer = "";
  /** Where the search for a line end goes on: the buffer before it holds none. */
  let scanned = 0;
  let event = "";
  let data: string[] = [];

  const line = (text: string): void => {
    if (text === "") {
      // A blank line dispatches the event gathered so far.
      if (data.length > 0) onEvent({ event: event === "" ? "message" : event, data: data.join("\n") });
      event = "";
      data = [];
      return;
    }
    if (text.startsWith(":")) return;
    const colon = text.indexOf(":");
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") data.push(value);
    else if (field === "event") event = value;
    // id and retry matter for reconnecting EventSource clients only; other fields are ignored.
  };

  /** Splits off every complete line; a trailing CR waits, as an LF may follow in the next piece. */
  const drain = (final: boolean): void => {
    let start = 0;
    let i = scanned;
    for (; i < buffer.length; i++) {
      const c = buffer.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      if (c === 13 && i === buffer.length - 1 && !final) break;
      line(buffer.slice(start, i));
      if (c === 13 && buffer.charCodeAt(i + 1) === 10) i++;
      start = i + 1;
    }
    buffer = buffer.slice(start);
    // A long line arriving in many pieces is searched once, not once per piece.
    scanned = Math.max(0, i - start);
  };

  return {
    push(text) {
      buffer += text;
      drain(false);
    },
    end() {
      drain(true);
      if (buffer !== "") line(buffer);
      buffer = "";
      scanned = 0;
    },
  };
}
