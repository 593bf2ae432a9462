/** A TypeScript script run as its own process (`node --import tsx FILE ARGS`), its output collected. */
import { spawn, type ChildProcess } from "node:child_process";

export interface Script {
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  out(): string;
  err(): string;
}

export function spawnScript(file: string, args: readonly string[]): Script {
  const child = spawn(process.execPath, ["--import", "tsx", file, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, out: () => out, err: () => err };
}
