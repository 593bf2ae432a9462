/**
 * Headless Chromium for the page tests, driven over the Chrome DevTools Protocol on a pipe
 * (`--remote-debugging-pipe`: JSON messages ended by NUL on file descriptors 3 and 4), so
 * no WebSocket client or browser-automation package is needed. Debian's `chromium` is used;
 * `chromiumPath()` installs it with apt-get when it is missing and that is possible.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable, Writable } from "node:stream";

/** The browser's path, or why there is none. */
export type ChromiumFound = { readonly path: string } | { readonly missing: string };

function onPath(): string | null {
  for (const name of ["chromium", "chromium-browser"]) {
    const r = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" });
    if (r.status === 0 && r.stdout.trim() !== "") return r.stdout.trim();
  }
  return null;
}

let found: ChromiumFound | undefined;

/**
 * Chromium, installed first when missing (`apt-get install -y chromium`, as root, which CI
 * and this machine's test runs are); the reason it cannot be had otherwise.
 */
export function chromiumPath(): ChromiumFound {
  if (found !== undefined) return found;
  const present = onPath();
  if (present !== null) return (found = { path: present });
  if (typeof process.getuid !== "function" || process.getuid() !== 0) {
    return (found = {
      missing: "chromium is not installed and installing it needs root (apt-get install -y chromium)",
    });
  }
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"], { encoding: "utf8" }).status === 0;
  if (!hasApt) return (found = { missing: "chromium is not installed and there is no apt-get to install it" });
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  let r = spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], {
    encoding: "utf8",
    env,
    timeout: 600_000,
  });
  if (r.status !== 0) {
    spawnSync("apt-get", ["update"], { encoding: "utf8", env, timeout: 300_000 });
    r = spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], {
      encoding: "utf8",
      env,
      timeout: 600_000,
    });
  }
  const after = onPath();
  if (after !== null) return (found = { path: after });
  return (found = {
    missing: `apt-get install chromium failed: ${(r.stderr || r.stdout || "").trim().split("\n").slice(-2).join(" ")}`,
  });
}

interface Pending {
  readonly resolve: (v: Record<string, unknown>) => void;
  readonly reject: (e: Error) => void;
  readonly method: string;
}

type Listener = (params: Record<string, unknown>, sessionId: string | undefined) => void;

/** A browser process and its protocol connection. */
export class Browser {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners: Listener[] = [];
  private buffer = "";
  private readonly profile: string;

  private constructor(
    private readonly child: ChildProcess,
    profile: string,
  ) {
    this.profile = profile;
    const out = child.stdio[4] as Readable;
    out.setEncoding("utf8");
    out.on("data", (chunk: string) => {
      this.buffer += chunk;
      for (let end = this.buffer.indexOf("\0"); end >= 0; end = this.buffer.indexOf("\0")) {
        const message = JSON.parse(this.buffer.slice(0, end)) as {
          id?: number;
          method?: string;
          params?: Record<string, unknown>;
          result?: Record<string, unknown>;
          error?: { message: string };
          sessionId?: string;
        };
        this.buffer = this.buffer.slice(end + 1);
        if (message.id !== undefined) {
          const p = this.pending.get(message.id);
          this.pending.delete(message.id);
          if (message.error !== undefined) p?.reject(new Error(`${p.method}: ${message.error.message}`));
          else p?.resolve(message.result ?? {});
        } else if (message.method !== undefined) {
          for (const l of this.listeners) l({ ...(message.params ?? {}), method: message.method }, message.sessionId);
        }
      }
    });
    child.on("exit", () => {
      for (const p of this.pending.values()) p.reject(new Error(`${p.method}: the browser exited`));
      this.pending.clear();
    });
  }

