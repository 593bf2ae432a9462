// The validators suite: checking a list of 1,000 nested records against one signature with
//   - ptcc: the generated validator (compileValidator → esbuild → new Function),
//   - ptcc interpreted: `validate`, which walks the type (for scale),
//   - Ajv (draft 2020-12, allErrors) compiled from signatureToJsonSchema of the signature,
//   - Zod: a hand-written equivalent schema, safeParse,
// on valid data and on a copy with ~5% of the records corrupted at various depths, in the
// same process and the same rounds. See bench/README.md.
//
// Run by bench/run.mjs (`--only validators` runs it without the programs), or alone:
//   node bench/validators.mjs [--quick]
//
// Every validator must report exactly the corrupted paths on the invalid data and nothing
// on the valid data; otherwise the suite fails (and the bench exits 1). Timings are only
// reported.
import { transformSync } from "esbuild";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { measure, median, prng } from "./programs.mjs";

/** The signature: a list of records with nested maps and lists and an optional field. */
export const SIGNATURE =
  "[{id :int, name :string, email :string?, score :float, active :bool, tags [:string], " +
  "address {street :string, city :string, zip :string}, " +
  "orders [{order_id :int, total :float, items [{sku :string, qty :int}]}]}]";

export const RECORDS = 1_000;
/** The share of records the invalid variant corrupts. */
export const CORRUPT_RATE = 0.05;

const TAGS = ["sale", "new", "eco", "gift", "bulk", "promo", "limited", "refurb"];
const CITIES = ["Berlin", "Paris", "Austin", "Osaka", "Recife", "Pune", "Utrecht", "Malmö"];
const STREETS = ["Main St", "Elm Rd", "Harbour Way", "Mill Lane", "Station Sq", "Oak Ave"];

/**
 * Data as a validator meets it: what JSON.parse makes. (Built objects would differ: the
 * corruptions `delete` keys, which leaves objects in V8's slow dictionary mode, and every
 * validator would then measure that instead.)
 */
const asJson = (x) => JSON.parse(JSON.stringify(x));

/** `n` valid records from a fixed seed: 0–4 tags, 0–3 orders of 1–4 items; email present, nil or missing. */
export function makeRecords(n, seed = 20250101) {
  const rng = prng(seed);
  const pick = (xs) => xs[Math.floor(rng() * xs.length)];
  const records = [];
  for (let i = 0; i < n; i++) {
    const r = { id: i + 1, name: `user-${i + 1}` };
    const e = rng();
    if (e < 0.6) r.email = `user${i + 1}@example.com`;
    else if (e < 0.8) r.email = null;
    r.score = Math.round(rng() * 10_000) / 100; // a float with two decimals (some are whole)
    r.active = rng() < 0.7;
    r.tags = Array.from({ length: Math.floor(rng() * 5) }, () => pick(TAGS));
    r.address = {
      street: `${1 + Math.floor(rng() * 200)} ${pick(STREETS)}`,
      city: pick(CITIES),
      zip: String(10_000 + Math.floor(rng() * 90_000)),
    };
    r.orders = Array.from({ length: Math.floor(rng() * 4) }, (_, k) => ({
      order_id: (i + 1) * 10 + k,
      total: Math.round(rng() * 50_000) / 100,
      items: Array.from({ length: 1 + Math.floor(rng() * 4) }, () => ({
        sku: `SKU-${String(Math.floor(rng() * 100_000)).padStart(5, "0")}`,
        qty: 1 + Math.floor(rng() * 9),
      })),
    }));
    records.push(r);
  }
  return asJson(records);
}

/**
 * The corruptions: each breaks one thing in a record and returns the path (segments under
 * the record) of the one error every validator must report, or null when it does not apply
 * to that record (no orders, say).
 */
