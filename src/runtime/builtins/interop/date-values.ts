/**
 * The interop date values: `java.util.Date` (PtcDate, milliseconds since the epoch, UTC) and
 * `java.time.LocalDate` (PtcLocalDate, days since the epoch), HostObjects that compare, hash
 * and print as Java's do, and parseDateString, which reads the date strings `(java.util.Date. s)`
 * accepts.
 */
import { HostObject } from "../../host-object.js";
import type { PtcObject } from "../../values.js";
import { civilFromDays, DAY_MS, daysFromCivil, MONTHS, monthLength, p2, WEEKDAYS, yearText } from "./calendar.js";
import { table } from "../../table.js";

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
const ZONES: Readonly<Record<string, number>> = table({
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
});

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
