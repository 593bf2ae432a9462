/**
 * Signatures read by the TypeScript compiler: a type-level parser of the signature grammar
 * (grammar/Signature.g4), so that a literal signature gives its host types with no code
 * generation:
 *
 *   SignatureInput<"(query :string, limit :int?) -> {count :int}">  = { query: string; limit?: number | null }
 *   SignatureOutput<"(query :string, limit :int?) -> {count :int}"> = { count: number }
 *
 * The mapping is signatureToTypeScript's (a test compares the two on random signatures).
 * A signature typed `string` (not a literal) gives `unknown` output and a map of unknowns
 * as input, never an error.
 *
 * How it stays fast and shallow: the text is first normalized (commas and line breaks
 * become spaces, brackets and `->` get spaces around them, a space goes before each `:`)
 * and split at spaces into tokens, with tail-recursive loops whose steps are bounded by the
 * count of delimiters, not of characters. The parser then works on the token tuple; only
 * nesting recurses (a depth-8 signature of 30 fields is checked in the type tests). Input
 * and output are parsed separately, so a type that needs one never parses the other.
 */
import type { PtcFn } from "../runtime/values.js";

/**
 * A closure as a Step's `return` carries it: the return value is JSON, and a function in it
 * is its printed label, `#fn[parse-line [s]]` (see docs/agents.md, passing functions).
 */
export type FnLabel = `#fn[${string}]`;

/**
 * The host type of a signature's parameters: `{ query: string; limit?: number | null }`.
 * `:fn` parameters are `PtcFn`, the runtime's closures, which the host passes along as it
 * received them (a host cannot make one). `Record<string, never>` when there are none.
 */
export type SignatureInput<S extends string> =
  IsLiteral<S> extends true ? Finish<ParseInput<Tokens<S>, PtcFn>, Record<string, unknown>> : Record<string, unknown>;

/** The host type of a signature's output as a Step's `return` holds it (`:fn` is its label). */
export type SignatureOutput<S extends string> =
  IsLiteral<S> extends true ? Finish<ParseOutput<Tokens<S>, FnLabel>, unknown> : unknown;

/** What a tool written in TypeScript receives for this signature (`:fn` stays a `PtcFn`). */
export type ToolArgs<S extends string> =
  IsLiteral<S> extends true ? Finish<ParseInput<Tokens<S>, PtcFn>, Record<string, unknown>> : Record<string, unknown>;

/** What a tool written in TypeScript returns for this signature (`:fn` must be a `PtcFn`). */
export type ToolResult<S extends string> =
  IsLiteral<S> extends true ? Finish<ParseOutput<Tokens<S>, PtcFn>, unknown> : unknown;

/**
 * `S` itself when it is a signature the type-level parser reads (or not a literal), else a
 * string type naming the problem: `signature: SignatureCheck<S>` makes a malformed literal
 * a type error whose message says what is wrong. Some mistakes the run-time parser finds
 * (duplicate names) are not found here; none that it accepts is rejected.
 */
export type SignatureCheck<S extends string> =
  IsLiteral<S> extends true
    ? ParseInput<Tokens<S>, PtcFn> extends Err<infer M>
      ? `ptcc: invalid signature: ${M}`
      : ParseOutput<Tokens<S>, FnLabel> extends Err<infer M>
        ? `ptcc: invalid signature: ${M}`
        : S
    : S;

// ---------------------------------------------------------------------------------------
// Results

/** A parse failure with its message. */
interface Err<M extends string> {
  readonly error: M;
}

type IsLiteral<S extends string> = string extends S ? false : true;

/** The parsed type, or the fallback on a parse failure (the runtime reports the error). */
type Finish<R, Fallback> = R extends Err<string> ? Fallback : R extends Parsed<infer T> ? T : Fallback;

interface Parsed<T> {
  readonly ok: T;
}

// ---------------------------------------------------------------------------------------
// Tokens

/** Loops stop after this many steps (tail recursion ends at 1000), and the parse fails. */
type MaxSteps = 900;

/**
 * `Sub<"a,b", ",", " ">` = `"a b"`: four occurrences a step while there are four, so that
 * long signatures stay within the step bound.
 */
type Sub<
  S extends string,
  From extends string,
  To extends string,
  Acc extends string = "",
  N extends 0[] = [],
> = N["length"] extends MaxSteps
  ? "\u0000"
  : S extends `${infer A}${From}${infer B}${From}${infer C}${From}${infer D}${From}${infer R}`
    ? Sub<R, From, To, `${Acc}${A}${To}${B}${To}${C}${To}${D}${To}`, [...N, 0]>
    : S extends `${infer A}${From}${infer R}`
      ? Sub<R, From, To, `${Acc}${A}${To}`, [...N, 0]>
      : `${Acc}${S}`;