const CORRUPTIONS = [
  (r) => ((r.id = String(r.id)), ["id"]),
  (r) => (delete r.name, ["name"]),
  (r) => ((r.email = 12345), ["email"]),
  (r) => ((r.score = "n/a"), ["score"]),
  (r) => ((r.active = "true"), ["active"]),
  (r) => ((r.tags = r.tags.join(",")), ["tags"]),
  (r) => {
    const j = r.tags.length === 0 ? 0 : r.tags.length - 1;
    r.tags[j] = 42;
    return ["tags", j];
  },
  (r) => ((r.address = null), ["address"]),
  (r) => ((r.address.zip = Number(r.address.zip)), ["address", "zip"]),
  (r) => (delete r.address.city, ["address", "city"]),
  (r) => withOrder(r, (o) => ((o.order_id = o.order_id + 0.5), ["order_id"])),
  (r) => withOrder(r, (o) => ((o.total = String(o.total)), ["total"])),
  (r) => withOrder(r, (o) => ((o.items = {}), ["items"])),
  (r) => withOrder(r, (o) => ((o.items[o.items.length - 1].qty = 2.5), ["items", o.items.length - 1, "qty"])),
  (r) => withOrder(r, (o) => (delete o.items[0].sku, ["items", 0, "sku"])),
  (r) => {
    if (r.orders.length === 0) return null;
    r.orders[0] = "order";
    return ["orders", 0];
  },
];

function withOrder(r, f) {
  if (r.orders.length === 0) return null;
  const k = r.orders.length - 1;
  const path = f(r.orders[k]);
  return ["orders", k, ...path];
}

/**
 * A deep copy of the records with about `rate` of them corrupted, each by one corruption
 * (taken in turn, so every kind and depth occurs), and a few replaced by null. Returns the
 * data and the paths of the errors, as ptcc writes them (`[12].orders[0].total`).
 */
export function corrupt(records, rate = CORRUPT_RATE, seed = 777, corruptions = CORRUPTIONS) {
  const rng = prng(seed);
  const data = asJson(records);
  const n = Math.round(records.length * rate);
  const chosen = new Set();
  while (chosen.size < n) chosen.add(Math.floor(rng() * records.length));
  const paths = [];
  let next = 0;
  for (const i of [...chosen].sort((a, b) => a - b)) {
    if (next % 25 === 24) {
      data[i] = null; // the record itself
      paths.push(formatPath([i]));
      next++;
      continue;
    }
    let path = null;
    for (let tries = 0; path === null && tries < corruptions.length; tries++) {
      path = corruptions[next++ % corruptions.length](data[i]);
    }
    paths.push(formatPath([i, ...path]));
  }
  return { data: asJson(data), paths };
}

/** Path segments as ptcc writes them: `[3].orders[0].items[1].qty`, `$` for the root. */
export function formatPath(segments) {
  let s = "";
  for (const x of segments) s += typeof x === "number" ? `[${x}]` : s === "" ? x : `.${x}`;
  return s === "" ? "$" : s;
}

/** An Ajv error's path: instancePath (a JSON Pointer), plus the missing property. */
function ajvPath(e) {
  const segs = e.instancePath === "" ? [] : e.instancePath.slice(1).split("/");
  const out = segs.map((s) => (/^\d+$/.test(s) ? Number(s) : s.replace(/~1/g, "/").replace(/~0/g, "~")));
  if (e.keyword === "required") out.push(e.params.missingProperty);
  // A discriminated union's unknown or missing tag is reported at the object; ptcc at the tag.
  if (e.keyword === "discriminator") out.push(e.params.tag);
  return formatPath(out);
}

/** The hand-written Zod equivalent of SIGNATURE. */
function zodSchema(z) {
  return z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      email: z.string().nullable().optional(),
      score: z.number(),
      active: z.boolean(),
      tags: z.array(z.string()),
      address: z.object({ street: z.string(), city: z.string(), zip: z.string() }),
      orders: z.array(
        z.object({
          order_id: z.number().int(),
          total: z.number(),
          items: z.array(z.object({ sku: z.string(), qty: z.number().int() })),
        }),
      ),
    }),
  );
}

