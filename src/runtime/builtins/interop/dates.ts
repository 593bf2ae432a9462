/**
 * The date and time builtins: `(java.util.Date. x)` and its methods (`.getTime`, `.before`,
 * `.after`), `inst-ms` and `inst?`, `System/currentTimeMillis`, and java.time.LocalDate
 * (`LocalDate/parse`, `LocalDate/now`, `LocalDate/of` and the `.plusDays`, `.getYear`...
 * instance methods).
 */
import { runtimeError, typeError } from "../../errors.js";
import { isInt, type Value } from "../../values.js";
import type { BuiltinSpec } from "../registry.js";
import { strArg } from "../strings.js";
import { DAY_MS, daysFromCivil, isLeap, monthLength, p2, WEEKDAY_NAMES } from "./calendar.js";
import { parseDateString, PtcDate, PtcLocalDate } from "./date-values.js";
import { longArg } from "./shared.js";

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

export const DATE_BUILTINS: BuiltinSpec[] = [
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
];
