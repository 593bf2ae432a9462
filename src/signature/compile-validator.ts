/**
 * Signature → the source of a straight-line TypeScript validator: nested `if`s and `for`
 * loops over the value, one per node of the type, with every path, expected type name
 * and key written in as a constant. Nothing interprets the signature at run time.
 *
 * The generated function gives exactly what `validate`/`validateAndCoerce` give (same
 * verdict, same issues in the same order, same coerced value, copied only where
 * something changed); a property test runs both on random signatures and values. It
 * calls the small helpers of `ptcc/runtime` (src/runtime/validation.ts), which the code
 * expects in scope under the name `$v`:
 *
 *   import * as $v from "ptcc/runtime";
 *
 * Only field names and fixed templates reach the source, and field names are checked by
 * the signature lexer (letters, digits, `_ - ? !`), so a signature cannot inject code.
 */
import { parseSignature } from "./parse.js";
import { boundedName, expectedName } from "./render.js";
import {
  altSpelling,
  acceptsNil,
  deref,
  discriminant,
  lengthBounds,
  type Bounds,
  type EnumType,
  type Field,
  type ListType,
  type LiteralType,
  type LiteralValue,
  type MapType,
  type PrimitiveType,
  type Signature,
  type SigType,
  type UnionType,
  withOptional,
} from "./types.js";

export interface CompileValidatorOptions {
  /** Name of the generated function. Default `validate`. */
  readonly name?: string;
  /** Check the output type (default) or an object of the parameters. */
  readonly part?: "input" | "output";
  /** Coerce as `validateAndCoerce` does. Default: true for `input`, false for `output`. */
  readonly coerce?: boolean;
  /** Prefix the function with `export`. Default true. */
  readonly exported?: boolean;
  /** TypeScript type of the result's `value`. Default `unknown`. */
  readonly valueType?: string;
  /**
   * `ts` (default): TypeScript, for generated modules. `js`: the same code without type
   * annotations, which the agent runtime turns into a function (validatorFunction).
   */
  readonly language?: "ts" | "js";
}

/** The import the generated source needs. */
export const VALIDATOR_RUNTIME_IMPORT = 'import * as $v from "ptcc/runtime";';

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** The TypeScript source of a validator function for one part of a signature. */
export function compileValidator(sig: Signature | string, options: CompileValidatorOptions = {}): string {
  const s = typeof sig === "string" ? parseSignature(sig) : sig;
  const name = options.name ?? "validate";
  if (!IDENT.test(name)) throw new Error(`compileValidator: ${JSON.stringify(name)} is not a function name`);
  const part = options.part ?? "output";
  const coerce = options.coerce ?? part === "input";
  const valueType = options.valueType ?? "unknown";
  const ts = options.language !== "js";
  const e = new Emitter(coerce, ts);
  /** A type annotation or assertion, left out of JavaScript. */
  const t = (text: string): string => (ts ? text : "");

  if (part === "input") e.inputRoot(s.params);
  else e.check(s.output, "value", [], coerce ? "out0" : null);

  const exported = options.exported === false ? "" : "export ";
  // A validator that walks no list or keys never spends the meter: its parameter is named so
  // that an app's noUnusedParameters accepts it.
  const meter = e.usesFuel ? "meter" : "_meter";
  const head = `${exported}function ${name}(value${t(": unknown")}, mode${t(": $v.ValidationMode")} = "enabled", ${meter}${t(": $v.Meter")} = $v.defaultMeter())${t(`: $v.ValidationResult<${valueType}>`)} {`;
  return [
    head,
    `  if (mode === "disabled") return $v.pass(value${t(` as ${valueType}`)});`,
    ...(e.usesStrict ? ['  const strict = mode === "strict";'] : []),
    `  const errors${t(": $v.ValidationIssue[]")} = [];`,
    `  const warnings${t(": $v.ValidationIssue[]")} = [];`,
    ...(coerce ? [`  let out0${t(": unknown")} = value;`] : []),
    // The meter's fuel is kept in a local while the walk runs (it is the hot part).
    ...(e.usesFuel ? ["  let fuel = meter.fuel;"] : []),
    ...e.lines.map((l) => `  ${l}`),
    ...(e.usesFuel ? ["  meter.fuel = fuel;"] : []),
    `  return $v.finish(${coerce ? "out0" : "value"}${t(` as ${valueType}`)}, errors, warnings, mode);`,
    "}",
    "",
  ].join("\n");
}