  /** Starts headless Chromium with a fresh profile, no GPU, no background networking. */
  static launch(path: string): Browser {
    const profile = mkdtempSync(join(tmpdir(), "ptcc-chromium-"));
    const child = spawn(
      path,
      [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-extensions",
        "--no-first-run",
        "--no-default-browser-check",
        `--user-data-dir=${profile}`,
        "--remote-debugging-pipe",
        "about:blank",
      ],
      { stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"] },
    );
    return new Browser(child, profile);
  }

  send(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<Record<string, unknown>> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, method });
      (this.child.stdio[3] as Writable).write(
        `${JSON.stringify({ id, method, params, ...(sessionId !== undefined ? { sessionId } : {}) })}\0`,
      );
    });
  }

  on(listener: Listener): void {
    this.listeners.push(listener);
  }

  /** A new tab, attached, with its console, errors and network requests recorded. */
  async newPage(width: number, height: number): Promise<Page> {
    const { targetId } = (await this.send("Target.createTarget", { url: "about:blank" })) as { targetId: string };
    const { sessionId } = (await this.send("Target.attachToTarget", { targetId, flatten: true })) as {
      sessionId: string;
    };
    const page = new Page(this, sessionId);
    this.on((params, sid) => {
      if (sid === sessionId) page.observe(params);
    });
    for (const domain of ["Page", "Runtime", "Log", "Network"]) await page.send(`${domain}.enable`);
    // No network: the page must render from its own file.
    await page.send("Network.emulateNetworkConditions", {
      offline: true,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.send("Emulation.setDeviceMetricsOverride", { width, height, deviceScaleFactor: 1, mobile: false });
    return page;
  }

  async close(): Promise<void> {
    const exited = new Promise<void>((resolve) => {
      if (this.child.exitCode !== null) resolve();
      else this.child.once("exit", () => resolve());
    });
    this.send("Browser.close").catch(() => undefined);
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
    rmSync(this.profile, { recursive: true, force: true });
  }
}

/** One tab. */
export class Page {
  /** Console errors, uncaught exceptions and error log entries (CSP violations, failed loads). */
  readonly errors: string[] = [];
  /** Every URL the page asked for. */
  readonly requests: string[] = [];
  private loaded: (() => void) | null = null;

  constructor(
    private readonly browser: Browser,
    private readonly sessionId: string,
  ) {}

  send(method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    return this.browser.send(method, params, this.sessionId);
  }

  observe(params: Record<string, unknown>): void {
    switch (params["method"]) {
      case "Runtime.consoleAPICalled":
        if (params["type"] === "error" || params["type"] === "assert") {
          const args = (params["args"] as { value?: unknown; description?: string }[]) ?? [];
          this.errors.push(
            `console.${String(params["type"])}: ${args.map((a) => a.description ?? String(a.value)).join(" ")}`,
          );
        }
        break;
      case "Runtime.exceptionThrown": {
        const d = params["exceptionDetails"] as { text?: string; exception?: { description?: string } };
        this.errors.push(`exception: ${d.exception?.description ?? d.text ?? "?"}`);
        break;
      }
      case "Log.entryAdded": {
        const entry = params["entry"] as { level?: string; text?: string; url?: string };
        if (entry.level === "error") this.errors.push(`log: ${entry.text ?? ""} ${entry.url ?? ""}`.trim());
        break;
      }
      case "Network.requestWillBeSent":
        this.requests.push(String((params["request"] as { url?: string }).url));
        break;
      case "Page.loadEventFired":
        this.loaded?.();
        break;
    }
  }

  /** Opens `url` and waits for its load event. */
  async goto(url: string): Promise<void> {
    const loaded = new Promise<void>((resolve) => (this.loaded = resolve));
    await this.send("Page.navigate", { url });
    await loaded;
  }

  /** The value of a JavaScript expression in the page (JSON-able values only). */
  async evaluate<T>(expression: string): Promise<T> {
    const r = (await this.send("Runtime.evaluate", { expression, returnByValue: true, awaitPromise: true })) as {
      result: { value?: T };
      exceptionDetails?: { text?: string; exception?: { description?: string } };
    };
    if (r.exceptionDetails !== undefined) {
      throw new Error(`evaluate: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text ?? "?"}`);
    }
    return r.result.value as T;
  }

  /** Waits until `expression` is truthy in the page (polled), or fails after `ms`. */
  async waitFor(expression: string, ms = 10_000): Promise<void> {
    const until = Date.now() + ms;
    while (!(await this.evaluate<boolean>(`Boolean(${expression})`))) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${expression}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Clicks the middle of the first element `selector` finds, as a mouse would. */
  async click(selector: string): Promise<void> {
    const box = await this.evaluate<{ x: number; y: number } | null>(
      `(() => { const e = document.querySelector(${JSON.stringify(selector)}); if (!e) return null;
         e.scrollIntoView({ block: "nearest" }); const r = e.getBoundingClientRect();
         return { x: r.left + Math.min(r.width / 2, 40), y: r.top + r.height / 2 }; })()`,
    );
    if (box === null) throw new Error(`no element ${selector} to click`);
    for (const type of ["mouseMoved", "mousePressed", "mouseReleased"]) {
      await this.send("Input.dispatchMouseEvent", { type, x: box.x, y: box.y, button: "left", clickCount: 1 });
    }
  }

  /** A PNG of the viewport, written to `file`. */
  async screenshot(file: string): Promise<void> {
    const { data } = (await this.send("Page.captureScreenshot", { format: "png" })) as { data: string };
    writeFileSync(file, Buffer.from(data, "base64"));
  }
}
