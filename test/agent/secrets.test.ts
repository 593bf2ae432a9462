import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FIREWALLED_TEXT, FirewallSecrets } from "../../src/agent/secrets.js";
import { prStr } from "../../src/index.js";
import { fromHost } from "../../src/runtime/convert.js";
import { typeIssue } from "../../src/runtime/validation.js";

function secretsOf(value: unknown): FirewallSecrets {
  const s = new FirewallSecrets();
  s.collect(value);
  return s;
}

describe("FirewallSecrets.collect: the leaves under _ keys", () => {
  it("takes every leaf under a _ key, at any depth, and nothing else", () => {
    const s = secretsOf({
      name: "Ann Example",
      _email: "ann@example.com",
      orders: [{ id: 1001, _card: { last4: "4242", holder: "Ann Q. Example" } }],
      _ids: [12345, 67890],
    });
    expect(s.redact("name Ann Example mail ann@example.com")).toBe(`name Ann Example mail ${FIREWALLED_TEXT}`);
    expect(s.redact("card 4242 of Ann Q. Example, ids 12345 67890, order 1001")).toBe(
      `card ${FIREWALLED_TEXT} of ${FIREWALLED_TEXT}, ids ${FIREWALLED_TEXT} ${FIREWALLED_TEXT}, order 1001`,
    );
  });

  it("walks shared structure once and survives cycles", () => {
    let x: Record<string, unknown> = { _k: "shared-secret-1" };
    for (let i = 0; i < 40; i++) x = { a: x, b: x };
    const cyclic: Record<string, unknown> = { _self: "cyclic-secret" };
    cyclic["me"] = cyclic;
    const t0 = performance.now();
    const s = secretsOf({ x, cyclic });
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(s.redact("shared-secret-1 cyclic-secret")).toBe(`${FIREWALLED_TEXT} ${FIREWALLED_TEXT}`);
  });

  it("a value first met outside a _ key is still taken when met under one", () => {
    const shared = { v: "twice-seen-value" };
    const s = secretsOf({ open: shared, _hidden: shared });
    expect(s.redact("twice-seen-value")).toBe(FIREWALLED_TEXT);
  });
});

describe("FirewallSecrets.redact: the rule for short values", () => {
  const table: [string, unknown, string, string][] = [
    ["strings under 4 characters are not searched", "abc", "abc abcd", "abc abcd"],
    ["booleans are never searched", true, "true false", "true false"],
    ["short strings only as whole words", "open", "open, reopened, open!", `${FIREWALLED_TEXT}, reopened, ${FIREWALLED_TEXT}!`],
    ["long strings anywhere", "s3cr3t-token", "xs3cr3t-tokenx", `x${FIREWALLED_TEXT}x`],
    ["numbers of 4 or more characters, as whole numbers", 4242, "4242 14242 4242.5 4242", `${FIREWALLED_TEXT} 14242 4242.5 ${FIREWALLED_TEXT}`],
    ["an integer also as the float it prints as", 31337, "31337.0", FIREWALLED_TEXT],
    ["numbers under 4 characters are not searched", 123, "123", "123"],
    ["floats as printed", 12.75, "total 12.75.", `total ${FIREWALLED_TEXT}.`],
  ];
  it.each(table)("%s", (_name, value, text, expected) => {
    expect(secretsOf({ _v: value }).redact(text)).toBe(expected);
  });

  it("finds a string as pr-str prints it (escaped) and as JSON writes it", () => {
    const secret = 'say "hi"\nback\\slash';
    const s = secretsOf({ _v: secret });
    const printed = prStr(null, fromHost({ v: secret }));
    expect(printed).toContain('\\"hi\\"');
    expect(s.redact(printed)).toBe(`{"v" "${FIREWALLED_TEXT}"}`);
    expect(s.redact(JSON.stringify({ v: secret }))).toBe(`{"v":"${FIREWALLED_TEXT}"}`);
  });

  it("a value cut short by a printer is hidden by its start", () => {
    const s = secretsOf({ _v: "ann.smith@example.com" });
    expect(s.redact('{"email" "ann.smith@exam..."}')).toBe(`{"email" "${FIREWALLED_TEXT}..."}`);
    expect(s.redact("contact ann.smith@exa")).toBe(`contact ${FIREWALLED_TEXT}`);
    expect(s.redact("ann.smith@example.com... (3 more characters)")).toBe(`${FIREWALLED_TEXT}... (3 more characters)`);
    // A shared start that is not cut short stays: "ann.smith@" alone is not the value.
    expect(s.redact("ann.smith@other.org")).toBe("ann.smith@other.org");
    expect(s.redact("ann.smi...")).toBe("ann.smi...");
  });

  it("a value cut short in a description of it (error messages) is hidden by its start", () => {
    const secret = "sk-live-ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefghijklmnop";
    const s = secretsOf({ _key: secret });
    const message = `n: ${typeIssue("n", "int", secret).message}`;
    expect(message).toContain(secret.slice(0, 20));
    expect(s.redact(message)).toBe(`n: expected int, got string "${FIREWALLED_TEXT}"… (60 characters)`);
    expect(s.redact(`${secret.slice(0, 30)}… more`)).toBe(`${FIREWALLED_TEXT}… more`);
  });

  it("many values that share their first characters are each found", () => {
    const values = Array.from({ length: 20_000 }, (_, i) => `+1-555-${String(i).padStart(6, "0")}`);
    const s = secretsOf(values.map((v, id) => ({ id, _phone: v })));
    expect(s.size).toBe(20_000);
    const text = values.filter((_, i) => i % 97 === 0).map((v) => `call ${v} now`).join("\n");
    const out = s.redact(text);
    expect(out.split(FIREWALLED_TEXT).length - 1).toBe(Math.ceil(20_000 / 97));
    expect(out).not.toContain("+1-555-");
    // A start of one of them, cut short, among many of the same start.
    expect(s.redact(`"+1-555-0123"...`)).toBe(`"${FIREWALLED_TEXT}"...`);
  });

  it("the longest known value wins at a position", () => {
    const s = secretsOf({ _a: "secret-value", _b: "secret-value-longer" });
    expect(s.redact("secret-value-longer!")).toBe(`${FIREWALLED_TEXT}!`);
  });
});

describe("FirewallSecrets: property", () => {
  // Secrets of 8+ characters from an alphabet without the marker's brackets.
  const secretArb = fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789@.-_ \"\\\n"), minLength: 8, maxLength: 30 });
  const noiseArb = fc.string({ unit: fc.constantFrom(..."abcxyz0189 ,;:()[]{}\"\\\n"), maxLength: 40 });

  it("no redacted text contains a known secret, in raw, pr-str or JSON form", () => {
    fc.assert(
      fc.property(fc.array(secretArb, { minLength: 1, maxLength: 5 }), fc.array(noiseArb, { minLength: 1, maxLength: 8 }), (secrets, noise) => {
        const s = secretsOf({ _s: secrets });
        const forms = secrets.flatMap((x) => [x, prStr(null, x), JSON.stringify(x)]);
        const text = noise.map((n, i) => n + forms[i % forms.length]!).join("");
        const out = s.redact(text);
        for (const x of secrets) expect(out.includes(x), `${JSON.stringify(x)} in ${JSON.stringify(out)}`).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it("text without secrets comes back unchanged", () => {
    fc.assert(
      fc.property(noiseArb, (text) => {
        expect(secretsOf({ _s: "ZZZZ-QQQQ-never-in-noise" }).redact(text)).toBe(text);
      }),
      { numRuns: 200 },
    );
  });
});