/** A path being built: field names are constants, list indexes are loop variables. */
type Seg = { readonly key: string } | { readonly index: string };

class Emitter {
  readonly lines: string[] = [];
  usesStrict = false;
  /** Whether the code spends the meter (it walks a list, or keys in strict mode). */
  usesFuel = false;
  private depth = 0;
  private n = 0;

  constructor(
    private readonly coerce: boolean,
    private readonly ts: boolean,
  ) {}

  /** A type annotation or assertion, left out of JavaScript. */
  private t(text: string): string {
    return this.ts ? text : "";
  }

  private emit(line: string): void {
    this.lines.push(`${"  ".repeat(this.depth)}${line}`);
  }

  private open(line: string): void {
    this.emit(line);
    this.depth++;
  }

  private close(line = "}"): void {
    this.depth--;
    this.emit(line);
  }

  private fresh(prefix: string): string {
    return `${prefix}${++this.n}`;
  }

  /**
   * Statements checking the value in variable `v` against `t`. When coercing, `out` names
   * a variable (already holding `v`) that receives the coerced value if it differs.
   */
  check(t0: SigType, v: string, path: readonly Seg[], out: string | null): void {
    const t = deref(t0);
    if (t.kind === "primitive" && t.name === "any") return;
    if (acceptsNil(t)) this.open(`if (${v} != null) {`);
    else {
      this.emit(`if (${v} == null) ${this.typeIssue(path, t, v)}`);
      this.open("else {");
    }
    switch (t.kind) {
      case "primitive":
        this.primitive(t.name, t, v, path, out);
        break;
      case "list":
        this.list(t.of, t, v, path, out);
        break;
      case "map":
        this.emit(`if (!${plainMap(v)}) ${this.typeIssue(path, t, v)}`);
        this.open("else {");
        this.fields(t.fields, this.asMap(v), path, out);
        this.close();
        break;
      case "enum":
        this.enumValue(t, v, path);
        break;
      case "literal":
        this.literal(t, v, path, out);
        break;
      case "union":
        if (t.discriminator === undefined) this.union(t, v, path, out);
        else this.tagged(t, t.discriminator, v, path, out);
        break;
    }
    this.close();
  }

  /** The test that a value of the right type is within bounds, negated (true: out of bounds). */
  private outOfBounds(t: PrimitiveType | ListType, b: Bounds, v: string): string {
    const conds: string[] = [];
    if (t.kind === "list") {
      const { min, max } = lengthBounds(b);
      if (min !== undefined) conds.push(`${v}.length < ${min}`);
      if (max !== undefined) conds.push(`${v}.length > ${max}`);
      return conds.join(" || ") || "false";
    }
    if (t.name === "string") {
      const { min, max } = lengthBounds(b);
      return `!$v.lengthIn(${v}${this.t(" as string")}, ${min ?? 0}, ${max ?? "Infinity"})`;
    }
    const n = t.name === "int" ? `(${v}${this.t(" as number")})` : `$v.numberOf(${v})`;
    if (b.min !== undefined) conds.push(`${n} ${b.minExclusive ? ">" : ">="} ${b.min}`);
    if (b.max !== undefined) conds.push(`${n} ${b.maxExclusive ? "<" : "<="} ${b.max}`);
    // Negated as a whole, so that NaN is out of bounds as the interpreter has it.
    return `!(${conds.join(" && ")})`;
  }

  private rangeIssue(path: readonly Seg[], t: PrimitiveType | ListType, v: string): string {
    return `errors.push($v.rangeIssue(${pathExpr(path)}, ${JSON.stringify(boundedName(t))}, ${v}));`;
  }

