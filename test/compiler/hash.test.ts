/**
 * The content hash of generated files taken over their bytes (digestBytes, what the quick
 * no-change check uses) is the hash of their decoded text (digest, what the header holds):
 * for any text, wherever its non-ASCII characters fall, and for bytes that are not UTF-8.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { digest, digestBytes } from "../../src/compiler/hash.js";

describe("digestBytes", () => {
  it.each([
    ["", "empty"],
    ["plain ASCII\n".repeat(100), "ASCII"],
    [`${"x".repeat(255)}—${"y".repeat(300)}→`, "a character across the first split"],
    [`${"é".repeat(700)}😀${"a".repeat(511)}𝄞`, "two- and four-byte characters"],
    ["\uFEFFwith a byte order mark", "a BOM"],
  ])("is digest of the text: %#, %s", (text) => {
    expect(digestBytes(Buffer.from(text, "utf8"))).toBe(digest([text]));
  });

  it("is digest of the text for any text (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 3000 }), fc.nat(600), (text, pad) => {
        const padded = "a".repeat(pad) + text;
        expect(digestBytes(Buffer.from(padded, "utf8"))).toBe(digest([padded]));
      }),
    );
  });

  it("is digest of the decoded text for bytes that are not UTF-8", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => {
        const b = Buffer.from(bytes);
        expect(digestBytes(b)).toBe(digest([b.toString("utf8")]));
      }),
    );
  });
});
