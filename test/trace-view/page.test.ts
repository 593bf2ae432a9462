/**
 * The HTML page of `ptcc trace FILE --html` in a real browser: headless Chromium (Debian's
 * `chromium`, installed with apt-get when missing: test/chromium.ts) opens the file with the
 * network off, the test clicks a turn and reads the detail pane, and a screenshot is kept in
 * the test's temp folder (its path is printed). No console errors, no request but the file.
 * Where Chromium cannot be had the tests are skipped with the reason printed; with
 * PTCC_REQUIRE_CHROMIUM=1 (set by .ci/run) they fail instead.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, type TestContext } from "vitest";
import { traceHtml } from "../../src/trace-view/html.js";
import { buildTrace } from "../../src/trace-view/model.js";
import { readTrace } from "../../src/trace-view/read.js";
import { ensureChromium, launchChromium, type Browser } from "../chromium.js";
import { bigTrace } from "./big-trace.js";
import { recordCompacted, recordFirewalled, recordPmap, SECRETS } from "./recorded.js";

const dir = mkdtempSync(join(tmpdir(), "ptcc-trace-page-"));
let browser: Browser | undefined;
let missing: string | undefined;

/** The page of a trace, written to the temp folder: its file URL. */
function page(name: string, text: string): string {
  const file = join(dir, `${name}.html`);
  writeFileSync(file, traceHtml(buildTrace(readTrace(text, `${name}.jsonl`))));
  return pathToFileURL(file).href;
}

beforeAll(async () => {
  try {
    ensureChromium();
  } catch (e) {
    if (process.env["PTCC_REQUIRE_CHROMIUM"] === "1") throw e;
    missing = (e as Error).message;
    console.warn(`trace page tests skipped: ${missing}`);
    return;
  }
  browser = await launchChromium();
  // The page must render from its own file: no network at all.
  await browser.context.setOffline(true);
  console.log(`trace page tests: screenshots in ${dir}`);
}, 900_000);

afterAll(async () => {
  await browser?.close();
});

/** A tab: the page, and what it reported (errors) and asked for (requests). */
interface Tab {
  readonly page: Page;
  /** Console errors and uncaught exceptions. */
  readonly errors: string[];
  /** Every URL the page asked for. */
  readonly requests: string[];
  /** The value of a JavaScript expression in the page. */
  evaluate<T>(expression: string): Promise<T>;
  click(selector: string): Promise<void>;
}