  private enumValue(t: EnumType, v: string, path: readonly Seg[]): void {
    const issue = this.typeIssue(path, t, v);
    const strings = t.values.map((x) => `${v} === ${JSON.stringify(x)}`).join(" || ");
    const names = t.values.map((x) => `${v}.name === ${JSON.stringify(x)}`).join(" || ");
    this.open(`if (typeof ${v} === "string") {`);
    this.emit(`if (!(${strings})) ${issue}`);
    this.close(`} else if (!(${v} instanceof $v.Keyword && ${v}.ns === null && (${names}))) ${issue}`);
  }

  private literal(t: LiteralType, v: string, path: readonly Seg[], out: string | null): void {
    const issue = this.typeIssue(path, t, v);
    const want = t.value;
    const test = literalTest(v, want);
    if (out === null || !this.coerce || typeof want === "string") {
      this.emit(`if (!(${test})) ${issue}`);
      return;
    }
    const from = typeof want === "number" ? "floatFromString" : "boolFromString";
    this.open(`if (!(${test})) {`);
    this.open(`if (typeof ${v} === "string" && $v.${from}(${v}) === ${String(want)}) {`);
    this.emit(`warnings.push($v.coercedIssue(${pathExpr(path)}, ${v}, ${JSON.stringify(expectedName(t))}));`);
    this.emit(`${out} = ${String(want)};`);
    this.close(`} else ${issue}`);
    this.close();
  }

  /**
   * Members in order, each checked into issue lists of its own (shadowing the outer ones);
   * the first without errors gives its warnings and value.
   */
  private union(t: UnionType, v: string, path: readonly Seg[], out: string | null): void {
    // Members a boolean test decides (no coercion, no issues of their own): one test.
    const tests = t.of.map((m) => this.test(m, v, out));
    if (tests.every((x): x is string => x !== null)) {
      this.emit(`if (!(${tests.join(" || ")})) ${this.typeIssue(path, t, v)}`);
      return;
    }
    const matched = this.fresh("u");
    const warns = this.fresh("w");
    this.emit(`let ${matched} = false;`);
    this.emit(`const ${warns} = warnings;`);
    t.of.forEach((m, i) => {
      this.open(i === 0 ? "{" : `if (!${matched}) {`);
      this.emit(`const errors${this.t(": $v.ValidationIssue[]")} = [];`);
      this.emit(`const warnings${this.t(": $v.ValidationIssue[]")} = [];`);
      const y = out !== null && mayChange(m) ? this.fresh("y") : null;
      if (y !== null) this.emit(`let ${y}${this.t(": unknown")} = ${v};`);
      this.check(m, v, path, y);
      this.open("if (errors.length === 0) {");
      this.emit(`${matched} = true;`);
      this.emit(`for (const w of warnings) ${warns}.push(w);`);
      if (y !== null) this.emit(`${out!} = ${y};`);
      this.close();
      this.close();
    });
    this.emit(`if (!${matched}) ${this.typeIssue(path, t, v)}`);
  }

  /**
   * An expression that holds when the (non-nil) value in `v` is of type `t0`, for types
   * whose check is only that (a primitive that does not coerce here, an enum, a literal);
   * null for the others.
   */
  private test(t0: SigType, v: string, out: string | null): string | null {
    const t = deref(t0);
    const coercing = this.coerce && out !== null;
    switch (t.kind) {
      case "primitive": {
        if (coercing && (t.name === "int" || t.name === "float" || t.name === "bool")) return null;
        if (t.name === "any") return "true";
        const bad = badTest(t.name, v);
        return t.bounds === undefined ? `!(${bad})` : `!(${bad}) && !(${this.outOfBounds(t, t.bounds, v)})`;
      }
      case "enum": {
        const strings = t.values.map((x) => `${v} === ${JSON.stringify(x)}`).join(" || ");
        const names = t.values.map((x) => `${v}.name === ${JSON.stringify(x)}`).join(" || ");
        return `(typeof ${v} === "string" ? ${strings} : ${v} instanceof $v.Keyword && ${v}.ns === null && (${names}))`;
      }
      case "literal":
        return coercing && typeof t.value !== "string" ? null : literalTest(v, t.value);
      default:
        return null;
    }
  }

