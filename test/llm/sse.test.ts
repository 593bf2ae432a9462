/**
 * The server-sent events parser: the format's rules as a table, and a property — however
 * the network splits a stream into pieces, the same events come out.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sseParser, type SseEvent } from "../../src/llm/sse.js";

/** The events of a stream given in `pieces`. */
function parse(pieces: readonly string[]): SseEvent[] {
  const out: SseEvent[] = [];
  const parser = sseParser((e) => out.push(e));
  for (const p of pieces) parser.push(p);
  parser.end();
  return out;
}

describe("sseParser", () => {
  it.each<[string, string, SseEvent[]]>([
    ["one data line", "data: hello\n\n", [{ event: "message", data: "hello" }]],
    ["a named event", "event: ping\ndata: {}\n\n", [{ event: "ping", data: "{}" }]],
    ["data lines joined with LF", "data: a\ndata: b\n\n", [{ event: "message", data: "a\nb" }]],
    ["only one space after the colon is cut", "data:  two\n\n", [{ event: "message", data: " two" }]],
    ["no space after the colon", "data:x\n\n", [{ event: "message", data: "x" }]],
    ["a field with no colon is empty", "data\n\n", [{ event: "message", data: "" }]],
    ["CRLF line ends", "event: e\r\ndata: x\r\n\r\n", [{ event: "e", data: "x" }]],
    [
      "CR line ends",
      "data: x\r\rdata: y\r\r",
      [
        { event: "message", data: "x" },
        { event: "message", data: "y" },
      ],
    ],
    ["comments are skipped", ": keep-alive\ndata: x\n\n", [{ event: "message", data: "x" }]],
    ["an event without data is not dispatched", "event: e\n\ndata: x\n\n", [{ event: "message", data: "x" }]],
    ["id and retry are ignored", "id: 7\nretry: 10\ndata: x\n\n", [{ event: "message", data: "x" }]],
    ["an unfinished last event is dropped", "data: x\n\ndata: cut", [{ event: "message", data: "x" }]],
    [
      "the event name resets after each event",
      "event: a\ndata: 1\n\ndata: 2\n\n",
      [
        { event: "a", data: "1" },
        { event: "message", data: "2" },
      ],
    ],
    ["a colon in the value stays", 'data: {"a":1}\n\n', [{ event: "message", data: '{"a":1}' }]],
  ])("%s", (_name, text, events) => {
    expect(parse([text])).toEqual(events);
  });

  it("a CR at the end of a piece waits for a possible LF in the next", () => {
    expect(parse(["data: x\r", "\ndata: y\r", "\n\r", "\n"])).toEqual([{ event: "message", data: "x\ny" }]);
  });

  it("events come out as soon as their blank line arrives", () => {
    const seen: string[] = [];
    const parser = sseParser((e) => seen.push(e.data));
    parser.push("data: 1\n");
    expect(seen).toEqual([]);
    parser.push("\ndata: 2");
    expect(seen).toEqual(["1"]);
    parser.push("\n\n");
    expect(seen).toEqual(["1", "2"]);
  });

  it("property: any split of a stream gives the events of the whole", () => {
    const value = fc.string({ unit: fc.constantFrom("a", "b", " ", ":", "é", "{", "}", "\u{1F600}") });
    const event = fc.record({
      event: fc.option(fc.constantFrom("message_start", "ping", "x y"), { nil: undefined }),
      lines: fc.array(value, { minLength: 1, maxLength: 3 }),
      comment: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(event, { maxLength: 6 }),
        fc.constantFrom("\n", "\r\n", "\r"),
        fc.array(fc.nat(), { maxLength: 8 }),
        (events, eol, cuts) => {
          const text = events
            .map((e) => {
              const lines = [
                ...(e.comment ? [": note"] : []),
                ...(e.event !== undefined ? [`event: ${e.event}`] : []),
                ...e.lines.map((l) => `data: ${l}`),
              ];
              return lines.map((l) => l + eol).join("") + eol;
            })
            .join("");
          const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
          const pieces: string[] = [];
          let from = 0;
          for (const p of points) {
            pieces.push(text.slice(from, p));
            from = p;
          }
          pieces.push(text.slice(from));
          const expected = events.map((e) => ({ event: e.event ?? "message", data: e.lines.join("\n") }));
          expect(parse(pieces)).toEqual(expected);
          expect(parse([text])).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
