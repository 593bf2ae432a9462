import { compareWithNbb, describe } from "./oracle.js";
import { readFileSync } from "node:fs";
const progs = readFileSync(process.argv[2]!, "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "");
let same = 0;
for (const p of progs) {
  const cmp = await compareWithNbb(p);
  if (cmp.verdict === "same" || cmp.verdict === "both error") {
    same++;
    if (cmp.verdict === "both error" && cmp.ptcc.ok === false)
      console.log(
        `  (both error) ${p}  ptcc:[${cmp.ptcc.kind}] ${cmp.ptcc.message.slice(0, 80)} | nbb: ${(cmp.nbb as { message: string }).message?.slice(0, 80)}`,
      );
    continue;
  }
  console.log("== " + describe(cmp));
}
console.log("same:", same, "of", progs.length);
