/** The model call under shared limits: slots, waits told once, a 429 cooling everyone down, a closing worker, streams. */
import { describe, expect, it } from "vitest";
import { LlmError, type Llm, type LlmRequest, type LlmRetry } from "../../src/index.js";
import { limitedLlm, memoryLimiter } from "../../src/queue/index.js";

const request = (over: Partial<LlmRequest> = {}): LlmRequest => ({
  system: "s",
  messages: [{ role: "user", content: "hi" }],
  agent: "a",
  depth: 0,
  turn: 1,
  ...over,
});

describe("limitedLlm", () => {
  it("a model without limits is called as it is", async () => {
    const limiter = memoryLimiter();
    const llm = limitedLlm(async () => "ok", { key: undefined, limits: undefined, limiter });
    expect(await llm(request())).toBe("ok");
  });

  it("waits for a slot, telling onWait once per request", async () => {
    const limiter = memoryLimiter();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const inner: Llm = async (r) => {
      if (r.turn === 1) await held;
      return `turn ${r.turn}`;
    };
    const waits: number[] = [];
    const llm = limitedLlm(inner, {
      key: "p:m",
      limits: { concurrency: 1 },
      limiter,
      onWait: (r) => void waits.push(r.turn),
    });
    const first = llm(request({ turn: 1 }));
    await new Promise((r) => setTimeout(r, 10));
    const second = llm(request({ turn: 2 }));
    await new Promise((r) => setTimeout(r, 100));
    expect(waits).toEqual([2]);
    release();
    expect(await Promise.all([first, second])).toEqual(["turn 1", "turn 2"]);
  });

  it("a 429 the adapter retries cools the key down for everyone, for as long as Retry-After says; the caller still hears of the retry", async () => {
    const limiter = memoryLimiter();
    const heard: LlmRetry[] = [];
    const inner: Llm = async (r) => {
      r.onRetry?.({ attempt: 1, status: 429, retryAfterMs: 400, delayMs: 400 });
      return "ok";
    };
    const llm = limitedLlm(inner, { key: "p:m", limits: { rpm: 1000 }, limiter });
    await llm(request({ onRetry: (x) => void heard.push(x) }));
    expect(heard).toEqual([{ attempt: 1, status: 429, retryAfterMs: 400, delayMs: 400 }]);
    await new Promise((r) => setTimeout(r, 5));
    expect(await limiter.acquire("p:m", { rpm: 1000 }, 0)).toMatchObject({ ok: false, why: "cooldown" });
  });

  it("a 429 the adapter gives up on cools the key down too", async () => {
    const limiter = memoryLimiter();
    const llm = limitedLlm(
      async () => {
        throw new LlmError("p: rate limited (429); gave up after 1 attempt", 429);
      },
      { key: "p:m", limits: { concurrency: 1 }, limiter },
    );
    await expect(llm(request())).rejects.toThrow(/429/);
    await new Promise((r) => setTimeout(r, 5));
    const r = await limiter.acquire("p:m", { concurrency: 1 }, 0);
    expect(r).toMatchObject({ ok: false, why: "cooldown" });
  });

  it("a closing worker starts no new top-level turn; a child agent's request still goes", async () => {
    let draining = false;
    const llm = limitedLlm(async () => "ok", {
      key: undefined,
      limits: undefined,
      limiter: memoryLimiter(),
      draining: () => draining,
    });
    draining = true;
    await expect(llm(request({ depth: 0 }))).rejects.toThrow(/the worker is closing/);
    expect(await llm(request({ depth: 1 }))).toBe("ok");
  });

  it("a model that streams holds its slot until the stream ends", async () => {
    const limiter = memoryLimiter();
    async function* pieces(): AsyncIterable<string> {
      yield "a";
      yield "b";
    }
    const inner = (async () => pieces()) as unknown as Llm;
    const llm = limitedLlm(inner, { key: "p:m", limits: { concurrency: 1 }, limiter });
    const stream = (await llm(request())) as unknown as AsyncIterable<string>;
    expect(await limiter.acquire("p:m", { concurrency: 1 }, 0)).toMatchObject({ ok: false, why: "concurrency" });
    const text: string[] = [];
    for await (const p of stream) text.push(p);
    expect(text).toEqual(["a", "b"]);
    await new Promise((r) => setTimeout(r, 5));
    expect((await limiter.acquire("p:m", { concurrency: 1 }, 0)).ok).toBe(true);
  });
});
