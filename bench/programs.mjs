// The benchmark programs, their input data and their hand-written JavaScript versions.
//
// Shared by bench/run.mjs (ptcc, in-process), bench/nbb-runner.mjs and bench/js-runner.mjs
// (each in its own child process). Every process generates the same data from the same
// seed, so nothing big crosses a process boundary.
//
// Each program is written once as Clojure text with `D("name")` where it reads input data:
// ptcc reads it as `data/name` (the session context), nbb as a var `name` defined during
// setup with (js->clj ... :keywordize-keys true). The rest of the text is identical, which
// is the point: PTC-Lisp is a Clojure subset.

/** Sizes of the full run and of `--quick`. */
export function sizes(quick) {
  return quick
    ? { records: 1_000, loop: 100_000, textWords: 6_000, items: 10_000, forN: 100, rows: 10_000, csvKB: 100 }
    : { records: 10_000, loop: 1_000_000, textWords: 50_000, items: 100_000, forN: 300, rows: 100_000, csvKB: 1_024 };
}

/** mulberry32: a small, fast, seeded PRNG returning floats in [0, 1). */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TAGS = ["sale", "new", "eco", "gift", "bulk", "promo", "limited", "refurb"];
const COUNTRIES = ["DE", "FR", "US", "JP", "BR", "IN", "NL", "SE"];
const SYLLABLES = [
  "pre",
  "ka",
  "lo",
  "mi",
  "ter",
  "on",
  "sta",
  "vu",
  "ri",
  "del",
  "qua",
  "ne",
  "to",
  "bar",
  "ix",
  "um",
];

/** The input data: a plain JSON object (what a host would pass as the session context). */
export function makeData(sz) {
  const rng = prng(20240611);
  const records = [];
  for (let i = 0; i < sz.records; i++) {
    const ntags = Math.floor(rng() * 4);
    const tags = [];
    for (let t = 0; t < ntags; t++) tags.push(TAGS[Math.floor(rng() * TAGS.length)]);
    records.push({
      id: i + 1,
      name: `item-${i + 1}`,
      category: `cat-${String(Math.floor(rng() * 20)).padStart(2, "0")}`,
      price: Math.round(rng() * 100_000) / 100, // a float with two decimals (some are whole)
      qty: 1 + Math.floor(rng() * 50),
      active: rng() < 0.8,
      tags,
      supplier: { country: COUNTRIES[Math.floor(rng() * COUNTRIES.length)], rating: Math.floor(rng() * 5) + 1 },
    });
  }

  // A text of `textWords` words from a vocabulary of made-up words: some capitalised, some
  // followed by "," or ".", lines of about a dozen words. Starts and ends with a word.
  const vocab = [];
  for (let i = 0; i < 800; i++) {
    const n = 1 + Math.floor(rng() * 4);
    let w = "";
    for (let s = 0; s < n; s++) w += SYLLABLES[Math.floor(rng() * SYLLABLES.length)];
    vocab.push(w);
  }
  const parts = [];
  for (let i = 0; i < sz.textWords; i++) {
    let w = vocab[Math.floor(rng() * rng() * vocab.length)];
    if (rng() < 0.1) w = w[0].toUpperCase() + w.slice(1);
    const p = rng();
    if (p < 0.08) w += ",";
    else if (p < 0.12) w += ".";
    parts.push(w);
    if (i < sz.textWords - 1) parts.push(rng() < 0.08 ? "\n" : " ");
  }
  const text = parts.join("");

  // Items for `frequencies`: skewed draws from about 2,000 distinct SKUs.
  const items = [];
  for (let i = 0; i < sz.items; i++) items.push(`sku-${Math.floor(rng() * rng() * 2000)}`);

  // The core-library suite: 100,000 small rows and numbers, and about 1 MB of CSV-like text.
  const rows = [];
  const nums = [];
  for (let i = 0; i < sz.rows; i++) {
    rows.push({ id: i, group: `g${Math.floor(rng() * 50)}`, score: Math.floor(rng() * 1_000_000) });
    nums.push(Math.floor(rng() * 1000));
  }
  const cells = [];
  let csvLength = 0;
  while (csvLength < sz.csvKB * 1024) {
    const cell = SYLLABLES[Math.floor(rng() * SYLLABLES.length)] + Math.floor(rng() * 100);
    cells.push(cell);
    csvLength += cell.length + 1;
  }
  const csv = cells.join(",");

  return { records, text, items, rows, nums, csv };
}