type Normalized<S extends string> = Sub<
  Sub<
    Sub<
      Sub<
        Sub<
          Sub<
            Sub<Sub<Sub<Sub<Sub<Sub<S, ",", " ">, "\n", " ">, "\t", " ">, "\r", " ">, "(", " ( ">, ")", " ) ">,
            "[",
            " [ "
          >,
          "]",
          " ] "
        >,
        "{",
        " { "
      >,
      "}",
      " } "
    >,
    "->",
    " -> "
  >,
  ":",
  " :"
>;

/** Outside strings, as Normalized; a `"..."` string is one token, its spaces kept as \u0001. */
type Prepared<S extends string, Acc extends string = "", N extends 0[] = []> = N["length"] extends MaxSteps
  ? "\u0000"
  : S extends `${infer A}"${infer R}`
    ? CloseString<R> extends [infer Body extends string, infer Rest extends string]
      ? Prepared<Rest, `${Acc}${Sub<Normalized<A>, "|", " | ">} "${Sub<Body, " ", "\u0001">}" `, [...N, 0]>
      : "\u0000"
    : `${Acc}${Sub<Normalized<S>, "|", " | ">}`;

/** A string's body up to its closing quote (a quote after one backslash is part of it), and the rest. */
type CloseString<R extends string, Body extends string = "", N extends 0[] = []> = N["length"] extends 64
  ? never
  : R extends `${infer B}"${infer Rest}`
    ? B extends `${string}\\\\`
      ? [`${Body}${B}`, Rest]
      : B extends `${string}\\`
        ? CloseString<Rest, `${Body}${B}"`, [...N, 0]>
        : [`${Body}${B}`, Rest]
    : never;

/** A string token's value as a literal type (`string` when it has escapes other than \" and \\). */
type StringValue<Body extends string> =
  Sub<Body, "\u0001", " "> extends infer B extends string
    ? B extends `${string}\\${string}`
      ? Sub<B, "\\\\", "\u0002"> extends infer C extends string
        ? C extends `${string}\\${"n" | "t" | "r" | "b" | "f" | "u" | "/"}${string}`
          ? string
          : Sub<Sub<Sub<C, '\\"', '"'>, "\u0002", "\\">, "\u0001", " ">
        : string
      : B
    : string;

/**
 * The tokens of a signature as one string, each token followed by one space:
 * `"( query :string ) -> :int "`. A string, not a tuple: taking the first token off a
 * string costs one step, while a tuple is copied element by element at every step.
 */
type Tokens<S extends string> = Split<Prepared<S>>;

/** Spaces collapsed to one after each token, eight tokens at a step while there are eight. */
type Split<S extends string, Acc extends string = "", N extends 0[] = []> = N["length"] extends MaxSteps
  ? "\u0000 "
  : S extends `${infer A} ${infer B} ${infer C} ${infer D} ${infer E} ${infer F} ${infer G} ${infer H} ${infer R}`
    ? Split<R, `${Acc}${Keep<A>}${Keep<B>}${Keep<C>}${Keep<D>}${Keep<E>}${Keep<F>}${Keep<G>}${Keep<H>}`, [...N, 0]>
    : S extends `${infer T} ${infer R}`
      ? Split<R, `${Acc}${Keep<T>}`, [...N, 0]>
      : `${Acc}${Keep<S>}`;

type Keep<T extends string> = T extends "" ? "" : `${T} `;

// ---------------------------------------------------------------------------------------
// The parser: a token string in, [type, optional, rest of the tokens] out

/** The primitives, by name; `Fn` is what `:fn` becomes in this direction. */
interface Primitives<Fn> {
  string: string;
  int: number;
  float: number;
  bool: boolean;
  keyword: string;
  any: unknown;
  map: Record<string, unknown>;
  fn: Fn;
}

/** A parsed type: its host type without the optional marker, the marker, the rest. */
type TypeResult<T, Opt extends boolean, Rest extends string> = [T, Opt, Rest];

/** The value of an optional type is also nil (`unknown` already includes it). */
type Value<T, Opt> = Opt extends true ? T | null : T;

/** Nesting deeper than this is `unknown` (the compiler's own recursion limit is near). */
type MaxDepth = 12;

/** `member (| member)*`: a union of the members' types (members are never optional). */
type ParseType<T extends string, Fn, D extends 0[]> =
  ParseMember<T, Fn, D> extends TypeResult<infer A, infer Opt, infer R>
    ? R extends `| ${infer More}`
      ? ParseUnion<More, Fn, D, A>
      : TypeResult<A, Opt, R>
    : ParseMember<T, Fn, D>;

