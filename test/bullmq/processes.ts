/** Worker processes for the multi-process tests (fixtures/worker.ts), and reading what they print. */
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";

const FIXTURE = join(import.meta.dirname, "fixtures", "worker.ts");

export interface WorkerProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  /** Every line printed so far. */
  readonly lines: string[];
  /** Resolves with the first line from the `from`-th on (printed so far or later) that `match` accepts. */
  line(match: RegExp, timeoutMs?: number, from?: number): Promise<string>;
  readonly exited: Promise<number | null>;
  stderr(): string;
}

export function startProcess(config: Record<string, unknown>, env: NodeJS.ProcessEnv = {}): WorkerProcess {
  const child = spawn(process.execPath, ["--import", "tsx", FIXTURE, JSON.stringify(config)], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env },
  });
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  let partial = "";
  let err = "";
  child.stdout!.on("data", (d: Buffer) => {
    partial += d.toString();
    const parts = partial.split("\n");
    partial = parts.pop()!;
    lines.push(...parts);
    for (const w of waiters) w();
  });
  child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    child,
    pid: child.pid!,
    lines,
    exited,
    stderr: () => err,
    line: (match, timeoutMs = 30_000, from = 0) =>
      new Promise((resolve, reject) => {
        const check = (): void => {
          const found = lines.slice(from).find((l) => match.test(l));
          if (found === undefined) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no line ${match} from process ${child.pid} in ${timeoutMs} ms; it printed:\n${lines.join("\n")}\n${err}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
  };
}

/** Stop a worker process (SIGTERM: it closes) and wait for it; SIGKILL if it does not stop. */
export async function stopProcess(p: WorkerProcess): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill("SIGTERM");
  const t = setTimeout(() => p.child.kill("SIGKILL"), 5000);
  await p.exited;
  clearTimeout(t);
}