/** The data keys each engine must have defined before the programs run. */
export const DATA_KEYS = ["records", "text", "items", "rows", "nums", "csv"];

/**
 * The programs. `clj(D)` returns the Clojure text with data reads written by D;
 * `js(data)` is the hand-written JavaScript, returning plain arrays/numbers/strings.
 */
export function programs(sz) {
  return [
    ...corePrograms(sz).map((p) => ({ ...p, suite: "core" })),
    ...libraryPrograms(sz).map((p) => ({ ...p, suite: "library" })),
  ];
}

/** The core library suite: collection-heavy builtins over 100,000 items, and split/join over 1 MB. */
function libraryPrograms(sz) {
  return [
    {
      name: "sort-by",
      desc: `sort-by over ${sz.rows.toLocaleString("en")} rows`,
      clj: (D) => `(->> ${D("rows")} (sort-by :score) (take 5) (mapv :id))`,
      js: ({ rows }) =>
        [...rows]
          .sort((a, b) => a.score - b.score)
          .slice(0, 5)
          .map((r) => r.id),
    },
    {
      name: "group-by",
      desc: `group-by over ${sz.rows.toLocaleString("en")} rows, then counts`,
      clj: (D) =>
        `(->> ${D("rows")} (group-by :group) (map (fn [[g rs]] [g (count rs)])) (sort-by first) (take 3) (vec))`,
      js: ({ rows }) => {
        const g = new Map();
        for (const r of rows) {
          let a = g.get(r.group);
          if (a === undefined) g.set(r.group, (a = []));
          a.push(r);
        }
        return [...g]
          .map(([k, v]) => [k, v.length])
          .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
          .slice(0, 3);
      },
    },
    {
      name: "freq-ints",
      desc: `frequencies over ${sz.rows.toLocaleString("en")} integers`,
      clj: (D) => `(let [f (frequencies (map #(mod % 97) ${D("nums")}))] [(count f) (get f 0) (get f 96)])`,
      js: ({ nums }) => {
        const f = new Map();
        for (const n of nums) {
          const k = n % 97;
          f.set(k, (f.get(k) ?? 0) + 1);
        }
        return [f.size, f.get(0), f.get(96)];
      },
    },
    {
      name: "reduce",
      desc: `reduce over ${sz.rows.toLocaleString("en")} numbers`,
      clj: (D) => `(reduce (fn [acc x] (+ acc (* x x))) 0 ${D("nums")})`,
      js: ({ nums }) => {
        let acc = 0;
        for (const x of nums) acc += x * x;
        return acc;
      },
    },
    {
      name: "split-join",
      desc: `split and join a ${sz.csvKB.toLocaleString("en")}-KB text`,
      clj: (D) =>
        `(let [cells (clojure.string/split ${D("csv")} #",")] [(count cells) (count (clojure.string/join ";" (map clojure.string/upper-case cells)))])`,
      js: ({ csv }) => {
        const cells = csv.split(",");
        return [cells.length, cells.map((c) => c.toUpperCase()).join(";").length];
      },
    },
  ];
}