// ---------------------------------------------------------------------------------------
// Signatures v2: a list of records with enums, literal unions, a union, refinements and a
// discriminated union.

export const SIGNATURE_V2 =
  "[{id :int[>0], kind :enum[bug feature question], status :enum[open pending closed], priority :int[1..5], " +
  'title :string[1..80], tags [:string][..5], mode "fast"|"slow", assignee :string|:int, ' +
  'event {type "comment", author :string, text :string}|{type "status", from :enum[open pending closed], to :enum[open pending closed]}|{type "label", added [:string]}}]';

const KINDS = ["bug", "feature", "question"];
const STATES = ["open", "pending", "closed"];

/** `n` valid tickets from a fixed seed. */
export function makeTickets(n, seed = 20250102) {
  const rng = prng(seed);
  const pick = (xs) => xs[Math.floor(rng() * xs.length)];
  const out = [];
  for (let i = 0; i < n; i++) {
    const e = rng();
    const event =
      e < 0.4
        ? { type: "comment", author: `user-${Math.floor(rng() * 50)}`, text: `Comment ${i}` }
        : e < 0.7
          ? { type: "status", from: pick(STATES), to: pick(STATES) }
          : { type: "label", added: Array.from({ length: Math.floor(rng() * 3) }, () => pick(TAGS)) };
    out.push({
      id: i + 1,
      kind: pick(KINDS),
      status: pick(STATES),
      priority: 1 + Math.floor(rng() * 5),
      title: `Ticket ${i + 1}: ${pick(CITIES)} ${pick(STREETS)}`,
      tags: Array.from({ length: Math.floor(rng() * 6) }, () => pick(TAGS)),
      mode: rng() < 0.5 ? "fast" : "slow",
      assignee: rng() < 0.5 ? `agent-${Math.floor(rng() * 20)}` : Math.floor(rng() * 1000),
      event,
    });
  }
  return asJson(out);
}

/** One error each, at the path returned (null: does not apply to this record). */
const CORRUPTIONS_V2 = [
  (r) => ((r.id = 0), ["id"]),
  (r) => ((r.kind = "epic"), ["kind"]),
  (r) => ((r.status = "done"), ["status"]),
  (r) => ((r.priority = 9), ["priority"]),
  (r) => ((r.title = ""), ["title"]),
  (r) => ((r.tags = ["a", "b", "c", "d", "e", "f"]), ["tags"]),
  (r) => ((r.mode = "medium"), ["mode"]),
  (r) => ((r.assignee = true), ["assignee"]),
  (r) => ((r.event.type = "reaction"), ["event", "type"]),
  (r) => (r.event.type === "comment" ? (delete r.event.text, ["event", "text"]) : null),
  (r) => (r.event.type === "status" ? ((r.event.to = "later"), ["event", "to"]) : null),
  (r) => (r.event.type === "label" ? ((r.event.added = "x"), ["event", "added"]) : null),
];

/** The hand-written Zod equivalent of SIGNATURE_V2. */
function zodSchemaV2(z) {
  const state = z.enum(STATES);
  return z.array(
    z.object({
      id: z.number().int().gt(0),
      kind: z.enum(KINDS),
      status: state,
      priority: z.number().int().min(1).max(5),
      title: z.string().min(1).max(80),
      tags: z.array(z.string()).max(5),
      mode: z.enum(["fast", "slow"]),
      assignee: z.union([z.string(), z.number().int()]),
      event: z.discriminatedUnion("type", [
        z.object({ type: z.literal("comment"), author: z.string(), text: z.string() }),
        z.object({ type: z.literal("status"), from: state, to: state }),
        z.object({ type: z.literal("label"), added: z.array(z.string()) }),
      ]),
    }),
  );
}

