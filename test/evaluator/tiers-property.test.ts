/**
 * Generated programs (program-gen.ts) give the same outcome in both compilation tiers.
 * The suite runs a sample; `npm run test:tiers` runs many more (PTCC_TIER_RUNS).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { programs } from "./program-gen.js";
import { bothTiers } from "./tiers.js";

const RUNS = Number(process.env["PTCC_TIER_RUNS"] ?? 300);

describe("generated programs in both tiers", () => {
  it(
    "agree on values, errors, positions, output and steps",
    () => {
      fc.assert(
        fc.property(programs, fc.integer({ min: 1, max: 4 }), (src, hot) => {
          const { generated, closures, tieredUp } = bothTiers(src, {}, hot);
          expect(generated, src).toEqual(closures);
          expect(tieredUp, `${src} (hot after ${hot})`).toEqual(closures);
        }),
        { numRuns: RUNS },
      );
    },
    Math.max(60_000, RUNS * 100),
  );
});