/** The language-core suite (issue 2): five programs. */
function corePrograms(sz) {
  return [
    {
      name: "pipeline",
      desc: `filter/map/group-by/sort-by over ${sz.records.toLocaleString("en")} records`,
      clj: (D) => `
(->> ${D("records")}
     (filter (fn [r] (and (:active r)
                          (>= (:qty r) 5)
                          (>= (get-in r [:supplier :rating]) 2))))
     (map (fn [r] {:category (:category r)
                   :total (* (:price r) (:qty r))
                   :sale (some #(= % "sale") (:tags r))}))
     (group-by :category)
     (map (fn [[cat rows]]
            [cat (count rows) (count (filter :sale rows)) (reduce + (map :total rows))]))
     (sort-by (fn [row] (- (nth row 3))))
     (take 8)
     (vec))`,
      js: ({ records }) => {
        const groups = new Map();
        for (const r of records) {
          if (!(r.active && r.qty >= 5 && r.supplier.rating >= 2)) continue;
          let g = groups.get(r.category);
          if (g === undefined) {
            g = [r.category, 0, 0, 0];
            groups.set(r.category, g);
          }
          g[1]++;
          if (r.tags.includes("sale")) g[2]++;
          g[3] += r.price * r.qty;
        }
        return [...groups.values()].sort((a, b) => b[3] - a[3]).slice(0, 8);
      },
    },
    {
      name: "loop-recur",
      desc: `${sz.loop.toLocaleString("en")} iterations of integer arithmetic`,
      clj: () => `
(loop [i 0 acc 0]
  (if (< i ${sz.loop})
    (recur (inc i)
           (if (even? i)
             (mod (+ (* acc 31) (rem (* i i) 1000003)) 1000000007)
             (mod (- acc (quot i 3)) 1000000007)))
    acc))`,
      js: () => {
        const n = sz.loop;
        let acc = 0;
        for (let i = 0; i < n; i++) {
          if (i % 2 === 0) acc = (acc * 31 + ((i * i) % 1000003)) % 1000000007;
          else acc = (((acc - Math.trunc(i / 3)) % 1000000007) + 1000000007) % 1000000007;
        }
        return acc;
      },
    },
    {
      name: "strings",
      desc: "split/clean/upper-case/filter/join a text",
      clj: (D) => `
(let [words (clojure.string/split ${D("text")} #"\\s+")
      cleaned (->> words
                   (map clojure.string/lower-case)
                   (map (fn [w] (if (or (clojure.string/ends-with? w ",")
                                        (clojure.string/ends-with? w "."))
                                  (subs w 0 (dec (count w)))
                                  w)))
                   (filter #(> (count %) 3))
                   (map clojure.string/upper-case))
      joined (clojure.string/join " " cleaned)]
  [(count words)
   (count cleaned)
   (count (distinct cleaned))
   (count joined)
   (count (filter #(clojure.string/starts-with? % "PRE") cleaned))
   (subs joined 0 40)])`,
      js: ({ text }) => {
        const words = text.split(/\s+/);
        const cleaned = [];
        for (const w0 of words) {
          let w = w0.toLowerCase();
          if (w.endsWith(",") || w.endsWith(".")) w = w.slice(0, -1);
          if (w.length > 3) cleaned.push(w.toUpperCase());
        }
        const joined = cleaned.join(" ");
        let pre = 0;
        for (const w of cleaned) if (w.startsWith("PRE")) pre++;
        return [words.length, cleaned.length, new Set(cleaned).size, joined.length, pre, joined.slice(0, 40)];
      },
    },
    {
      name: "frequencies",
      desc: `frequencies over ${sz.items.toLocaleString("en")} strings, top 5`,
      clj: (D) => `
(let [f (frequencies ${D("items")})]
  [(count f)
   (->> f
        (sort-by (fn [[k v]] [(- v) k]))
        (take 5)
        (vec))])`,
      js: ({ items }) => {
        const f = new Map();
        for (const it of items) f.set(it, (f.get(it) ?? 0) + 1);
        const top = [...f].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).slice(0, 5);
        return [f.size, top];
      },
    },
    {
      name: "nested-for",
      desc: `(for [x ${sz.forN} y ${sz.forN} :when ...]) counted and summed`,
      clj: () => `
(let [ps (for [x (range ${sz.forN})
               y (range ${sz.forN})
               :when (zero? (rem (+ (* x x) y) 7))]
           [x y])]
  [(count ps) (reduce + (map (fn [[x y]] (* x y)) ps))])`,
      js: () => {
        const n = sz.forN;
        let count = 0;
        let sum = 0;
        for (let x = 0; x < n; x++) {
          for (let y = 0; y < n; y++) {
            if ((x * x + y) % 7 === 0) {
              count++;
              sum += x * y;
            }
          }
        }
        return [count, sum];
      },
    },
  ];
}

/** Fill in the text size in the description once the data exists. */
export function describe(p, data) {
  return p.name === "strings"
    ? `split/clean/upper-case/filter/join a ${Math.round(data.text.length / 1024)}-KB text`
    : p.desc;
}

/** The Clojure text as ptcc runs it. */
export const ptcSource = (p) => p.clj((k) => `data/${k}`);
/** The Clojure text as nbb runs it (printed with pr-str, as ptcc prints its result). */
export const nbbSource = (p) => `(pr-str ${p.clj((k) => k)})`;
/** nbb's setup: the JSON data (on globalThis.__benchData) as Clojure data with keyword keys. */
export const nbbSetup = DATA_KEYS.map(
  (k) => `(def ${k} (js->clj (aget js/globalThis.__benchData "${k}") :keywordize-keys true))`,
).join("\n");