/** The suites: the original records, and the same comparison on signatures v2. */
export const SCENARIOS = {
  records: {
    title: "nested records",
    signature: SIGNATURE,
    make: (n) => makeRecords(n),
    corruptions: CORRUPTIONS,
    zod: (z) => zodSchema(z),
  },
  v2: {
    title: "tickets with enums, literal unions, a union, refinements and a discriminated union",
    signature: SIGNATURE_V2,
    make: (n) => makeTickets(n),
    corruptions: CORRUPTIONS_V2,
    zod: (z) => zodSchemaV2(z),
  },
};

/**
 * The validators, each `{ name, what, run(data), paths(result) }`: `run` is what is timed
 * (one validation of the whole list); `paths` lists the error paths of its result.
 */
export async function makeValidators(lib, scenario = SCENARIOS.records) {
  const SIG = scenario.signature;
  const require = createRequire(import.meta.url);
  const version = (pkg) => require(`${pkg}/package.json`).version;
  const $v = await import("../dist/runtime/index.js");
  const signatureToJsonSchema =
    lib.signatureToJsonSchema ?? (await import("../dist/signature/json-schema.js")).signatureToJsonSchema;
  const setup = {};

  let t0 = performance.now();
  const ts = lib.compileValidator(SIG, { part: "output", exported: false, name: "check" });
  const js = transformSync(ts, { loader: "ts" }).code;
  const check = new Function("$v", js + "\nreturn check;")($v);
  setup.ptcc = performance.now() - t0;

  const sig = lib.parseSignature(SIG);
  const Ajv2020 = (await import("ajv/dist/2020.js")).default;
  t0 = performance.now();
  // discriminator: true lets Ajv dispatch a discriminated union on its tag (oneOf otherwise).
  const ajvValidate = new Ajv2020({ allErrors: true, strict: false, discriminator: true }).compile(
    signatureToJsonSchema(sig).output,
  );
  setup.ajv = performance.now() - t0;

  const { z } = await import("zod");
  t0 = performance.now();
  const zod = scenario.zod(z);
  setup.zod = performance.now() - t0;

  const ptccPaths = (r) => r.errors.map((e) => e.path);
  return {
    setup,
    source: { ts: ts.length, lines: ts.split("\n").length },
    validators: [
      {
        name: "ptcc",
        what: `generated validator (compileValidator → esbuild → new Function), mode enabled`,
        run: (data) => check(data),
        paths: ptccPaths,
      },
      {
        name: "ptcc interp",
        what: "validate(sig, value): the interpreter, which walks the type (for scale)",
        run: (data) => lib.validate(sig, data),
        paths: ptccPaths,
      },
      {
        name: "ajv",
        what: `Ajv ${version("ajv")} draft 2020-12, allErrors, from signatureToJsonSchema(sig).output`,
        // The errors of a run are on the function until the next run.
        run: (data) => (ajvValidate(data) ? [] : ajvValidate.errors),
        // A union's members' own errors come with its anyOf error: one failure, one path.
        paths: (errors) => errors.filter((e) => !/\/anyOf\/\d+\//.test(e.schemaPath)).map(ajvPath),
      },
      {
        name: "zod",
        what: `Zod ${version("zod")} hand-written schema, safeParse`,
        run: (data) => zod.safeParse(data),
        paths: (r) => (r.success ? [] : r.error.issues.map((i) => formatPath(i.path))),
      },
    ],
  };
}

/** Warm-up per validator and variant, interleaved samples, and the length of one sample. */
const SAMPLING = {
  full: { warmupMs: 1000, samples: 41, sampleMs: 10 },
  quick: { warmupMs: 0, samples: 5, sampleMs: 2 },
};
/** Where each timed run's result goes, so that no run can be optimised away. */
let sink;

const fmt = (ms) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms >= 1 ? ms.toFixed(2) : ms.toFixed(3));
const fx = (r) => (r >= 10 ? r.toFixed(1) : r.toFixed(2)) + "×";
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);

