/**
 * cancelOnCtrlC in a real process (against the built package, as an app would use it):
 * Ctrl-C while a program runs and while the model thinks both end the run as cancelled.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const DIST = join(__dirname, "..", "..", "dist", "index.js");

/** Start a script, send SIGINT once it says "ready", and collect what it prints. */
function interrupted(body: string): Promise<{ out: string; code: number | null; ms: number }> {
  const script = `import { defineAgent, cancelOnCtrlC } from ${JSON.stringify(DIST)};
const ctrlC = cancelOnCtrlC();
${body}
const step = await agent.run({}, { llm, ...ctrlC.options });
ctrlC.dispose();
console.log(JSON.stringify(step.failure));`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let sentAt = 0;
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      if (sentAt === 0 && out.includes("ready")) {
        // Give the program a moment to be inside its busy loop (or the model call) first.
        setTimeout(() => {
          sentAt = performance.now();
          child.kill("SIGINT");
        }, 300);
      }
    });
    child.on("close", (code) => resolve({ out, code, ms: performance.now() - sentAt }));
  });
}

describe("cancelOnCtrlC", () => {
  it("stops a program that is busy computing", async () => {
    const r = await interrupted(`
const agent = defineAgent({ prompt: "spin", signature: "() -> :int", limits: { maxSteps: Infinity, timeoutMs: 60000 }, turnTimeoutMs: 60000 });
const llm = async () => { console.log("ready"); return "(loop [i 0] (recur (inc i)))"; };`);
    expect(r.out).toContain('"kind":"cancelled"');
    expect(r.ms).toBeLessThan(5000);
  }, 30_000);

  it("stops a run waiting for the model", async () => {
    const r = await interrupted(`
const agent = defineAgent({ prompt: "wait", signature: "() -> :int", turnTimeoutMs: 60000 });
const llm = (req) => new Promise((_, reject) => { console.log("ready"); req.signal.addEventListener("abort", () => reject(new Error("aborted"))); });`);
    expect(r.out).toContain('"kind":"cancelled"');
    expect(r.ms).toBeLessThan(5000);
  }, 30_000);
});