/** A JavaScript answer printed as EDN (arrays as vectors), for comparison. */
export function toEdn(v) {
  if (v === null || v === undefined) return "nil";
  if (Array.isArray(v)) return `[${v.map(toEdn).join(" ")}]`;
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v === "object")
    return `{${Object.entries(v)
      .map(([k, x]) => `:${k} ${toEdn(x)}`)
      .join(", ")}}`;
  return String(v);
}

/**
 * Normalise a printed answer so that the three engines' prints compare: lists and vectors
 * both print as [..], commas are whitespace, and numbers are re-printed the JavaScript way
 * (ptcc prints floats as 3.0 and 1.0E21; nbb and JS as 3 and 1e+21). Strings are untouched.
 */
export function normalize(printed) {
  const out = [];
  const re = /"(?:[^"\\]|\\.)*"|[()[\]{}]|[\s,]+|[^\s,()[\]{}"]+/gy;
  let m;
  while ((m = re.exec(printed)) !== null) {
    const t = m[0];
    if (/^[\s,]+$/.test(t)) continue;
    if (t === "(") out.push("[");
    else if (t === ")") out.push("]");
    else if (/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(t)) out.push(String(Number(t)));
    else out.push(t);
  }
  return out.join(" ");
}

/**
 * Time `run` (sync or async): warm up (at least `warmup` runs and `warmupMs`), calibrate a
 * batch size so one sample takes at least `minSampleMs`, then take samples until `runs` samples or `budgetMs` has passed (at least
 * `minRuns`). Returns per-run times in ms (sample time / batch size) and their median.
 */
export async function measure(
  run,
  { warmup = 3, warmupMs = 0, runs = 15, minRuns = 5, budgetMs = 4000, minSampleMs = 2 } = {},
) {
  let last;
  const wt = [];
  const warmStart = performance.now();
  for (let i = 0; i < warmup || performance.now() - warmStart < warmupMs; i++) {
    const t0 = performance.now();
    const r = run();
    last = r instanceof Promise ? await r : r;
    wt.push(performance.now() - t0);
  }
  const per = Math.max(median(wt), 1e-3);
  const batch = Math.max(1, Math.ceil(minSampleMs / per));
  const times = [];
  const started = performance.now();
  while (times.length < runs && (times.length < minRuns || performance.now() - started < budgetMs)) {
    const t0 = performance.now();
    for (let b = 0; b < batch; b++) {
      const r = run();
      last = r instanceof Promise ? await r : r;
    }
    times.push((performance.now() - t0) / batch);
  }
  return { median: median(times), min: Math.min(...times), times, batch, last };
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  if (n === 0) return NaN;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

/**
 * Timing settings of the full run and of `--quick`. The timed runs are split over `rounds`
 * rounds (ptcc, then the nbb process, then the JS process, again and again), so that a
 * change of load on the machine during the bench falls on all three engines alike.
 */
export function timing(quick) {
  return quick
    ? { rounds: 1, warmup: 1, warmupMs: 0, runs: 3, minRuns: 3, budgetMs: 500 }
    : { rounds: 3, warmup: 5, warmupMs: 1000, runs: 21, minRuns: 9, budgetMs: 6000 };
}

/** The settings of one round (`first`: the first in its process, which warms up fully). */
export function roundTiming(t, first) {
  return {
    warmup: first ? t.warmup : 2,
    warmupMs: first ? t.warmupMs : Math.min(t.warmupMs, 200),
    runs: Math.ceil(t.runs / t.rounds),
    minRuns: Math.ceil(t.minRuns / t.rounds),
    budgetMs: t.budgetMs / t.rounds,
  };
}

/** The options a runner process gets: `--quick`, `--only a,b`, `--timing JSON`. */
export function runnerArgs(argv) {
  const quick = argv.includes("--quick");
  const at = (name) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const only = at("--only") ? new Set(at("--only").split(",")) : null;
  const t = at("--timing") ? JSON.parse(at("--timing")) : roundTiming({ ...timing(quick), rounds: 1 }, true);
  return { quick, only, timing: t };
}