/** A fresh tab on `url`, loaded and ready; the test is skipped where there is no browser. */
async function open(ctx: TestContext, url: string, width = 1280, height = 860): Promise<Tab> {
  if (browser === undefined) ctx.skip(`no Chromium: ${missing ?? "?"}`);
  const page = await browser!.context.newPage();
  await page.setViewportSize({ width, height });
  const errors: string[] = [];
  const requests: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console.error: ${m.text()}`);
  });
  page.on("pageerror", (e) => errors.push(`exception: ${e.message}`));
  page.on("request", (r) => requests.push(r.url()));
  await page.goto(url);
  const tab: Tab = {
    page,
    errors,
    requests,
    evaluate: async <T>(expression: string) => (await page.evaluate(expression)) as T,
    click: (selector) => page.click(selector),
  };
  await until(tab, "document.body.dataset.ready === '1'");
  return tab;
}

/** Waits for two animation frames: the page's lazy rendering has run. */
const frames = (tab: Tab): Promise<unknown> =>
  tab.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))");

/**
 * Waits until `expression` is true in the page, polling with evaluate: playwright's own
 * waitForFunction evaluates strings with eval, which the page's Content-Security-Policy
 * forbids (as it should).
 */
async function until(tab: Tab, expression: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await tab.evaluate<boolean>(`Boolean(${expression})`))) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${expression}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("the trace page in Chromium", () => {
  it("renders fully from the file with no network; a click on a turn shows its program", async (ctx) => {
    const pmap = await recordPmap(dir);
    const tab = await open(ctx, page("pmap", pmap));
    // The header, the run tree and the timeline are all there.
    expect(await tab.evaluate("document.getElementById('totals').textContent")).toMatch(
      /^4 runs · 6 turns · 6 model requests · 7 tool calls/,
    );
    expect(await tab.evaluate("[...document.querySelectorAll('#tree li .name')].map((e) => e.textContent)")).toEqual([
      "research-00000001",
      "summarize-00000002",
      "summarize-00000003",
      "summarize-00000004",
    ]);
    // Rows: each run, its turns, the children after the turn that started them.
    expect(
      await tab.evaluate("[...document.querySelectorAll('#spacer .row')].map((e) => e.dataset.turn ?? e.dataset.run)"),
    ).toEqual([
      "research-00000001",
      "research-00000001:1",
      "summarize-00000002",
      "summarize-00000002:1",
      "summarize-00000003",
      "summarize-00000003:1",
      "summarize-00000004",
      "summarize-00000004:1",
      "research-00000001:2",
      "research-00000001:3",
    ]);
    expect(await tab.evaluate("document.querySelectorAll('#spacer .bar.call').length")).toBeGreaterThan(0);
    expect(await tab.evaluate("document.querySelectorAll('#axis .tick').length")).toBeGreaterThan(2);

    await tab.click('.row[data-turn="research-00000001:2"]');
    await frames(tab);
    expect(await tab.evaluate("document.querySelector('#detail h2').textContent")).toMatch(
      /^research-00000001 · turn 2 of 3/,
    );
    expect(await tab.evaluate("document.querySelector('#detail pre.code').textContent")).toBe(
      "(def words (tool/count-words {:texts (mapv :summary briefs)}))",
    );
    // The program is coloured: the tool call and the special form have spans of their own.
    expect(
      await tab.evaluate(
        "[...document.querySelectorAll('#detail pre.code span.tool, #detail pre.code span.sf')].map((e) => e.textContent)",
      ),
    ).toEqual(["def", "tool/count-words"]);
    expect(
      await tab.evaluate(
        "document.querySelector('.row[data-turn=\"research-00000001:2\"]').classList.contains('selected')",
      ),
    ).toBe(true);
    expect(await tab.evaluate("location.hash")).toBe("#turn=research-00000001:2");

    // A tool call opens to its arguments and result; a child run's link selects that run.
    await tab.click('.row[data-turn="research-00000001:1"]');
    await tab.click("#detail details.call summary .idx");
    await until(tab, `document.querySelector('#detail details.call')?.textContent.includes('"topic": "heat pumps"')`);
    await tab.click('#detail button.link[data-run="summarize-00000003"]');
    expect(await tab.evaluate("document.querySelector('#detail h2').textContent")).toMatch(/^summarize-00000003/);

    await tab.click('.row[data-turn="research-00000001:2"]');
    await frames(tab);
    const shot = join(dir, "pmap.png");
    await tab.page.screenshot({ path: shot });
    expect(readFileSync(shot).subarray(1, 4).toString()).toBe("PNG");
    expect(statSync(shot).size).toBeGreaterThan(10_000);

    expect(tab.errors).toEqual([]);
    expect(tab.requests.filter((u) => !u.startsWith("file:"))).toEqual([]);
  });

  it("the page the built command writes (ptcc trace --html) works the same", async (ctx) => {
    const trace = join(dir, "pmap-cli.jsonl");
    writeFileSync(trace, await recordPmap(dir));
    const html = join(dir, "pmap-cli.html");
    const r = spawnSync(
      process.execPath,
      [join(__dirname, "..", "..", "bin", "ptcc.js"), "trace", trace, "--html", html],
      {
        encoding: "utf8",
      },
    );
    expect(r.status).toBe(0);
    const tab = await open(ctx, pathToFileURL(html).href);
    await tab.click('.row[data-turn="research-00000001:3"]');
    expect(await tab.evaluate("document.querySelector('#detail pre.code').textContent")).toBe(
      "(return {:briefs briefs :words words})",
    );
    expect(tab.errors).toEqual([]);
  });

  it("an address naming a turn opens on it", async (ctx) => {
    const tab = await open(ctx, `${page("pmap-2", await recordPmap(dir))}#turn=summarize-00000003:1`);
    expect(await tab.evaluate("document.querySelector('#detail h2').textContent")).toMatch(
      /^summarize-00000003 · turn 1 of 1/,
    );
    expect(tab.errors).toEqual([]);
  });

  it("a compaction is said with the turn whose request it shortened; a fallback answer with the run", async (ctx) => {
    const tab = await open(ctx, `${page("compacted", await recordCompacted(dir))}#turn=counter:4`);
    expect(await tab.evaluate("document.querySelector('#detail .note').textContent")).toBe(
      "The conversation compacted before this request (trim): turns 1–2 dropped, 837 → 825 tokens.",
    );
    await tab.click('.row[data-run="counter-00000001"]');
    expect(await tab.evaluate("[...document.querySelectorAll('#detail .badge')].map((b) => b.textContent)")).toEqual([
      "ok",
      "the last value: turns ran out",
    ]);
    expect(tab.errors).toEqual([]);
  });

  it("firewalled values stay hidden, also from a trace written unredacted", async (ctx) => {
    const tab = await open(ctx, page("firewalled", await recordFirewalled(dir, false)));
    await tab.click('.row[data-turn="contact-00000001:1"]');
    await tab.click("#detail details.call summary .idx");
    // The call's result, opened: its firewalled fields as the model saw them.
    await until(
      tab,
      `document.querySelector('#detail details.call')?.textContent.includes('"_email": "<Firewalled>"')`,
    );
    await tab.click('.row[data-run="contact-00000001"]');
    const seen =
      (await tab.evaluate<string>("document.body.innerText")) + readFileSync(join(dir, "firewalled.html"), "utf8");
    for (const secret of SECRETS) expect(seen).not.toContain(secret);
    expect(seen).toContain("<Firewalled>");
    expect(tab.errors).toEqual([]);
  });

  it("text from the trace stays text: markup in a program or a result does nothing", async (ctx) => {
    const hostile = '</script><script>document.title="pwned"</script><img src=x onerror="document.title=1">';
    const at = Date.UTC(2025, 0, 1);
    const events = [
      { at, run: "x-1", type: "run_start", parent: null, agent: "x", depth: 0, input: { q: hostile } },
      { at, run: "x-1", type: "llm_request", turn: 1, agent: "x", systemHash: "0", messages: [] },
      { at: at + 5, run: "x-1", type: "llm_response", turn: 1, agent: "x", content: hostile, durationMs: 5 },
      { at: at + 5, run: "x-1", type: "program", turn: 1, program: `(println "${hostile.replace(/"/g, '\\"')}")` },
      {
        at: at + 9,
        run: "x-1",
        type: "tool_call",
        turn: 1,
        tool: "t",
        args: { hostile },
        result: hostile,
        durationMs: 2,
      },
      {
        at: at + 10,
        run: "x-1",
        type: "result",
        turn: 1,
        outcome: "continue",
        result: hostile,
        feedback: hostile,
        durationMs: 10,
      },
    ];
    const tab = await open(ctx, page("hostile", events.map((e) => JSON.stringify(e)).join("\n")));
    await tab.click('.row[data-turn="x-1:1"]');
    await tab.click("#detail details.call summary .idx");
    expect(await tab.evaluate("document.title")).toBe("ptcc trace — hostile.jsonl");
    expect(await tab.evaluate("document.querySelectorAll('img, #detail script').length")).toBe(0);
    expect(await tab.evaluate("document.querySelector('#detail pre.code').textContent")).toContain("</script><script>");
    expect(tab.errors).toEqual([]);
  });

  it("200 turns and 5,000 tool calls: only the rows in view are drawn, and the page stays usable", async (ctx) => {
    const big = bigTrace();
    const tab = await open(ctx, page("big", big.text));
    const timing = await tab.evaluate<{ load: number; nodes: number; rows: number }>(
      "({ load: performance.getEntriesByType('navigation')[0].loadEventEnd, nodes: document.getElementsByTagName('*').length, rows: document.querySelectorAll('#spacer .row').length })",
    );
    console.log(
      `trace page, ${big.turns} turns and ${big.calls} tool calls: loaded in ${Math.round(timing.load)} ms, ${timing.nodes} elements, ${timing.rows} rows drawn`,
    );
    expect(timing.rows).toBeLessThan(80);
    expect(timing.nodes).toBeLessThan(3000);

    // Scrolled to the end: the last turn's row is drawn, the first ones are gone.
    await tab.evaluate("(() => { const r = document.getElementById('rows'); r.scrollTop = r.scrollHeight; })()");
    await frames(tab);
    expect(await tab.evaluate(`Boolean(document.querySelector('.row[data-turn="${big.run}:${big.turns}"]'))`)).toBe(
      true,
    );
    expect(await tab.evaluate(`Boolean(document.querySelector('.row[data-turn="${big.run}:1"]'))`)).toBe(false);
    expect(await tab.evaluate("document.querySelectorAll('#spacer .row').length")).toBeLessThan(80);

    // The turn with 1,000 calls at once: its calls are listed 100 at a time, and merged in the timeline.
    await tab.evaluate("(() => { document.getElementById('rows').scrollTop = 0; })()");
    await frames(tab);
    await tab.click(`.row[data-turn="${big.run}:${big.wideTurn}"]`);
    expect(await tab.evaluate("document.querySelectorAll('#detail details.call').length")).toBe(100);
    expect(
      await tab.evaluate(`document.querySelectorAll('.row[data-turn="${big.run}:${big.wideTurn}"] .bar.call').length`),
    ).toBeLessThan(1000);
    await tab.click("#detail button.more");
    expect(await tab.evaluate("document.querySelectorAll('#detail details.call').length")).toBe(200);

    await tab.page.screenshot({ path: join(dir, "big.png") });
    expect(tab.errors).toEqual([]);
    expect(tab.requests.filter((u) => !u.startsWith("file:"))).toEqual([]);
  });
});
