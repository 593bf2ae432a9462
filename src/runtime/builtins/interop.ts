/**
 * The small Java-interop surface LLMs write from habit: `(java.util.Date.)`, `(.getTime d)`,
 * `(System/currentTimeMillis)`, `(LocalDate/parse s)`, String methods (`(.indexOf s x)`,
 * `(.toUpperCase s)`...), `Integer/parseInt` and friends, and the `Double/...` constants.
 * The analyzer resolves `(.method x)` to `ptc.interop/.method`, `(Class. x)` to
 * `ptc.interop/Class.`, `(Class/method x)` to `ptc.interop/Class.method` (for `Math`,
 * falling back to the core function of the same name) and `Class/CONSTANT` to
 * INTEROP_CONSTANTS.
 *
 * Dates are values of their own (HostObject): `java.util.Date` (milliseconds since the
 * epoch, UTC) and `java.time.LocalDate` (days since the epoch). They compare, hash and
 * print through the methods of HostObject.
 */
import type { Cx } from "../context.js";
import { compareValues } from "../compare.js";
import { equiv } from "../equality.js";
import { runtimeError, typeError } from "../errors.js";
import { PMap } from "../map.js";
import { strOf } from "../printer.js";
import { compileRegex, isJavaWhitespace, regexMatches } from "../regex.js";
import { asArray, count, isSequential } from "../seq.js";
import { PSet } from "../set.js";
import { HostObject } from "../host-object.js";
import { Char, char, float, isInt, PtcFloat, PtcObject, type Value } from "../values.js";
import { vec } from "../vector.js";
import { get } from "./collections.js";
import { parseJavaDouble, parseJavaLong } from "./parsing.js";
import type { BuiltinSpec } from "./registry.js";
import { format, javaIndexOf, javaLastIndexOf, javaSplit, replaceImpl, strArg } from "./strings.js";

// ---------------------------------------------------------------------------------------
// Calendar arithmetic (proleptic Gregorian, as java.time; days since 1970-01-01)

/** Days since the epoch of a civil date (Howard Hinnant's algorithm). */
export function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The civil date of a day number. */
export function civilFromDays(z0: number): [number, number, number] {
  const z = z0 + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp + (mp < 10 ? 3 : -9);
  return [era * 400 + yoe + (m <= 2 ? 1 : 0), m, d];
}

function isLeap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