/** Same multiset of paths? Returns what is missing and what is extra. */
function comparePaths(got, expected) {
  const count = new Map();
  for (const p of expected) count.set(p, (count.get(p) ?? 0) + 1);
  const extra = [];
  for (const p of got) {
    const c = count.get(p) ?? 0;
    if (c > 0) count.set(p, c - 1);
    else extra.push(p);
  }
  const missing = [...count].flatMap(([p, c]) => Array(c).fill(p));
  return { missing, extra };
}

/**
 * Run the suite and print its table; `line` prints one line. Returns `{ report, failed }`
 * (failed: a validator missed a corrupted path, reported one that is not, or flagged the
 * valid data).
 */
export async function runValidatorSuite({
  quick = false,
  line = (s = "") => process.stdout.write(s + "\n"),
  scenario = SCENARIOS.records,
} = {}) {
  const lib = await import("../dist/index.js");
  const { setup, source, validators } = await makeValidators(lib, scenario);
  const valid = scenario.make(RECORDS);
  const { data: invalid, paths: expected } = corrupt(valid, CORRUPT_RATE, 777, scenario.corruptions);
  const variants = { valid, invalid };
  let failed = false;

  // Correctness first: every corrupted path, nothing else; nothing on the valid data.
  const found = {};
  for (const v of validators) {
    const onValid = v.paths(v.run(valid));
    const onInvalid = v.paths(v.run(invalid));
    const { missing, extra } = comparePaths(onInvalid, expected);
    const ok = onValid.length === 0 && missing.length === 0 && extra.length === 0;
    found[v.name] = { errors: onInvalid.length, validErrors: onValid.length, ok, missing, extra };
    if (!ok) failed = true;
  }

  // Timings. Each validator warms up on each variant, then the samples interleave: every
  // sample times a batch (~10 ms) of each validator on each variant in turn, the order
  // rotating, so that a change of load or a GC falls on all of them alike.
  const T = SAMPLING[quick ? "quick" : "full"];
  const times = Object.fromEntries(validators.map((v) => [v.name, { valid: [], invalid: [] }]));
  const batch = {};
  for (const v of validators) {
    for (const variant of ["valid", "invalid"]) {
      const m = await measure(() => v.run(variants[variant]), { warmup: 5, warmupMs: T.warmupMs, runs: 1, minRuns: 1 });
      batch[`${v.name}/${variant}`] = Math.max(1, Math.round(T.sampleMs / Math.max(m.median, 1e-3)));
    }
  }
  for (let s = 0; s < T.samples; s++) {
    for (const variant of ["valid", "invalid"]) {
      const data = variants[variant];
      for (let k = 0; k < validators.length; k++) {
        const v = validators[(k + s) % validators.length];
        const n = batch[`${v.name}/${variant}`];
        const t0 = performance.now();
        for (let b = 0; b < n; b++) sink = v.run(data);
        times[v.name][variant].push((performance.now() - t0) / n);
      }
    }
  }
  const rows = validators.map((v) => {
    const t = times[v.name];
    return {
      name: v.name,
      what: v.what,
      valid: median(t.valid),
      invalid: median(t.invalid),
      validMin: Math.min(...t.valid),
      invalidMin: Math.min(...t.invalid),
      ...found[v.name],
      times: t,
    };
  });
  const by = Object.fromEntries(rows.map((r) => [r.name, r]));
  const ratios = {
    ptccAjv: { valid: by.ptcc.valid / by.ajv.valid, invalid: by.ptcc.invalid / by.ajv.invalid },
    zodPtcc: { valid: by.zod.valid / by.ptcc.valid, invalid: by.zod.invalid / by.ptcc.invalid },
    ptccAjvMin: { valid: by.ptcc.validMin / by.ajv.validMin, invalid: by.ptcc.invalidMin / by.ajv.invalidMin },
    zodPtccMin: { valid: by.zod.validMin / by.ptcc.validMin, invalid: by.zod.invalidMin / by.ptcc.invalidMin },
  };

  const kb = Math.round(JSON.stringify(valid).length / 1024);
  const W = [14, 10, 10, 9];
  line(
    `Validators: a list of ${RECORDS.toLocaleString("en")} ${scenario.title} (${kb} KB as JSON), valid and with ` +
      `${expected.length} corrupted (median ms per validation of the whole list; ${T.samples} interleaved samples of ~${T.sampleMs} ms each)`,
  );
  line(`  signature ${scenario.signature}`);
  line(`  ${pad("validator", W[0])}${lpad("valid", W[1])}${lpad("invalid", W[2])}${lpad("errors", W[3])}   what`);
  for (const r of rows) {
    const errs = r.ok ? String(r.errors) : `${r.errors}!`;
    line(
      `  ${pad(r.name, W[0])}${lpad(fmt(r.valid), W[1])}${lpad(fmt(r.invalid), W[2])}${lpad(errs, W[3])}   ${r.what}`,
    );
  }
  line(
    `  ${pad("ptcc/ajv", W[0])}${lpad(fx(ratios.ptccAjv.valid), W[1])}${lpad(fx(ratios.ptccAjv.invalid), W[2])}${lpad("", W[3])}   ` +
      `from min: ${fx(ratios.ptccAjvMin.valid)} ${fx(ratios.ptccAjvMin.invalid)}  (lower is better)`,
  );
  line(
    `  ${pad("zod/ptcc", W[0])}${lpad(fx(ratios.zodPtcc.valid), W[1])}${lpad(fx(ratios.zodPtcc.invalid), W[2])}${lpad("", W[3])}   ` +
      `from min: ${fx(ratios.zodPtccMin.valid)} ${fx(ratios.zodPtccMin.invalid)}  (higher is better)`,
  );
  line(
    `  setup (not timed above): ptcc compile + esbuild ${fmt(setup.ptcc)} ms (${source.lines} lines of TypeScript), ` +
      `Ajv compile ${fmt(setup.ajv)} ms, Zod schema ${fmt(setup.zod)} ms`,
  );
  for (const r of rows) {
    if (r.ok) continue;
    line(
      `  WRONG ${r.name}: ${r.validErrors} error(s) on the valid data; on the invalid data ` +
        `missed ${r.missing.length} [${r.missing.slice(0, 5).join(", ")}], extra ${r.extra.length} [${r.extra.slice(0, 5).join(", ")}]`,
    );
  }
  const wrong = rows.filter((r) => !r.ok).map((r) => r.name);
  const targets = [
    {
      what: "generated validator no slower than Ajv on valid data",
      got: `ptcc/ajv ${fx(ratios.ptccAjv.valid)}`,
      pass: ratios.ptccAjv.valid <= 1.0,
    },
    {
      what: "generated validator ≥ 5× faster than Zod on valid data",
      got: `zod/ptcc ${fx(ratios.zodPtcc.valid)}`,
      pass: ratios.zodPtcc.valid >= 5,
    },
    {
      what: "every corrupted path reported, nothing on valid data",
      got: wrong.length ? `wrong: ${wrong.join(", ")}` : `${expected.length} paths by each of ${rows.length}`,
      pass: wrong.length === 0,
    },
  ];
  line("  Targets");
  for (const x of targets) line(`    ${x.pass ? "PASS" : "MISS"}  ${pad(x.what, 52)} ${x.got}`);
  line();
  return {
    failed,
    report: {
      signature: scenario.signature,
      records: RECORDS,
      corrupted: expected.length,
      expectedPaths: expected,
      setupMs: setup,
      rows: rows.map(({ missing, extra, ...r }) => ({ ...r, missing: missing.length, extra: extra.length })),
      ratios,
      targets,
    },
  };
}

// Alone: node bench/validators.mjs [--quick]
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const quick = process.argv.includes("--quick");
  let failed = false;
  for (const scenario of Object.values(SCENARIOS))
    failed = (await runValidatorSuite({ quick, scenario })).failed || failed;
  if (failed) {
    process.stdout.write("FAILED: a validator missed a corrupted path or flagged valid data (see above)\n");
    process.exit(1);
  }
}
