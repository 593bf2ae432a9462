import { PtcObject, T } from "./values.js";

/**
 * A value standing for a Java object (a date). The printer, `=`, `hash`, `compare`, type
 * names and the host boundary ask it how to behave.
 */
export abstract class HostObject extends PtcObject {
  readonly tag = T.HOST;
  /** The Java class, as `(class x)` would name it. */
  abstract readonly className: string;
  /** The type name in error messages (`date`). */
  abstract readonly typeName: string;
  /** The readable form (`#inst "..."`), as pr-str prints it. */
  abstract pr(): string;
  /** What `str` makes of it (Java's toString). */
  abstract str(): string;
  abstract equals(other: PtcObject): boolean;
  /** Java's hashCode, which Clojure's hash uses for such objects. */
  abstract hash(): number;
  /** Java's compareTo, or null when `other` is not of a comparable class. */
  abstract compareTo(other: PtcObject): number | null;
  /** The JSON form handed to the host (an ISO-8601 string). */
  abstract toJson(): string;
}
