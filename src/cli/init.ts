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
  const { dependencies, devDependencies } = r.packages;
  const changed =
    r.created.length + r.scripts.length + dependencies.length + devDependencies.length + r.ignores.length > 0;
  if (!changed) {
    // A second init: everything is there.
    lines.push(`nothing to do: ${dir === "." ? "this project" : dir} is scaffolded (${r.kept.length} files kept)`);
    for (const n of r.notes) lines.push(`note: ${n}`);
    process.stdout.write(`${lines.join("\n")}\n`);
    return 0;
  }
  for (const f of r.created) lines.push(`created ${f}`);
  for (const f of r.kept) lines.push(`kept ${f} (it exists)`);
  if (r.demoSkipped) {
    lines.push("agents/ holds your agents: the demo agent order-status was not added (ptcc init demo scaffolds it in demo/)");
  }
  if (r.scripts.length > 0 && !r.created.includes("package.json")) {
    lines.push(`added the scripts ${r.scripts.join(", ")} to package.json`);
  }
  const added = [
    ...(dependencies.length > 0 ? [`${dependencies.join(", ")} to the dependencies`] : []),
    ...(devDependencies.length > 0 ? [`${devDependencies.join(", ")} to the devDependencies`] : []),
  ];
  if (added.length > 0) lines.push(`added ${added.join(" and ")} of package.json`);
  for (const f of r.ignores) lines.push(`added ${INIT_OUT} to ${f}`);
  for (const n of r.notes) lines.push(`note: ${n}`);
  const cd = dir === "." ? "" : `cd ${dir} && `;
  lines.push(
    "",
    "next:",
    `  ${cd}npm install`,
    `  npx ptcc compile agents --out ${INIT_OUT}   (npm run agents)`,
    r.demoSkipped
      ? "  npx tsc -p .                                  (npm run typecheck)"
      : "  npx tsc -p . && npx tsx src/main.ts          (npm run typecheck, npm start)",
    "in CI:",
    `  npx ptcc compile agents --out ${INIT_OUT} --check`,
  );
  process.stdout.write(`${lines.join("\n")}\n`);
  return 0;
}