type ParseUnion<T extends string, Fn, D extends 0[], Acc> =
  ParseMember<T, Fn, D> extends TypeResult<infer A, infer _Opt, infer R>
    ? R extends `| ${infer More}`
      ? ParseUnion<More, Fn, D, Acc | A>
      : TypeResult<Acc | A, false, R>
    : ParseMember<T, Fn, D>;

type ParseMember<T extends string, Fn, D extends 0[]> = T extends `${infer H} ${infer R}`
  ? H extends "[" | "{" | "("
    ? D["length"] extends MaxDepth
      ? Skip<R, [0]>
      : H extends "["
        ? ParseList<R, Fn, [...D, 0]>
        : H extends "{"
          ? ParseMap<R, Fn, [...D, 0]>
          : ParseGroup<R, Fn, [...D, 0]>
    : H extends `"${infer Body}"`
      ? Question<StringValue<Body>, R>
      : H extends "true" | "false"
        ? Question<H extends "true" ? true : false, R>
        : H extends "true?" | "false?"
          ? TypeResult<H extends "true?" ? true : false, true, R>
          : H extends `:${infer P}?`
            ? Keyword<P, Fn, R, true>
            : H extends `:${infer P}`
              ? Keyword<P, Fn, R, false>
              : H extends `${infer N extends number}`
                ? Question<N, R>
                : H extends `${infer N extends number}?`
                  ? TypeResult<N, true, R>
                  : Err<`expected a type, found "${H}"`>
  : Err<"expected a type at the end">;

/**
 * A keyword type: a primitive, an enum (`:enum[a b]`: its values as strings) or a named
 * type (`:Ticket`, capitalized: `unknown` here, the compiler knows it). A refinement in
 * brackets after it (`:int[>0]`) does not change the type.
 */
type Keyword<P extends string, Fn, R extends string, Opt extends boolean> = P extends "enum"
  ? R extends `[ ${infer V}`
    ? EnumValues<V> extends [infer E, infer Rest extends string]
      ? Opt extends true
        ? TypeResult<E, true, Rest>
        : Question<E, Rest>
      : Err<"expected ] to close an enum">
    : Err<"an enum lists its values: :enum[a b]">
  : P extends keyof Primitives<Fn>
    ? Refined<Primitives<Fn>[P], R, Opt>
    : P extends `${infer C}${string}`
      ? C extends Lowercase<C>
        ? Err<`unknown type :${P}`>
        : Refined<unknown, R, Opt>
      : Err<`unknown type :${P}`>;

/** A type with an optional refinement (skipped) and `?` after it. */
type Refined<T, R extends string, Opt extends boolean> = R extends `[ ${infer B}`
  ? B extends `${string} ] ${infer Rest}`
    ? Opt extends true
      ? TypeResult<T, true, Rest>
      : Question<T, Rest>
    : Err<"expected ] to close a refinement">
  : Opt extends true
    ? TypeResult<T, true, R>
    : Question<T, R>;

/** Enum values up to `]`, as a union of strings (`:a` is `a`). */
type EnumValues<T extends string, Acc = never, N extends 0[] = []> = N["length"] extends MaxSteps
  ? never
  : T extends `] ${infer Rest}`
    ? [Acc, Rest]
    : T extends `${infer V} ${infer R}`
      ? EnumValues<R, Acc | Unkeyword<V>, [...N, 0]>
      : never;

/** `( type )`, then `?` makes it optional. */
type ParseGroup<T extends string, Fn, D extends 0[]> =
  ParseType<T, Fn, D> extends TypeResult<infer A, infer Opt, infer R>
    ? R extends `) ${infer Rest}`
      ? Opt extends true
        ? TypeResult<A, true, Rest>
        : Question<A, Rest>
      : Err<"expected ) to close a group">
    : ParseType<T, Fn, D>;

/** A type followed by a separate `?` token (`[:int]?`, `{...}?`, `:int ?`) is optional. */
type Question<T, R extends string> = R extends `? ${infer Rest}` ? TypeResult<T, true, Rest> : TypeResult<T, false, R>;

type ParseList<T extends string, Fn, D extends 0[]> =
  ParseType<T, Fn, D> extends TypeResult<infer Item, infer Opt, infer R>
    ? R extends `] ${infer Rest}`
      ? Refined<Value<Item, Opt>[], Rest, false>
      : Err<"expected ] to close a list">
    : ParseType<T, Fn, D>;

/** One entry per field: name, value type, whether the field may be missing. */
type Entry = [string, unknown, boolean];