  /** A discriminated union: the member its discriminator names, and only that one's issues. */
  private tagged(t: UnionType, d: string, v: string, path: readonly Seg[], out: string | null): void {
    const name = JSON.stringify(expectedName(withOptional(t, false)));
    this.emit(`if (!${plainMap(v)}) errors.push($v.typeIssue(${pathExpr(path)}, ${name}, ${v}));`);
    this.open("else {");
    const o = this.asMap(v);
    const tag = this.fresh("tag");
    this.emit(`let ${tag}${this.t(": unknown")} = ${read(o, d)};`);
    const alt = altSpelling(d);
    if (alt !== null) this.emit(`if (${tag} === undefined) ${tag} = ${read(o, alt)};`);
    const names: string[] = [];
    t.of.forEach((m, i) => {
      const map = deref(m) as MapType;
      const lit = discriminant(m, d);
      names.push(expectedName(lit));
      this.open(`${i === 0 ? "if" : "} else if"} (${literalTest(tag, lit.value)}) {`);
      this.fields(map.fields, o, path, out);
      this.depth--;
    });
    const dpath = pathExpr([...path, { key: d }]);
    const expected = JSON.stringify(names.join(" or "));
    this.emit(`} else if (${tag} === undefined) errors.push($v.missingIssue(${dpath}, ${expected}));`);
    this.emit(`else errors.push($v.typeIssue(${dpath}, ${expected}, ${tag}));`);
    this.close();
  }

  /** The root of an input check: an object of the parameters (nil counts as no arguments). */
  inputRoot(params: readonly Field[]): void {
    this.open("if (value == null) {");
    for (const f of params) {
      if (!deref(f.type).optional) this.emit(this.missingIssue([{ key: f.name }], f.type));
    }
    this.close(`} else if (!${plainMap("value")}) errors.push($v.typeIssue("", "map", value));`);
    this.open("else {");
    this.fields(params, this.asMap("value"), [], this.coerce ? "out0" : null);
    this.close();
  }

  private primitive(name: string, t: PrimitiveType, v: string, path: readonly Seg[], out: string | null): void {
    const issue = this.typeIssue(path, t, v);
    const coercible = this.coerce && out !== null && (name === "int" || name === "float" || name === "bool");
    const b = t.bounds;
    const bad = badTest(name, v);
    if (!coercible) {
      this.emit(`if (${bad}) ${issue}`);
      if (b !== undefined) this.emit(`else if (${this.outOfBounds(t, b, v)}) ${this.rangeIssue(path, t, v)}`);
      return;
    }
    const from = { int: "intFromString", float: "floatFromString", bool: "boolFromString" }[name as "int"];
    const c = this.fresh("c");
    this.open(`if (${bad}) {`);
    this.open(`if (typeof ${v} === "string") {`);
    this.emit(`const ${c} = $v.${from}(${v});`);
    this.emit(`if (${c} === undefined) ${issue}`);
    this.open("else {");
    this.emit(`warnings.push($v.coercedIssue(${pathExpr(path)}, ${v}, ${JSON.stringify(name)}));`);
    this.emit(`${out!} = ${c};`);
    if (b !== undefined) this.emit(`if (${this.outOfBounds(t, b, c)}) ${this.rangeIssue(path, t, c)}`);
    this.close();
    this.close(`} else ${issue}`);
    if (b !== undefined) this.close(`} else if (${this.outOfBounds(t, b, v)}) ${this.rangeIssue(path, t, v)}`);
    else this.close();
  }

