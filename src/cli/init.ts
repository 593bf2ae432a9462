/**
 * `ptcc init [DIR]`: scaffold agents/ with an example agent and a TypeScript tool, a
 * scripted model, a main.ts and the compile step in package.json (src/compiler/init.ts).
 * Existing files are kept. Exit 0, or 2 when DIR cannot be written.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { INIT_OUT, initProject } from "../compiler/init.js";
import { UsageError } from "./usage-error.js";

export interface InitArgs {
  readonly dir?: string;
}

export async function runInit(args: InitArgs): Promise<number> {
  const dir = args.dir ?? ".";
  const pkg = JSON.parse(readFileSync(fileURLToPath(new URL("../../package.json", import.meta.url)), "utf8")) as {
    version: string;
  };
  let r;
  try {
    r = await initProject(dir, pkg.version);
  } catch (e) {
    throw new UsageError(`cannot scaffold ${dir}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const lines: string[] = [];
  for (const f of r.created) lines.push(`created ${f}`);
  for (const f of r.kept) lines.push(`kept ${f} (it exists)`);
  if (r.scripts.length > 0 && !r.created.includes("package.json")) {
    lines.push(`added the scripts ${r.scripts.join(", ")} to package.json`);
  }
  if (r.packages.length > 0) lines.push(`added ${r.packages.join(", ")} to the dependencies of package.json`);
  const cd = dir === "." ? "" : `cd ${dir} && `;
  lines.push(
    "",
    "next:",
    `  ${cd}npm install`,
    `  npx ptcc compile agents --out ${INIT_OUT}   (npm run agents)`,
    "  npx tsc -p . && npx tsx src/main.ts          (npm run typecheck, npm start)",
    "in CI:",
    `  npx ptcc compile agents --out ${INIT_OUT} --check`,
  );
  process.stdout.write(`${lines.join("\n")}\n`);
  return 0;
}