/** The fields so far are a union of entries (a union grows without copying a tuple). */
type ParseMap<T extends string, Fn, D extends 0[], Acc extends Entry = never> = T extends `} ${infer Rest}`
  ? Question<[Acc] extends [never] ? { [key: string]: unknown } : Build<Acc>, Rest>
  : T extends `${infer Name} ${infer R}`
    ? Name extends Delimiter
      ? Err<`expected a field name or }, found "${Name}"`>
      : ParseType<R, Fn, D> extends TypeResult<infer F, infer Opt, infer Rest>
        ? ParseMap<Described<Rest>, Fn, D, Acc | [Unkeyword<Name>, Value<F, Opt>, Opt]>
        : ParseType<R, Fn, D>
    : Err<"expected } to close a map">;

/** Past the depth limit: the tokens up to the bracket that closes the type, which is `unknown`. */
type Skip<T extends string, Open extends 0[], N extends 0[] = []> = N["length"] extends MaxSteps
  ? Err<"too long">
  : T extends `${infer H} ${infer R}`
    ? H extends "[" | "{"
      ? Skip<R, [...Open, 0], [...N, 0]>
      : H extends "]" | "}"
        ? Open extends [0, ...infer Outer extends 0[]]
          ? Outer extends []
            ? Question<unknown, R>
            : Skip<R, Outer, [...N, 0]>
          : Err<`unexpected "${H}"`>
        : Skip<R, Open, [...N, 0]>
    : Err<"expected ] or } to close a type">;

type Delimiter = "(" | ")" | "[" | "]" | "{" | "}" | "->" | "?" | "|";

/** The tokens after a field's description (a string after its type), if it has one. */
type Described<T extends string> = T extends `"${string}" ${infer Rest}` ? Rest : T;

/** Names are written with or without a leading colon: `id :int`, `:id :int`. */
type Unkeyword<N extends string> = N extends `:${infer Rest}` ? Rest : N;

/** `{ a: number; b?: string | null }` from the entries, flattened for readable hovers. */
type Build<E extends Entry> = Flatten<
  { [F in E as F[2] extends true ? never : F[0]]: F[1] } & {
    [F in E as F[2] extends true ? F[0] : never]?: F[1];
  }
>;

type Flatten<T> = { [K in keyof T]: T[K] } & {};

// ---------------------------------------------------------------------------------------
// Input and output

/** `(a :int, b :string?) -> ...`: the object of the parameters; `T` alone has none. */
type ParseInput<T extends string, Fn> = T extends `( ${infer R}`
  ? AfterClose<R> extends `-> ${string}`
    ? ParseParams<R, Fn>
    : NoParams<T, Fn>
  : NoParams<T, Fn>;

type NoParams<T extends string, Fn> =
  Whole<ParseType<T, Fn, []>> extends Err<infer M> ? Err<M> : Parsed<Record<string, never>>;

/** The tokens after the `)` that closes an open `(` (parameters are followed by `->`). */
type AfterClose<T extends string, Open extends 0[] = [0], N extends 0[] = []> = N["length"] extends MaxSteps
  ? ""
  : T extends `${infer H} ${infer R}`
    ? H extends "("
      ? AfterClose<R, [...Open, 0], [...N, 0]>
      : H extends ")"
        ? Open extends [0, ...infer Outer extends 0[]]
          ? Outer extends []
            ? R
            : AfterClose<R, Outer, [...N, 0]>
          : ""
        : AfterClose<R, Open, [...N, 0]>
    : "";

type ParseParams<T extends string, Fn, Acc extends Entry = never> = T extends `) ${infer Rest}`
  ? Rest extends `-> ${string}`
    ? Parsed<[Acc] extends [never] ? Record<string, never> : Build<Acc>>
    : Err<"expected -> after the parameters">
  : T extends `${infer Name} ${infer R}`
    ? Name extends Delimiter
      ? Err<`expected a parameter name or ), found "${Name}"`>
      : ParseType<R, Fn, []> extends TypeResult<infer F, infer Opt, infer Rest>
        ? ParseParams<Described<Rest>, Fn, Acc | [Unkeyword<Name>, Value<F, Opt>, Opt]>
        : ParseType<R, Fn, []>
    : Err<"expected ) to close the parameters">;

/**
 * The output type: after `) ->` when there are parameters (the `)` that closes the first
 * `(`, when `->` follows it), else the whole text.
 */
type ParseOutput<T extends string, Fn> = T extends `( ${infer R}`
  ? AfterClose<R> extends `-> ${infer O}`
    ? Whole<ParseType<O, Fn, []>>
    : Whole<ParseType<T, Fn, []>>
  : Whole<ParseType<T, Fn, []>>;

/** A type that uses up every token. */
type Whole<R> =
  R extends TypeResult<infer T, infer Opt, infer Rest>
    ? Rest extends ""
      ? Parsed<Value<T, Opt>>
      : Err<`unexpected "${First<Rest>}" after the type`>
    : R;

type First<T extends string> = T extends `${infer H} ${string}` ? H : T;
