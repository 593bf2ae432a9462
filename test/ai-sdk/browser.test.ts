/**
 * A chat page in headless Chromium renders the UI message stream of a scripted run: the
 * page (chat-page.ts, bundled by esbuild) posts to a route on 127.0.0.1 that answers with
 * `createUIMessageStreamResponse({ stream: toUIMessageStream(agent.stream(...)) })`, and
 * shows each part as it comes. The rendered parts must be the run's, a text part must have
 * been shown while it streamed, and the page must log no error.
 */
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureChromium, launchChromium, type Browser } from "./chromium.js";
import { EXPECTED, startRoute, type Route } from "./fixture.js";

const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>ptcc chat</title></head>
<body><p id="status"></p><ol id="parts"></ol><script type="module" src="/page.js"></script></body></html>`;

let route: Route;
let browser: Browser;

beforeAll(async () => {
  ensureChromium();
  const bundle = await build({
    entryPoints: [join(import.meta.dirname, "chat-page.ts")],
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    target: "chrome120",
    logLevel: "silent",
  });
  // The model pauses between pieces, so that the page sees the text while it streams.
  route = await startRoute(
    { "/": ["text/html", PAGE], "/page.js": ["text/javascript", bundle.outputFiles[0]!.text] },
    3,
  );
  browser = await launchChromium();
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await route?.close();
});

describe("a useChat-style page in headless Chromium", () => {
  it("renders the parts of a scripted run as they stream, with no console errors", async () => {
    const page = await browser.context.newPage();
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));

    await page.goto(`${route.url}/`);
    await page.waitForSelector("body[data-done]", { timeout: 30_000 });

    const body = await page.evaluate(() => ({
      ...(globalThis as unknown as { document: { body: { dataset: object } } }).document.body.dataset,
    }));
    expect(body).toMatchObject({ done: "1", streamed: "1" });
    expect(body).not.toHaveProperty("error");
    const parts = await page.locator("li.part").allTextContents();
    expect(parts).toEqual(EXPECTED);
    expect(await page.locator("#status").textContent()).toBe("ready");
    expect(problems).toEqual([]);
    expect(route.runs()).toBe(1);
    await page.close();
  }, 60_000);
});
