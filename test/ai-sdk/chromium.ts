/**
 * Debian's Chromium for the browser test, driven by playwright-core: installed with
 * apt-get when it is missing (CI machines start without it), launched headless with a
 * fresh profile, and closed with its profile removed.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";

/** Installs Debian's chromium package when it is not there; throws saying why when that fails. */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    execFileSync("apt-get", ["update"], { stdio: "ignore", env, timeout: 300_000 });
    execFileSync("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], {
      stdio: "ignore",
      env,
      timeout: 600_000,
    });
  } catch (e) {
    throw new Error(`the browser test needs ${CHROMIUM}: apt-get install -y chromium failed (${(e as Error).message})`);
  }
  if (!existsSync(CHROMIUM)) throw new Error(`apt-get installed chromium, but ${CHROMIUM} is not there`);
}

export interface Browser {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

/**
 * Headless Chromium with a fresh profile: `--headless --no-sandbox --disable-gpu
 * --disable-background-networking --user-data-dir=<tmp>` (playwright passes the profile
 * and the headless flag itself).
 */
export async function launchChromium(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), "ptcc-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    timeout: 60_000,
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