function monthLength(y: number, m: number): number {
  return m === 2 ? (isLeap(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31;
}

const DAY_MS = 86_400_000;
const WEEKDAYS = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
const WEEKDAY_NAMES = ["THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY", "MONDAY", "TUESDAY", "WEDNESDAY"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function p2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

function yearText(y: number): string {
  if (y >= 0 && y <= 9999) return String(y).padStart(4, "0");
  return (y < 0 ? "-" : "+") + String(Math.abs(y)).padStart(4, "0");
}

/** Milliseconds of the day and day number of an epoch-millisecond instant. */
function split(ms: number): { day: number; msOfDay: number } {
  const day = Math.floor(ms / DAY_MS);
  return { day, msOfDay: ms - day * DAY_MS };
}

function isoInstant(ms: number): { date: string; time: string } {
  const { day, msOfDay } = split(ms);
  const [y, m, d] = civilFromDays(day);
  const h = Math.floor(msOfDay / 3_600_000);
  const mi = Math.floor(msOfDay / 60_000) % 60;
  const s = Math.floor(msOfDay / 1000) % 60;
  const milli = msOfDay % 1000;
  return {
    date: `${yearText(y)}-${p2(m)}-${p2(d)}`,
    time: `${p2(h)}:${p2(mi)}:${p2(s)}.${String(milli).padStart(3, "0")}`,
  };
}

/** Java's Date.hashCode: `(int) t ^ (int) (t >> 32)`. */
function longHash(t: number): number {
  const lo = Number(BigInt.asIntN(32, BigInt(t)));
  const hi = Math.floor(t / 4294967296) | 0;
  return (lo ^ hi) | 0;
}

// ---------------------------------------------------------------------------------------
// java.util.Date

/** `java.util.Date`: an instant, in milliseconds since 1970-01-01T00:00:00Z. */
export class PtcDate extends HostObject {
  readonly className = "java.util.Date";
  readonly typeName = "date";
  constructor(readonly ms: number) {
    super();
  }
  /** `#inst "2024-01-02T03:04:05.000-00:00"`, as Clojure prints a java.util.Date. */
  pr(): string {
    const { date, time } = isoInstant(this.ms);
    return `#inst "${date}T${time}-00:00"`;
  }
  /** Java's Date.toString in UTC: `Tue Jan 02 03:04:05 UTC 2024`. */
  str(): string {
    const { day, msOfDay } = split(this.ms);
    const [y, m, d] = civilFromDays(day);
    const wd = WEEKDAYS[((day % 7) + 7) % 7]!;
    const h = Math.floor(msOfDay / 3_600_000);
    const mi = Math.floor(msOfDay / 60_000) % 60;
    const s = Math.floor(msOfDay / 1000) % 60;
    return `${wd} ${MONTHS[m - 1]} ${p2(d)} ${p2(h)}:${p2(mi)}:${p2(s)} UTC ${y}`;
  }
  equals(other: PtcObject): boolean {
    return other instanceof PtcDate && other.ms === this.ms;
  }
  hash(): number {
    return longHash(this.ms);
  }
  compareTo(other: PtcObject): number | null {
    return other instanceof PtcDate ? Math.sign(this.ms - other.ms) : null;
  }
  toJson(): string {
    const { date, time } = isoInstant(this.ms);
    return `${date}T${time}Z`;
  }
}

// ---------------------------------------------------------------------------------------
// java.time.LocalDate

/** `java.time.LocalDate`: a calendar date, as days since 1970-01-01. */
export class PtcLocalDate extends HostObject {
  readonly className = "java.time.LocalDate";
  readonly typeName = "local date";
  constructor(readonly epochDay: number) {
    super();
  }
  get ymd(): [number, number, number] {
    return civilFromDays(this.epochDay);
  }
  /** `#object[java.time.LocalDate "2024-01-02"]` (Clojure also shows an identity hash). */
  pr(): string {
    return `#object[java.time.LocalDate "${this.str()}"]`;
  }
  /** ISO-8601: `2024-01-02`. */
  str(): string {
    const [y, m, d] = this.ymd;
    return `${yearText(y)}-${p2(m)}-${p2(d)}`;
  }
  equals(other: PtcObject): boolean {
    return other instanceof PtcLocalDate && other.epochDay === this.epochDay;
  }
  /** Java's LocalDate.hashCode. */
  hash(): number {
    const [y, m, d] = this.ymd;
    return ((y & 0xfffff800) ^ ((y << 11) + (m << 6) + d)) | 0;
  }
  compareTo(other: PtcObject): number | null {
    return other instanceof PtcLocalDate ? Math.sign(this.epochDay - other.epochDay) : null;
  }
  toJson(): string {
    return this.str();
  }
}

// ---------------------------------------------------------------------------------------
// Reading dates

const ISO_DATE = /^([+-]?\d{4,9})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME =
  /^([+-]?\d{4,9})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?$/;
const RFC_2822 =
  /^(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun),?\s+)?(\d{1,2})\s+(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?\s+(\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s+(.+))?$/i;
const JAVA_TO_STRING =
  /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\s+(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\s+(\d{1,2})\s+(\d{1,2}):(\d{2}):(\d{2})(?:\s+([A-Za-z]{1,5}|[+-]\d{4}))?\s+(\d{4})$/i;
const ZONES: Readonly<Record<string, number>> = {
  UT: 0,
  UTC: 0,
  GMT: 0,
  Z: 0,
  EST: -300,
  EDT: -240,
  CST: -360,
  CDT: -300,
  MST: -420,
  MDT: -360,
  PST: -480,
  PDT: -420,
};

function zoneMinutes(z: string | undefined): number | null {
  if (z === undefined) return 0;
  const upper = z.toUpperCase();
  if (upper in ZONES) return ZONES[upper]!;
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(z);
  if (m === null) return null;
  const mins = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === "-" ? -mins : mins;
}

function monthIndex(name: string): number {
  return MONTHS.findIndex((m) => m.toLowerCase() === name.slice(0, 3).toLowerCase()) + 1;
}

/** Validated epoch milliseconds of date-time fields in a zone, or null. */
function instantOf(
  y: number,
  mo: number,
  d: number,
  h: number,
  mi: number,
  s: number,
  milli: number,
  zone: number | null,
): number | null {
  if (zone === null || mo < 1 || mo > 12 || d < 1 || d > monthLength(y, mo) || h > 23 || mi > 59 || s > 60) return null;
  return (
    daysFromCivil(y, mo, d) * DAY_MS + h * 3_600_000 + mi * 60_000 + Math.min(s, 59) * 1000 + milli - zone * 60_000
  );
}

/** Epoch milliseconds of a date string in one of the accepted formats, or null. */
export function parseDateString(text: string): number | null {
  const s = text.trim();
  let m = ISO_DATE.exec(s);
  if (m !== null) return instantOf(Number(m[1]), Number(m[2]), Number(m[3]), 0, 0, 0, 0, 0);
  m = ISO_DATE_TIME.exec(s);
  if (m !== null) {
    const milli = m[7] === undefined ? 0 : Math.floor(Number(`0.${m[7]}`) * 1000 + 1e-9);
    return instantOf(
      Number(m[1]),
      Number(m[2]),
      Number(m[3]),
      Number(m[4]),
      Number(m[5]),
      Number(m[6] ?? 0),
      milli,
      zoneMinutes(m[8]),
    );
  }
  m = RFC_2822.exec(s);
  if (m !== null) {
    return instantOf(
      Number(m[3]),
      monthIndex(m[2]!),
      Number(m[1]),
      Number(m[4]),
      Number(m[5]),
      Number(m[6] ?? 0),
      0,
      zoneMinutes(m[7]?.trim()),
    );
  }
  m = JAVA_TO_STRING.exec(s);
  if (m !== null) {
    return instantOf(
      Number(m[7]),
      monthIndex(m[1]!),
      Number(m[2]),
      Number(m[3]),
      Number(m[4]),
      Number(m[5]),
      0,
      zoneMinutes(m[6]),
    );
  }
  return null;
}

const DATE_FORMATS =
  'accepted: epoch seconds or milliseconds, "2024-01-02", "2024-01-02T03:04:05Z" (ISO-8601, UTC when no offset), "Tue, 02 Jan 2024 03:04:05 GMT" (RFC 2822)';

/** `(java.util.Date. x)`. */
function dateOf(x: Value): PtcDate {
  if (x instanceof PtcDate) return new PtcDate(x.ms);
  if (isInt(x)) {
    // A PTC extension: values below 10^12 are taken as epoch seconds (2001-09-09 in ms).
    return new PtcDate(Math.abs(x) < 1e12 ? x * 1000 : x);
  }
  if (typeof x === "string") {
    const ms = parseDateString(x);
    if (ms === null) throw runtimeError(`Date. cannot read ${JSON.stringify(x)} as a date`, DATE_FORMATS);
    return new PtcDate(ms);
  }
  throw typeError(
    "Date.",
    "epoch milliseconds (an integer) or a date string",
    x,
    x === null ? DATE_FORMATS : undefined,
  );
}

function dateArg(fn: string, v: Value): PtcDate {
  if (v instanceof PtcDate) return v;
  throw typeError(fn, "a date (java.util.Date)", v);
}

function localDateArg(fn: string, v: Value): PtcLocalDate {
  if (v instanceof PtcLocalDate) return v;
  throw typeError(fn, "a LocalDate", v, typeof v === "string" ? "parse it first: (LocalDate/parse s)" : undefined);
}

/** java.time range: years -999999999..999999999. */
const MAX_EPOCH_DAY = 365241780471;

function localDate(fn: string, epochDay: number): PtcLocalDate {
  if (!(Math.abs(epochDay) <= MAX_EPOCH_DAY)) throw runtimeError(`${fn}: the date is out of the supported range`);
  return new PtcLocalDate(epochDay);
}

/** LocalDate.parse: strict ISO `yyyy-MM-dd` (years beyond 9999 need a sign). */
function parseLocalDate(s: string): PtcLocalDate {
  const m = /^([+-]\d{4,9}|\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (m !== null) {
    const y = Number(m[1]);
    const mo = Number(m[2]);
    const d = Number(m[3]);
    if (mo >= 1 && mo <= 12 && d >= 1 && d <= monthLength(y, mo))
      return localDate("LocalDate/parse", daysFromCivil(y, mo, d));
  }
  throw runtimeError(
    `LocalDate/parse cannot read ${JSON.stringify(s)} as a date`,
    'write an ISO date such as "2024-01-31"',
  );
}

function plusMonths(d: PtcLocalDate, months: number): PtcLocalDate {
  const [y, m, day] = d.ymd;
  const total = y * 12 + (m - 1) + months;
  const ny = Math.floor(total / 12);
  const nm = total - ny * 12 + 1;
  return localDate(".plusMonths", daysFromCivil(ny, nm, Math.min(day, monthLength(ny, nm))));
}

// =======================================================================================
// Argument helpers

function longArg(fn: string, v: Value, what = "an integer"): number {
  if (isInt(v)) return v;
  throw typeError(fn, what, v);
}

/** A Java CharSequence argument: a string, or a character as its one-char string. */
function seqArg(fn: string, v: Value): string {
  if (typeof v === "string") return v;
  if (v instanceof Char) return v.c;
  throw typeError(fn, "a string", v);
}

function charArg(fn: string, v: Value): string {
  if (v instanceof Char) return v.c;
  throw typeError(
    fn,
    "a character",
    v,
    typeof v === "string" ? `a string is not a character; use (first s) or \\c` : undefined,
  );
}

function stringIndexError(fn: string, msg: string): never {
  throw runtimeError(`${fn}: ${msg}`, "Java's String methods throw on out-of-range indexes; subs does too");
}

function numberValue(fn: string, v: Value): number {
  if (typeof v === "number") return v;
  if (v instanceof PtcFloat) return v.value;
  throw typeError(fn, "a number", v);
}

/** Java's String.trim: code units up to U+0020. */
function javaTrim(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && s.charCodeAt(a) <= 32) a++;
  while (b > a && s.charCodeAt(b - 1) <= 32) b--;
  return s.slice(a, b);
}

/** Index of x in a sequential collection by `=`, or -1; `last` searches from the end. */
function listIndexOf(cx: Cx, coll: Value, x: Value, last: boolean): number {
  const items = asArray(cx, coll);
  cx.charge(items.length);
  if (last) {
    for (let i = items.length - 1; i >= 0; i--) if (equiv(cx, items[i]!, x)) return i;
  } else {
    for (let i = 0; i < items.length; i++) if (equiv(cx, items[i]!, x)) return i;
  }
  return -1;
}

const CATEGORY_TESTS: Readonly<Record<string, RegExp>> = {
  isLetter: /^\p{L}$/u,
  isDigit: /^\p{Nd}$/u,
  isLetterOrDigit: /^[\p{L}\p{Nd}]$/u,
  isUpperCase: /^\p{Uppercase}$/u,
  isLowerCase: /^\p{Lowercase}$/u,
  isAlphabetic: /^\p{Alphabetic}$/u,
};

function characterPredicate(name: string): BuiltinSpec {
  const re = CATEGORY_TESTS[name];
  return {
    name: `Character.${name}`,
    ns: "ptc.interop",
    arglists: ["[c]"],
    doc: `Java's Character/${name}.`,
    examples: [
      {
        code: `(Character/${name} ${name === "isWhitespace" ? "\\space" : "\\a"})`,
        result: name === "isDigit" || name === "isUpperCase" ? "false" : "true",
      },
    ],
    f1: (_cx, c) => {
      const ch = charArg(`Character/${name}`, c);
      return name === "isWhitespace" ? isJavaWhitespace(ch.charCodeAt(0)) : re!.test(ch);
    },
  };
}

// =======================================================================================
// The builtins

export const INTEROP: BuiltinSpec[] = [
  // -------------------------------------------------------------------------------------
  // Dates and time

  {
    name: "Date.",
    ns: "ptc.interop",
    arglists: ["[]", "[x]"],
    doc: "(java.util.Date.) is now; (java.util.Date. x) is the instant of epoch milliseconds (or seconds, below 10^12) or of a date string.",
    examples: [
      { code: "(.getTime (java.util.Date. 1700000000000))", result: "1700000000000" },
      { code: '(.getTime (java.util.Date. "2024-01-02T00:00:00Z"))', result: "1704153600000" },
      { code: "(java.util.Date. nil)", result: "error: type" },
    ],
    f0: (cx) => new PtcDate(cx.now()),
    f1: (_cx, x) => dateOf(x),
  },
  {
    name: ".getTime",
    ns: "ptc.interop",
    arglists: ["[date]"],
    doc: "Epoch milliseconds of a java.util.Date.",
    examples: [{ code: '(.getTime (java.util.Date. "2024-01-01"))', result: "1704067200000" }],
    f1: (_cx, d) => dateArg(".getTime", d).ms,
  },
  {
    name: ".before",
    ns: "ptc.interop",
    arglists: ["[date other]"],
    doc: "True if date is before other.",
    examples: [{ code: '(.before (java.util.Date. "2024-01-01") (java.util.Date. "2024-06-01"))', result: "true" }],
    f2: (_cx, a, b) => dateArg(".before", a).ms < dateArg(".before", b).ms,
  },
  {
    name: ".after",
    ns: "ptc.interop",
    arglists: ["[date other]"],
    doc: "True if date is after other.",
    examples: [{ code: '(.after (java.util.Date. "2024-01-01") (java.util.Date. "2024-06-01"))', result: "false" }],
    f2: (_cx, a, b) => dateArg(".after", a).ms > dateArg(".after", b).ms,
  },
  {
    name: "inst-ms",
    arglists: ["[inst]"],
    doc: "Epoch milliseconds of a date.",
    examples: [{ code: '(inst-ms (java.util.Date. "1970-01-02"))', result: "86400000" }],
    f1: (_cx, d) => dateArg("inst-ms", d).ms,
  },
  {
    name: "inst?",
    arglists: ["[x]"],
    doc: "True if x is a date (java.util.Date).",
    examples: [{ code: "(inst? (java.util.Date. 0))", result: "true" }],
    f1: (_cx, x) => x instanceof PtcDate,
  },
  {
    name: "System.currentTimeMillis",
    ns: "ptc.interop",
    arglists: ["[]"],
    doc: "The current time in epoch milliseconds.",
    examples: [{ code: "(pos? (System/currentTimeMillis))", result: "true" }],
    f0: (cx) => cx.now(),
  },
  {
    name: "LocalDate.parse",
    ns: "ptc.interop",
    arglists: ["[s]"],
    doc: 'The java.time.LocalDate of an ISO date string ("2024-01-31").',
    examples: [
      { code: '(.toString (LocalDate/parse "2024-01-31"))', result: '"2024-01-31"' },
      { code: '(LocalDate/parse "2024-02-30")', result: "error: runtime" },
    ],
    f1: (_cx, s) => parseLocalDate(strArg("LocalDate/parse", s)),
  },
  {
    name: "LocalDate.now",
    ns: "ptc.interop",
    arglists: ["[]"],
    doc: "Today's date (UTC).",
    examples: [{ code: "(pos? (.toEpochDay (LocalDate/now)))", result: "true" }],
    f0: (cx) => new PtcLocalDate(Math.floor(cx.now() / DAY_MS)),
  },
  {
    name: "LocalDate.of",
    ns: "ptc.interop",
    arglists: ["[year month day]"],
    doc: "The LocalDate of a year, month (1-12) and day.",
    examples: [{ code: "(.toString (LocalDate/of 2024 2 29))", result: '"2024-02-29"' }],
    f3: (_cx, y, m, d) => {
      const yy = longArg("LocalDate/of", y, "an integer year");
      const mm = longArg("LocalDate/of", m, "an integer month");
      const dd = longArg("LocalDate/of", d, "an integer day");
      if (mm < 1 || mm > 12) throw runtimeError(`LocalDate/of: invalid month ${mm} (1-12)`);
      if (Math.abs(yy) > 999_999_999) throw runtimeError(`LocalDate/of: invalid year ${yy}`);
      if (dd < 1 || dd > monthLength(yy, mm)) throw runtimeError(`LocalDate/of: invalid day ${dd} for ${yy}-${p2(mm)}`);
      return localDate("LocalDate/of", daysFromCivil(yy, mm, dd));
    },
  },
  ...(
    [
      ["plusDays", 1, "d"],
      ["minusDays", -1, "d"],
      ["plusWeeks", 7, "d"],
      ["minusWeeks", -7, "d"],
      ["plusMonths", 1, "m"],
      ["minusMonths", -1, "m"],
      ["plusYears", 12, "m"],
      ["minusYears", -12, "m"],
    ] as const
  ).map(([name, factor, unit]): BuiltinSpec => ({
    name: `.${name}`,
    ns: "ptc.interop",
    arglists: ["[date n]"],
    doc: `The LocalDate ${name.startsWith("plus") ? "after" : "before"} date by n ${name.slice(name.startsWith("plus") ? 4 : 5).toLowerCase()}.`,
    examples: [
      {
        code: `(.toString (.${name} (LocalDate/parse "2024-01-31") 1))`,
        result: JSON.stringify(
          (
            {
              plusDays: "2024-02-01",
              minusDays: "2024-01-30",
              plusWeeks: "2024-02-07",
              minusWeeks: "2024-01-24",
              plusMonths: "2024-02-29",
              minusMonths: "2023-12-31",
              plusYears: "2025-01-31",
              minusYears: "2023-01-31",
            } as const
          )[name],
        ),
      },
    ],
    f2: (_cx, d, n) => {
      const date = localDateArg(`.${name}`, d);
      const k = longArg(`.${name}`, n) * factor;
      return unit === "d" ? localDate(`.${name}`, date.epochDay + k) : plusMonths(date, k);
    },
  })),
  {
    name: ".toEpochDay",
    ns: "ptc.interop",
    arglists: ["[date]"],
    doc: "Days since 1970-01-01 of a LocalDate.",
    examples: [{ code: '(.toEpochDay (LocalDate/parse "1970-01-11"))', result: "10" }],
    f1: (_cx, d) => localDateArg(".toEpochDay", d).epochDay,
  },
  {
    name: ".getYear",
    ns: "ptc.interop",
    arglists: ["[date]"],
    doc: "The year of a LocalDate.",
    examples: [{ code: '(.getYear (LocalDate/parse "2024-03-15"))', result: "2024" }],
    f1: (_cx, d) => localDateArg(".getYear", d).ymd[0],
  },
  {
    name: ".getMonthValue",
    ns: "ptc.interop",
    arglists: ["[date]"],
    doc: "The month (1-12) of a LocalDate.",
    examples: [{ code: '(.getMonthValue (LocalDate/parse "2024-03-15"))', result: "3" }],
    f1: (_cx, d) => localDateArg(".getMonthValue", d).ymd[1],
  },
  {
    name: ".getDayOfMonth",
    ns: "ptc.interop",
    arglists: ["[date]"],
    doc: "The day of the month of a LocalDate.",
    examples: [{ code: '(.getDayOfMonth (LocalDate/parse "2024-03-15"))', result: "15" }],
    f1: (_cx, d) => localDateArg(".getDayOfMonth", d).ymd[2],
  },
  {
    name: ".getDayOfWeek",
    ns: "ptc.interop",
    arglists: ["[date]"],
    doc: 'The day of the week of a LocalDate, as its Java name ("MONDAY").',
    examples: [{ code: '(.getDayOfWeek (LocalDate/parse "2024-03-15"))', result: '"FRIDAY"' }],
    f1: (_cx, d) => {
      const day = localDateArg(".getDayOfWeek", d).epochDay;
      return WEEKDAY_NAMES[((day % 7) + 7) % 7]!;
    },
  },
  {
    name: ".isLeapYear",
    ns: "ptc.interop",
    arglists: ["[date]"],
    doc: "True if the year of a LocalDate is a leap year.",
    examples: [{ code: '(.isLeapYear (LocalDate/parse "2024-03-15"))', result: "true" }],
    f1: (_cx, d) => isLeap(localDateArg(".isLeapYear", d).ymd[0]),
  },
  {
    name: ".lengthOfMonth",
    ns: "ptc.interop",
    arglists: ["[date]"],
    doc: "The number of days in the month of a LocalDate.",
    examples: [{ code: '(.lengthOfMonth (LocalDate/parse "2023-02-10"))', result: "28" }],
    f1: (_cx, d) => {
      const [y, m] = localDateArg(".lengthOfMonth", d).ymd;
      return monthLength(y, m);
    },
  },
  ...(["isBefore", "isAfter", "isEqual"] as const).map((name): BuiltinSpec => ({
    name: `.${name}`,
    ns: "ptc.interop",
    arglists: ["[date other]"],
    doc: `Java's LocalDate.${name}.`,
    examples: [
      {
        code: `(.${name} (LocalDate/parse "2024-01-01") (LocalDate/parse "2024-01-02"))`,
        result: name === "isBefore" ? "true" : "false",
      },
    ],
    f2: (_cx, a, b) => {
      const d = localDateArg(`.${name}`, a).epochDay - localDateArg(`.${name}`, b).epochDay;
      return name === "isBefore" ? d < 0 : name === "isAfter" ? d > 0 : d === 0;
    },
  })),

  // -------------------------------------------------------------------------------------
  // String methods (Java semantics: -1 for absent, exceptions for bad indexes)

  {
    name: ".length",
    ns: "ptc.interop",
    arglists: ["[s]"],
    doc: "The length of a string in UTF-16 units.",
    examples: [{ code: '(.length "hello")', result: "5" }],
    f1: (_cx, s) => strArg(".length", s).length,
  },
  {
    name: ".isEmpty",
    ns: "ptc.interop",
    arglists: ["[x]"],
    doc: "True if a string or collection is empty.",
    examples: [{ code: '(.isEmpty "")', result: "true" }],
    f1: (cx, x) => {
      if (typeof x === "string") return x.length === 0;
      if (x === null) throw typeError(".isEmpty", "a string or collection", x);
      return count(cx, x) === 0;
    },
  },
  {
    name: ".isBlank",
    ns: "ptc.interop",
    arglists: ["[s]"],
    doc: "True if a string is empty or only whitespace.",
    examples: [{ code: '(.isBlank "  ")', result: "true" }],
    f1: (_cx, sv) => {
      const s = strArg(".isBlank", sv);
      for (let i = 0; i < s.length; i++) if (!isJavaWhitespace(s.charCodeAt(i))) return false;
      return true;
    },
  },
  {
    name: ".toUpperCase",
    ns: "ptc.interop",
    arglists: ["[s]"],
    doc: "A string in upper case.",
    examples: [{ code: '(.toUpperCase "abc")', result: '"ABC"' }],
    f1: (_cx, s) => strArg(".toUpperCase", s).toUpperCase(),
  },
  {
    name: ".toLowerCase",
    ns: "ptc.interop",
    arglists: ["[s]"],
    doc: "A string in lower case.",
    examples: [{ code: '(.toLowerCase "ABC")', result: '"abc"' }],
    f1: (_cx, s) => strArg(".toLowerCase", s).toLowerCase(),
  },
  {
    name: ".trim",
    ns: "ptc.interop",
    arglists: ["[s]"],
    doc: "A string without leading and trailing characters up to U+0020 (Java's String.trim).",
    examples: [{ code: '(.trim "  a  ")', result: '"a"' }],
    f1: (_cx, s) => javaTrim(strArg(".trim", s)),
  },
  {
    name: ".strip",
    ns: "ptc.interop",
    arglists: ["[s]"],
    doc: "A string without leading and trailing whitespace (Java's String.strip).",
    examples: [{ code: '(.strip "  a  ")', result: '"a"' }],
    f1: (_cx, sv) => {
      const s = strArg(".strip", sv);
      let a = 0;
      let b = s.length;
      while (a < b && isJavaWhitespace(s.charCodeAt(a))) a++;
      while (b > a && isJavaWhitespace(s.charCodeAt(b - 1))) b--;
      return s.slice(a, b);
    },
  },
  {
    name: ".startsWith",
    ns: "ptc.interop",
    arglists: ["[s prefix]"],
    doc: "True if s starts with prefix.",
    examples: [{ code: '(.startsWith "hello" "he")', result: "true" }],
    f2: (_cx, s, p) => strArg(".startsWith", s).startsWith(strArg(".startsWith", p)),
  },
  {
    name: ".endsWith",
    ns: "ptc.interop",
    arglists: ["[s suffix]"],
    doc: "True if s ends with suffix.",
    examples: [{ code: '(.endsWith "hello" "lo")', result: "true" }],
    f2: (_cx, s, p) => strArg(".endsWith", s).endsWith(strArg(".endsWith", p)),
  },
  {
    name: ".contains",
    ns: "ptc.interop",
    arglists: ["[x item]"],
    doc: "True if a string contains a substring, or a collection contains an item (by =).",
    examples: [
      { code: '(.contains "hello" "ell")', result: "true" },
      { code: "(.contains [1 2 3] 2)", result: "true" },
    ],
    f2: (cx, x, item) => {
      if (typeof x === "string") return x.includes(seqArg(".contains", item));
      if (x instanceof PSet) return x.has(item);
      if (isSequential(x)) return listIndexOf(cx, x, item, false) >= 0;
      throw typeError(".contains", "a string or collection", x);
    },
  },
  {
    name: ".indexOf",
    ns: "ptc.interop",
    arglists: ["[x item]", "[s item from]"],
    doc: "Index of the first occurrence of a substring or character in a string (from an optional index), or of an item in a list; -1 when absent.",
    examples: [
      { code: '(.indexOf "banana" "an")', result: "1" },
      { code: '(.indexOf "banana" "an" 2)', result: "3" },
      { code: '(.indexOf "banana" "x")', result: "-1" },
    ],
    f2: (cx, x, item) => {
      if (typeof x === "string") return javaIndexOf(x, seqArg(".indexOf", item), 0);
      if (isSequential(x)) return listIndexOf(cx, x, item, false);
      throw typeError(".indexOf", "a string or list", x);
    },
    f3: (_cx, s, item, from) => javaIndexOf(strArg(".indexOf", s), seqArg(".indexOf", item), longArg(".indexOf", from)),
  },
  {
    name: ".lastIndexOf",
    ns: "ptc.interop",
    arglists: ["[x item]", "[s item from]"],
    doc: "Index of the last occurrence of a substring or character in a string (searching back from an optional index), or of an item in a list; -1 when absent.",
    examples: [{ code: '(.lastIndexOf "banana" "an")', result: "3" }],
    f2: (cx, x, item) => {
      if (typeof x === "string") return javaLastIndexOf(x, seqArg(".lastIndexOf", item), x.length);
      if (isSequential(x)) return listIndexOf(cx, x, item, true);
      throw typeError(".lastIndexOf", "a string or list", x);
    },
    f3: (_cx, s, item, from) =>
      javaLastIndexOf(strArg(".lastIndexOf", s), seqArg(".lastIndexOf", item), longArg(".lastIndexOf", from)),
  },
  {
    name: ".substring",
    ns: "ptc.interop",
    arglists: ["[s begin]", "[s begin end]"],
    doc: "The substring from begin (inclusive) to end (exclusive); out-of-range indexes are an error.",
    examples: [
      { code: '(.substring "hello" 1 3)', result: '"el"' },
      { code: '(.substring "hello" 9)', result: "error: runtime" },
    ],
    f2: (_cx, sv, b) => {
      const s = strArg(".substring", sv);
      const begin = longArg(".substring", b);
      if (begin < 0 || begin > s.length) stringIndexError(".substring", `begin ${begin}, length ${s.length}`);
      return s.slice(begin);
    },
    f3: (_cx, sv, b, e) => {
      const s = strArg(".substring", sv);
      const begin = longArg(".substring", b);
      const end = longArg(".substring", e);
      if (begin < 0 || end > s.length || begin > end)
        stringIndexError(".substring", `begin ${begin}, end ${end}, length ${s.length}`);
      return s.slice(begin, end);
    },
  },
  {
    name: ".charAt",
    ns: "ptc.interop",
    arglists: ["[s index]"],
    doc: "The character at an index of a string.",
    examples: [{ code: '(.charAt "hello" 1)', result: "\\e" }],
    f2: (_cx, sv, i) => {
      const s = strArg(".charAt", sv);
      const idx = longArg(".charAt", i);
      if (idx < 0 || idx >= s.length) stringIndexError(".charAt", `index ${idx}, length ${s.length}`);
      return char(s[idx]!);
    },
  },
  {
    name: ".replace",
    ns: "ptc.interop",
    arglists: ["[s target replacement]"],
    doc: "s with every occurrence of a literal string (or character) replaced.",
    examples: [{ code: '(.replace "a.b.c" "." "-")', result: '"a-b-c"' }],
    f3: (cx, sv, t, r) => {
      const s = strArg(".replace", sv);
      const target = seqArg(".replace", t);
      const rep = seqArg(".replace", r);
      const out = s.split(target).join(rep);
      cx.checkString(out.length);
      return out;
    },
  },
  {
    name: ".replaceAll",
    ns: "ptc.interop",
    arglists: ["[s regex replacement]"],
    doc: "s with every match of a regex (given as a string) replaced; $1 refers to groups.",
    examples: [{ code: '(.replaceAll "a1b22" "\\\\d+" "#")', result: '"a#b#"' }],
    f3: (cx, s, re, r) =>
      replaceImpl(cx, ".replaceAll", s, compileRegex(strArg(".replaceAll", re)), strArg(".replaceAll", r), false),
  },
  {
    name: ".replaceFirst",
    ns: "ptc.interop",
    arglists: ["[s regex replacement]"],
    doc: "s with the first match of a regex (given as a string) replaced.",
    examples: [{ code: '(.replaceFirst "a1b22" "\\\\d+" "#")', result: '"a#b22"' }],
    f3: (cx, s, re, r) =>
      replaceImpl(cx, ".replaceFirst", s, compileRegex(strArg(".replaceFirst", re)), strArg(".replaceFirst", r), true),
  },
  {
    name: ".matches",
    ns: "ptc.interop",
    arglists: ["[s regex]"],
    doc: "True if the whole string matches a regex (given as a string).",
    examples: [{ code: '(.matches "abc123" "[a-z]+\\\\d+")', result: "true" }],
    f2: (cx, s, re) => regexMatches(cx, compileRegex(strArg(".matches", re)), strArg(".matches", s)) !== null,
  },
  {
    name: ".split",
    ns: "ptc.interop",
    arglists: ["[s regex]", "[s regex limit]"],
    doc: "A vector of the parts of s around matches of a regex (given as a string), by Java's rules.",
    examples: [{ code: '(.split "a,b,,c,," ",")', result: '["a" "b" "" "c"]' }],
    f2: (cx, s, re) => vec(javaSplit(cx, strArg(".split", s), compileRegex(strArg(".split", re)), 0)),
    f3: (cx, s, re, limit) =>
      vec(javaSplit(cx, strArg(".split", s), compileRegex(strArg(".split", re)), longArg(".split", limit))),
  },
  {
    name: ".concat",
    ns: "ptc.interop",
    arglists: ["[s other]"],
    doc: "The two strings joined.",
    examples: [{ code: '(.concat "ab" "cd")', result: '"abcd"' }],
    f2: (cx, a, b) => {
      const out = strArg(".concat", a) + strArg(".concat", b);
      cx.checkString(out.length);
      return out;
    },
  },
  {
    name: ".repeat",
    ns: "ptc.interop",
    arglists: ["[s n]"],
    doc: "The string repeated n times.",
    examples: [{ code: '(.repeat "ab" 3)', result: '"ababab"' }],
    f2: (cx, sv, nv) => {
      const s = strArg(".repeat", sv);
      const n = longArg(".repeat", nv);
      if (n < 0) throw runtimeError(`.repeat: count is negative: ${n}`);
      cx.checkString(s.length * n);
      return s.repeat(n);
    },
  },
  {
    name: ".equals",
    ns: "ptc.interop",
    arglists: ["[x y]"],
    doc: "True if x equals y (as =).",
    examples: [{ code: '(.equals "a" "a")', result: "true" }],
    f2: (cx, a, b) => {
      if (a === null) throw typeError(".equals", "an object", a);
      return equiv(cx, a, b);
    },
  },
  {
    name: ".equalsIgnoreCase",
    ns: "ptc.interop",
    arglists: ["[s other]"],
    doc: "True if two strings are equal ignoring case.",
    examples: [{ code: '(.equalsIgnoreCase "Abc" "aBC")', result: "true" }],
    f2: (_cx, a, b) => {
      const s = strArg(".equalsIgnoreCase", a);
      if (typeof b !== "string" || b.length !== s.length) return false;
      for (let i = 0; i < s.length; i++) {
        const x = s[i]!;
        const y = b[i]!;
        if (x !== y && x.toUpperCase() !== y.toUpperCase() && x.toLowerCase() !== y.toLowerCase()) return false;
      }
      return true;
    },
  },
  {
    name: ".compareTo",
    ns: "ptc.interop",
    arglists: ["[x y]"],
    doc: "Java's compareTo: negative, zero or positive as x sorts before, with or after y.",
    examples: [{ code: '(.compareTo "a" "c")', result: "-2" }],
    f2: (cx, a, b) => {
      if (a instanceof HostObject && b instanceof HostObject) {
        const d = a.compareTo(b);
        if (d !== null) return d;
      }
      return compareValues(cx, a, b);
    },
  },
  {
    name: ".toString",
    ns: "ptc.interop",
    arglists: ["[x]"],
    doc: "The text of x (as str, but nil is an error as in Java).",
    examples: [{ code: "(.toString 42)", result: '"42"' }],
    f1: (cx, x) => {
      if (x === null) throw typeError(".toString", "an object", x);
      return x instanceof HostObject ? x.str() : strOf(cx, x);
    },
  },
  {
    name: ".size",
    ns: "ptc.interop",
    arglists: ["[coll]"],
    doc: "The number of items of a collection.",
    examples: [{ code: "(.size [1 2 3])", result: "3" }],
    f1: (cx, c) => {
      if (c === null || typeof c === "string" || !(c instanceof PMap || c instanceof PSet || isSequential(c)))
        throw typeError(".size", "a collection", c);
      return count(cx, c);
    },
  },
  {
    name: ".get",
    ns: "ptc.interop",
    arglists: ["[coll key]"],
    doc: "The value of a key in a map, or the item at an index of a vector.",
    examples: [{ code: "(.get {:a 1} :a)", result: "1" }],
    f2: (cx, c, k) => {
      if (c instanceof PMap) return get(cx, c, k, null);
      if (isSequential(c)) {
        const items = asArray(cx, c);
        const i = longArg(".get", k, "an integer index");
        if (i < 0 || i >= items.length)
          throw runtimeError(`.get: index ${i} is out of bounds for length ${items.length}`);
        return items[i]!;
      }
      throw typeError(".get", "a map or list", c);
    },
  },
  ...(["intValue", "longValue", "doubleValue"] as const).map((name): BuiltinSpec => ({
    name: `.${name}`,
    ns: "ptc.interop",
    arglists: ["[n]"],
    doc: `Java's Number.${name}.`,
    examples: [{ code: `(.${name} 3.7)`, result: name === "doubleValue" ? "3.7" : "3" }],
    f1: (_cx, v) => {
      const n = numberValue(`.${name}`, v);
      if (name === "doubleValue") return float(n);
      if (Number.isNaN(n)) return 0;
      const t = Math.trunc(n);
      if (name === "intValue") return Math.max(-2147483648, Math.min(2147483647, t));
      return Math.max(-Number.MAX_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, t));
    },
  })),

  // -------------------------------------------------------------------------------------
  // Static methods

  {
    name: "Integer.parseInt",
    ns: "ptc.interop",
    arglists: ["[s]"],
    doc: "The int written in s; an error when s is not one (unlike parse-long, which gives nil).",
    examples: [
      { code: '(Integer/parseInt "-42")', result: "-42" },
      { code: '(Integer/parseInt "4x")', result: "error: runtime" },
    ],
    f1: (_cx, s) => javaParseInt("Integer/parseInt", s, 2 ** 31),
  },
  {
    name: "Integer.valueOf",
    ns: "ptc.interop",
    arglists: ["[s]"],
    doc: "The int written in s; an error when s is not one.",
    examples: [{ code: '(Integer/valueOf "7")', result: "7" }],
    f1: (_cx, s) => (isInt(s) ? s : javaParseInt("Integer/valueOf", s, 2 ** 31)),
  },
  {
    name: "Long.parseLong",
    ns: "ptc.interop",
    arglists: ["[s]"],
    doc: "The long written in s; an error when s is not one.",
    examples: [{ code: '(Long/parseLong "123")', result: "123" }],
    f1: (_cx, s) => javaParseInt("Long/parseLong", s, 2 ** 63),
  },
  {
    name: "Long.valueOf",
    ns: "ptc.interop",
    arglists: ["[s]"],
    doc: "The long written in s; an error when s is not one.",
    examples: [{ code: '(Long/valueOf "123")', result: "123" }],
    f1: (_cx, s) => (isInt(s) ? s : javaParseInt("Long/valueOf", s, 2 ** 63)),
  },
  {
    name: "Double.parseDouble",
    ns: "ptc.interop",
    arglists: ["[s]"],
    doc: "The double written in s; an error when s is not one (unlike parse-double, which gives nil).",
    examples: [{ code: '(Double/parseDouble "2.5")', result: "2.5" }],
    f1: (_cx, s) => javaParseDouble("Double/parseDouble", s),
  },
  {
    name: "Double.valueOf",
    ns: "ptc.interop",
    arglists: ["[s]"],
    doc: "The double written in s; an error when s is not one.",
    examples: [{ code: '(Double/valueOf "2")', result: "2.0" }],
    f1: (_cx, s) => javaParseDouble("Double/valueOf", s),
  },
  {
    name: "Boolean.parseBoolean",
    ns: "ptc.interop",
    arglists: ["[s]"],
    doc: 'true when s is "true" in any case, else false.',
    examples: [{ code: '(Boolean/parseBoolean "TRUE")', result: "true" }],
    f1: (_cx, s) => typeof s === "string" && s.toLowerCase() === "true",
  },
  {
    name: "String.valueOf",
    ns: "ptc.interop",
    arglists: ["[x]"],
    doc: 'The text of x, as str gives it ("null" for nil, as in Java).',
    examples: [{ code: "(String/valueOf 42)", result: '"42"' }],
    f1: (cx, x) => (x === null ? "null" : x instanceof HostObject ? x.str() : strOf(cx, x)),
  },
  {
    name: "String.format",
    ns: "ptc.interop",
    arglists: ["[fmt & args]"],
    doc: "The same as format.",
    examples: [{ code: '(String/format "%03d" 7)', result: '"007"' }],
    fn: (cx, args) => format(cx, strArg("String/format", args[0]!, "a format string"), args.slice(1)),
  },
  {
    name: "String.join",
    ns: "ptc.interop",
    arglists: ["[separator coll]"],
    doc: "The strings of coll joined with a separator.",
    examples: [{ code: '(String/join "-" ["a" "b"])', result: '"a-b"' }],
    f2: (cx, sep, coll) => {
      const s = seqArg("String/join", sep);
      const items = asArray(cx, coll).map((x) => (x === null ? "null" : seqArg("String/join", x)));
      const out = items.join(s);
      cx.checkString(out.length);
      return out;
    },
  },
  ...(
    ["isLetter", "isDigit", "isLetterOrDigit", "isUpperCase", "isLowerCase", "isAlphabetic", "isWhitespace"] as const
  ).map(characterPredicate),
  {
    name: "Character.toUpperCase",
    ns: "ptc.interop",
    arglists: ["[c]"],
    doc: "A character in upper case.",
    examples: [{ code: "(Character/toUpperCase \\a)", result: "\\A" }],
    f1: (_cx, c) => {
      const u = charArg("Character/toUpperCase", c).toUpperCase();
      return char(u.length === 1 ? u : (c as Char).c);
    },
  },
  {
    name: "Character.toLowerCase",
    ns: "ptc.interop",
    arglists: ["[c]"],
    doc: "A character in lower case.",
    examples: [{ code: "(Character/toLowerCase \\A)", result: "\\a" }],
    f1: (_cx, c) => {
      const u = charArg("Character/toLowerCase", c).toLowerCase();
      return char(u.length === 1 ? u : (c as Char).c);
    },
  },
];

function javaParseInt(fn: string, v: Value, bound: number): number {
  const s = strArg(fn, v);
  const n = parseJavaLong(s, fn, -BigInt(bound), BigInt(bound) - 1n);
  if (n === null)
    throw runtimeError(`${fn}: for input string ${JSON.stringify(s)}`, "parse-long gives nil instead of an error");
  return n;
}

function javaParseDouble(fn: string, v: Value): Value {
  const s = strArg(fn, v);
  const n = parseJavaDouble(s);
  if (n === null)
    throw runtimeError(`${fn}: for input string ${JSON.stringify(s)}`, "parse-double gives nil instead of an error");
  return float(n);
}

/** `Class/NAME` constants, by `Class/NAME`. */
export const INTEROP_CONSTANTS: Readonly<Record<string, Value>> = {
  "Double/POSITIVE_INFINITY": Infinity,
  "Double/NEGATIVE_INFINITY": -Infinity,
  "Double/NaN": NaN,
  "Double/MAX_VALUE": float(Number.MAX_VALUE),
  "Double/MIN_VALUE": Number.MIN_VALUE,
  // Integers are exact only within ±(2^53-1) in PTC-Lisp: the extremes stand in for Java's.
  "Long/MAX_VALUE": Number.MAX_SAFE_INTEGER,
  "Long/MIN_VALUE": -Number.MAX_SAFE_INTEGER,
  "Integer/MAX_VALUE": 2147483647,
  "Integer/MIN_VALUE": -2147483648,
  "Math/PI": Math.PI,
  "Math/E": Math.E,
};
