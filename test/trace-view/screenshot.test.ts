/**
 * The README's picture of the trace page (docs/trace-view.png) is the one
 * `npm run docs:trace-screenshot` makes (scripts/trace-screenshot.mjs): a PNG of the page
 * at the script's size, small enough for the repository, and shown by the README.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(__dirname, "..", "..");

describe("docs/trace-view.png", () => {
  it("is a PNG of the size the script makes, under 120 KB, shown in the README", () => {
    const png = readFileSync(join(ROOT, "docs", "trace-view.png"));
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const script = readFileSync(join(ROOT, "scripts", "trace-screenshot.mjs"), "utf8");
    const width = Number(/export const WIDTH = (\d+);/.exec(script)![1]);
    const height = Number(/export const HEIGHT = (\d+);/.exec(script)![1]);
    // IHDR: width and height, big-endian, right after the chunk's length and type.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([width, height]);
    expect(png.length).toBeLessThan(120 * 1024);
    expect(readFileSync(join(ROOT, "README.md"), "utf8")).toContain("](docs/trace-view.png)");
  });
});