  private list(item: SigType, t: ListType, v: string, path: readonly Seg[], out: string | null): void {
    this.emit(`if (!Array.isArray(${v})) ${this.typeIssue(path, t, v)}`);
    // Out of bounds: the items are not checked (as the interpreter has it).
    if (t.bounds !== undefined)
      this.emit(`else if (${this.outOfBounds(t, t.bounds, v)}) ${this.rangeIssue(path, t, v)}`);
    this.open("else {");
    const i = this.fresh("i");
    const x = this.fresh("x");
    const tracked = out !== null && mayChange(item);
    const copy = tracked ? this.fresh("a") : null;
    const y = tracked ? this.fresh("y") : null;
    if (copy !== null) this.emit(`let ${copy}${this.t(": unknown[]")} = ${v};`);
    // Charged per list: a list that holds the same list many times costs its tree.
    this.usesFuel = true;
    this.emit(`if ((fuel -= ${v}.length) < 0) fuel = $v.refuelFrom(meter, fuel);`);
    this.open(`for (let ${i} = 0; ${i} < ${v}.length; ${i}++) {`);
    this.emit(`const ${x}${this.t(": unknown")} = ${v}[${i}];`);
    if (y !== null) this.emit(`let ${y}${this.t(": unknown")} = ${x};`);
    this.check(item, x, [...path, { index: i }], y);
    if (y !== null && copy !== null) {
      this.open(`if (${y} !== ${x}) {`);
      this.emit(`if (${copy} === ${v}) ${copy} = ${v}.slice();`);
      this.emit(`${copy}[${i}] = ${y};`);
      this.close();
    }
    this.close();
    if (copy !== null) this.emit(`${out!} = ${copy};`);
    this.close();
  }

  /** The fields of the plain object in `o`; in strict mode, also the keys no field names. */
  private fields(fields: readonly Field[], o: string, path: readonly Seg[], out: string | null): void {
    const copy =
      out !== null && fields.some((f) => altSpelling(f.name) !== null || mayChange(f.type)) ? this.fresh("m") : null;
    if (copy !== null) this.emit(`let ${copy}${this.t(": Record<string, unknown>")} = ${o};`);
    for (const f of fields) {
      const fpath: Seg[] = [...path, { key: f.name }];
      const v = this.fresh("v");
      const alt = altSpelling(f.name);
      const k = copy !== null && alt !== null ? this.fresh("k") : null;
      this.emit(`let ${v}${this.t(": unknown")} = ${read(o, f.name)};`);
      if (k !== null) this.emit(`let ${k} = ${JSON.stringify(f.name)};`);
      if (alt !== null) {
        this.open(`if (${v} === undefined) {`);
        this.emit(`${v} = ${read(o, alt)};`);
        if (k !== null) this.emit(`if (${v} !== undefined) ${k} = ${JSON.stringify(alt)};`);
        this.close();
      }
      if (deref(f.type).optional) this.open(`if (${v} !== undefined) {`);
      else {
        this.emit(`if (${v} === undefined) ${this.missingIssue(fpath, f.type)}`);
        this.open("else {");
      }
      const tracked = copy !== null && (k !== null || mayChange(f.type));
      const y = tracked ? this.fresh("y") : null;
      if (y !== null) this.emit(`let ${y}${this.t(": unknown")} = ${v};`);
      this.check(f.type, v, fpath, y);
      if (y !== null && copy !== null) {
        const renamed = k !== null ? ` || ${k} !== ${JSON.stringify(f.name)}` : "";
        this.open(`if (${y} !== ${v}${renamed}) {`);
        this.emit(`if (${copy} === ${o}) ${copy} = { ...${o} };`);
        if (k !== null) this.emit(`if (${k} !== ${JSON.stringify(f.name)}) delete ${copy}[${k}];`);
        this.emit(`${copy}[${JSON.stringify(f.name)}] = ${y};`);
        this.close();
      }
      this.close();
    }
    this.usesStrict = true;
    this.open("if (strict) {");
    const keys = this.fresh("keys");
    this.usesFuel = true;
    this.emit(`const ${keys} = Object.keys(${o});`);
    this.emit(`if ((fuel -= ${keys}.length) < 0) fuel = $v.refuelFrom(meter, fuel);`);
    this.open(`for (const key of ${keys}) {`);
    this.open("switch (key) {");
    for (const f of fields) {
      this.emit(`case ${JSON.stringify(f.name)}:`);
      const alt = altSpelling(f.name);
      if (alt !== null) this.emit(`case ${JSON.stringify(alt)}:`);
    }
    if (fields.length > 0) this.emit("  break;");
    this.emit(`default:`);
    this.emit(`  errors.push($v.unexpectedIssue($v.pathKey(${pathExpr(path)}, key)));`);
    this.close();
    this.close();
    this.close();
    if (copy !== null) this.emit(`${out!} = ${copy};`);
  }

  /**
   * A name for the value in `v` typed as a plain object, after `plainMap(v)` held (the
   * inline test does not narrow the type as the `$v.isPlainMap` guard would).
   */
  private asMap(v: string): string {
    const m = this.fresh("o");
    this.emit(`const ${m} = ${v}${this.t(" as Record<string, unknown>")};`);
    return m;
  }

  private typeIssue(path: readonly Seg[], t: SigType, v: string): string {
    return `errors.push($v.typeIssue(${pathExpr(path)}, ${JSON.stringify(expectedName(t))}, ${v}));`;
  }

  private missingIssue(path: readonly Seg[], t: SigType): string {
    return `errors.push($v.missingIssue(${pathExpr(path)}, ${JSON.stringify(expectedName(t))}));`;
  }
}

/** Can coercion change a value of this type (so its parent must watch for a copy)? */
function mayChange(t: SigType): boolean {
  switch (t.kind) {
    case "primitive":
      return t.name === "int" || t.name === "float" || t.name === "bool";
    case "list":
      return mayChange(t.of);
    case "map":
      return t.fields.some((f) => altSpelling(f.name) !== null || mayChange(f.type));
    case "enum":
      return false;
    case "literal":
      return typeof t.value !== "string";
    case "union":
      return t.of.some(mayChange);
    case "ref":
      return mayChange(t.type);
  }
}

/** The test that the value in `v` is NOT of this primitive type (`any` never fails). */
function badTest(name: string, v: string): string {
  switch (name) {
    case "string":
      return `typeof ${v} !== "string"`;
    case "int":
      return `!Number.isSafeInteger(${v})`;
    case "float":
      return `typeof ${v} !== "number" && !(${v} instanceof $v.PtcFloat)`;
    case "bool":
      return `typeof ${v} !== "boolean"`;
    case "keyword":
      return `typeof ${v} !== "string" && !(${v} instanceof $v.Keyword)`;
    case "map":
      return `!${plainMap(v)}`;
    case "fn":
      return `!(${v} instanceof $v.PtcFn)`;
    default:
      return "false";
  }
}

/** The test that the value in `v` is this literal (a number also as a float: 42.0). */
function literalTest(v: string, want: LiteralValue): string {
  if (typeof want === "number") return `$v.isNumber(${v}, ${String(want)})`;
  return `${v} === ${JSON.stringify(want)}`;
}

/**
 * Reading a key: element access (the object is a `Record<string, unknown>`, which an app's
 * `noPropertyAccessFromIndexSignature` wants read with `["key"]`; V8 compiles both alike),
 * except for names plain objects inherit.
 */
function read(o: string, key: string): string {
  if (key in Object.prototype) return `$v.own(${o}, ${JSON.stringify(key)})`;
  return `${o}[${JSON.stringify(key)}]`;
}

/**
 * The path as an expression: a string constant, or a template literal when it contains
 * list indexes. Built as runtime/validation's pathKey and pathIndex build it.
 */
function pathExpr(path: readonly Seg[]): string {
  if (path.every((s) => "key" in s)) {
    return JSON.stringify(path.map((s) => (s as { key: string }).key).join("."));
  }
  let text = "";
  for (const s of path) {
    if ("key" in s) text += text === "" ? s.key : `.${s.key}`;
    else text += `[\${${s.index}}]`;
  }
  return `\`${text}\``;
}

/**
 * The plain-object test for variable `v`, with the same verdict as `$v.isPlainMap`: inline,
 * V8 answers the common case (a JSON object literal) from the hidden class; the call
 * handles the rest (null prototype, objects that shadow `constructor`). Measured: the call
 * alone made the generated validator about twice as slow on nested records.
 */
function plainMap(v: string): string {
  return `((${v}.constructor === Object && Object.getPrototypeOf(${v}) === Object.prototype) || $v.isPlainMap(${v}))`;
}
