/**
 * Conformance cases for numbers, comparison, predicates and function combinators (see
 * case.ts for the markings).
 */
import { CaseTable } from "./case.js";

const t = new CaseTable();

const JS_NUMBERS = "nbb numbers are JS doubles: no int/float distinction";
const OVERFLOW = "ptcc integers are exact within ±(2^53-1); past that is an overflow error (JVM: past 2^63)";
const LAX = "nbb (JS) arithmetic and comparison accept nil, strings and other non-numbers; JVM Clojure throws";
const LAX_ARITY = "nbb fns do not check their arity";
const CHAR = "nbb characters are strings";
const JS_BITS = "nbb bit operations are 32-bit JS operations; JVM Clojure's are 64-bit";
const JVM_COMPARE =
  "JVM compare on strings, keywords and chars returns the difference of the first differing characters; ClojureScript returns -1/0/1";
const JVM_HASH = "nbb hashes numbers and collections differently from the JVM's hasheq";
const NO_CLJS = "not in ClojureScript/nbb; JVM Clojure 1.11 has it";
const PTC_EXT = "PTC-Lisp extension, not in Clojure";
const PTC_TYPE = "PTC-Lisp's type returns a keyword tag; Clojure returns a class";
const EARLY_CHECK =
  "ptcc checks that combinator arguments are callable when the combinator is made; Clojure fails only when it is called";
const JVM_FLOAT_REM =
  "JVM Clojure's rem/quot/mod on floats compute n - d*trunc(n/d); ClojureScript differs in the last digits";
const NO_RATIO = "no ratios in PTC-Lisp: (/ 1 3) is a float";
const JVM_RESULT = "nbb differs from JVM Clojure here";

// ---------------------------------------------------------------------------------------
// + - * /

t.group("+", [
  ["no args", "(+)"],
  ["one int", "(+ 5)"],
  ["two ints", "(+ 1 2)"],
  ["many ints", "(+ 1 2 3 4 5 6 7 8 9 10)"],
  ["negative", "(+ -5 3)"],
  ["int and float", "(+ 1 2.5)"],
  ["float result stays float", "(+ 1 2.0)", { differs: JS_NUMBERS, expected: "3.0" }],
  ["floats sum", "(+ 0.1 0.2)"],
  ["one float", "(+ 1.5)"],
  ["inf", "(+ ##Inf 1)"],
  ["inf minus inf is nan", "(+ ##Inf ##-Inf)"],
  ["nan spreads", "(+ 1 ##NaN)"],
  ["large ints exact", "(+ 4503599627370496 4503599627370495)"],
  ["overflow", "(+ 9007199254740991 1)", { differs: OVERFLOW, expectError: "arithmetic" }],
  ["overflow negative", "(+ -9007199254740991 -1)", { differs: OVERFLOW, expectError: "arithmetic" }],
  ["overflow in variadic", "(+ 9007199254740990 1 1)", { differs: OVERFLOW, expectError: "arithmetic" }],
  [
    "float past the integer range",
    "(+ 9007199254740991 1.0)",
    { differs: JS_NUMBERS, expected: "9.007199254740992E15" },
  ],
  ["nil is an error", "(+ 1 nil)", { differs: LAX, expectError: "type" }],
  ["string is an error", '(+ 1 "2")', { differs: LAX, expectError: "type" }],
  ["one string is an error", '(+ "a")', { differs: LAX, expectError: "type" }],
  ["keyword is an error", "(+ :a 1)", { differs: LAX, expectError: "type" }],
  ["apply over vector", "(apply + [1 2 3])"],
  ["apply over empty", "(apply + [])"],
  ["reduce", "(reduce + (range 101))"],
  ["as a value", "(map + [1 2] [10 20])"],
  ["char is an error", "(+ \\a 1)", { differs: LAX, expectError: "type" }],
]);

t.group("-", [
  ["negate", "(- 5)"],
  ["negate negative", "(- -5)"],
  ["negate zero", "(- 0)"],
  ["negate float zero", "(- 0.0)", { differs: JS_NUMBERS, expected: "-0.0" }],
  ["negate float", "(- 2.5)"],
  ["two", "(- 10 3)"],
  ["many", "(- 10 1 2 3)"],
  ["to negative", "(- 3 10)"],
  ["float", "(- 1 0.5)"],
  ["float int result", "(- 2.5 0.5)", { differs: JS_NUMBERS, expected: "2.0" }],
  ["inf", "(- ##Inf ##Inf)"],
  ["overflow", "(- -9007199254740991 1)", { differs: OVERFLOW, expectError: "arithmetic" }],
  ["no args", "(-)", { differs: LAX_ARITY, expectError: "arity" }],
  ["nil", "(- nil)", { differs: LAX, expectError: "type" }],
  ["string", '(- 5 "1")', { differs: LAX, expectError: "type" }],
]);

t.group("*", [
  ["no args", "(*)"],
  ["one", "(* 7)"],
  ["two", "(* 6 7)"],
  ["many", "(* 1 2 3 4 5)"],
  ["negative", "(* -2 3)"],
  ["zero times negative", "(* 0 -5)"],
  ["float", "(* 1.5 2)", { differs: JS_NUMBERS, expected: "3.0" }],
  ["float fraction", "(* 0.5 0.5)"],
  ["inf times zero", "(* ##Inf 0)"],
  ["factorial 18", "(reduce * (range 1 19))"],
  ["overflow", "(reduce * (range 1 20))", { differs: OVERFLOW, expectError: "arithmetic" }],
  ["overflow two", "(* 9007199254740991 2)", { differs: OVERFLOW, expectError: "arithmetic" }],
  ["big float", "(* 1e200 1e200)"],
  ["nil", "(* 2 nil)", { differs: LAX, expectError: "type" }],
]);

t.group("/", [
  ["exact", "(/ 10 2)"],
  ["not exact", "(/ 10 4)"],
  ["third", "(/ 1 3)"],
  ["reciprocal", "(/ 2)"],
  ["reciprocal of 1", "(/ 1)"],
  ["reciprocal float", "(/ 0.5)"],
  ["many", "(/ 100 2 5)"],
  ["negative", "(/ -9 3)"],
  ["negative not exact", "(/ -7 2)"],
  ["float", "(/ 10.0 4)"],
  ["float exact", "(/ 10.0 2)", { differs: JS_NUMBERS, expected: "5.0" }],
  ["zero dividend", "(/ 0 5)"],
  [
    "int by zero",
    "(/ 1 0)",
    { differs: "ClojureScript division by zero gives ##Inf; JVM Clojure throws", expectError: "arithmetic" },
  ],
  [
    "zero by zero",
    "(/ 0 0)",
    { differs: "ClojureScript division by zero gives ##NaN; JVM Clojure throws", expectError: "arithmetic" },
  ],
  [
    "reciprocal of zero",
    "(/ 0)",
    { differs: "ClojureScript division by zero gives ##Inf; JVM Clojure throws", expectError: "arithmetic" },
  ],
  ["float by zero", "(/ 1.0 0)"],
  ["negative float by zero", "(/ -1.0 0)"],
  ["int by float zero", "(/ 1 0.0)"],
  ["zero float by zero", "(/ 0.0 0)"],
  ["by inf", "(/ 5 ##Inf)"],
  ["inf by inf", "(/ ##Inf ##Inf)"],
  ["nil", "(/ 1 nil)", { differs: LAX, expectError: "type" }],
  ["no args", "(/)", { differs: LAX_ARITY, expectError: "arity" }],
  ["average", "(let [xs [1 2 3 4]] (/ (reduce + xs) (count xs)))"],
]);

// ---------------------------------------------------------------------------------------
// inc dec quot rem mod abs max min

t.group("inc", [
  ["int", "(inc 41)"],
  ["negative", "(inc -1)"],
  ["float", "(inc 1.5)"],
  ["float integral", "(inc 1.0)", { differs: JS_NUMBERS, expected: "2.0" }],
  ["inf", "(inc ##Inf)"],
  ["max int overflows", "(inc 9007199254740991)", { differs: OVERFLOW, expectError: "arithmetic" }],
  ["nil", "(inc nil)", { differs: LAX, expectError: "type" }],
  ["string", '(inc "1")', { differs: LAX, expectError: "type" }],
  ["map over vector", "(map inc [1 2 3])"],
  ["map over range", "(take 3 (map inc (range)))"],
  ["no args", "(inc)", { differs: LAX_ARITY, expectError: "arity" }],
]);

t.group("dec", [
  ["int", "(dec 1)"],
  ["zero", "(dec 0)"],
  ["float", "(dec 0.5)"],
  ["min int overflows", "(dec -9007199254740991)", { differs: OVERFLOW, expectError: "arithmetic" }],
  ["nil", "(dec nil)", { differs: LAX, expectError: "type" }],
  ["keyword", "(dec :a)", { differs: LAX, expectError: "type" }],
  ["mapv", "(mapv dec [1 2 3])"],
]);

t.group("quot", [
  ["positive", "(quot 7 2)"],
  ["negative dividend", "(quot -7 2)"],
  ["negative divisor", "(quot 7 -2)"],
  ["both negative", "(quot -7 -2)"],
  ["exact", "(quot 6 3)"],
  ["smaller", "(quot 1 5)"],
  ["zero dividend", "(quot 0 5)"],
  ["float", "(quot 7.5 2)", { differs: JS_NUMBERS, expected: "3.0" }],
  ["float negative", "(quot -7.5 2)", { differs: JS_NUMBERS, expected: "-3.0" }],
  ["int by float", "(quot 7 2.0)", { differs: JS_NUMBERS, expected: "3.0" }],
  ["float fraction", "(quot 0.5 0.2)", { differs: JS_NUMBERS, expected: "2.0" }],
  [
    "by zero",
    "(quot 1 0)",
    { differs: "ClojureScript quot by zero gives ##NaN; JVM Clojure throws", expectError: "arithmetic" },
  ],
  [
    "float by zero",
    "(quot 1.5 0)",
    { differs: "ClojureScript quot by zero gives ##NaN; JVM Clojure throws", expectError: "arithmetic" },
  ],
  [
    "inf dividend",
    "(quot ##Inf 2)",
    { differs: "JVM Clojure throws on an infinite quotient; ClojureScript gives ##NaN", expectError: "arithmetic" },
  ],
  ["by inf", "(quot 5 ##Inf)", { differs: JS_NUMBERS, expected: "0.0" }],
  ["nil", "(quot nil 2)", { differs: LAX, expectError: "type" }],
  ["large", "(quot 9007199254740991 2)"],
]);

t.group("rem", [
  ["positive", "(rem 7 2)"],
  ["negative dividend", "(rem -7 2)"],
  ["negative divisor", "(rem 7 -2)"],
  ["both negative", "(rem -7 -2)"],
  ["exact", "(rem 6 3)"],
  ["negative exact is zero", "(rem -6 3)"],
  ["zero", "(rem 0 3)"],
  ["float", "(rem 7.5 2)"],
  ["float negative", "(rem -7.5 2)"],
  ["float divisor", "(rem 7 2.5)", { differs: JS_NUMBERS, expected: "2.0" }],
  ["float rounding", "(rem 1 0.1)", { differs: JVM_FLOAT_REM, expected: "0.0" }],
  ["by inf is nan", "(rem 5 ##Inf)"],
  [
    "by zero",
    "(rem 5 0)",
    { differs: "ClojureScript rem by zero gives ##NaN; JVM Clojure throws", expectError: "arithmetic" },
  ],
  [
    "float by zero",
    "(rem 5.5 0.0)",
    { differs: "ClojureScript rem by zero gives ##NaN; JVM Clojure throws", expectError: "arithmetic" },
  ],
  ["nan", "(rem ##NaN 2)", { differs: "JVM Clojure throws on a NaN quotient", expectError: "arithmetic" }],
  ["string", '(rem "7" 2)', { differs: LAX, expectError: "type" }],
  ["even test", "(filter #(zero? (rem % 3)) (range 10))"],
]);

t.group("mod", [
  ["positive", "(mod 7 2)"],
  ["negative dividend", "(mod -7 2)"],
  ["negative divisor", "(mod 7 -2)"],
  ["both negative", "(mod -7 -2)"],
  ["exact negative", "(mod -6 3)"],
  ["zero", "(mod 0 5)"],
  ["smaller", "(mod 3 5)"],
  ["smaller negative", "(mod -3 5)"],
  ["float", "(mod 7.5 2)"],
  ["float negative", "(mod -7.5 2)"],
  ["float negative divisor", "(mod 7.5 -2)"],
  ["int and float", "(mod -1 0.3)", { differs: JVM_FLOAT_REM, expected: "0.1999999999999999" }],
  ["float integral result", "(mod 10.0 3)", { differs: JS_NUMBERS, expected: "1.0" }],
  ["by inf is nan", "(mod 5 ##Inf)"],
  [
    "by zero",
    "(mod 5 0)",
    { differs: "ClojureScript mod by zero gives ##NaN; JVM Clojure throws", expectError: "arithmetic" },
  ],
  ["nil", "(mod 5 nil)", { differs: LAX, expectError: "type" }],
  ["clock arithmetic", "(map #(mod % 12) [13 25 -1 0])"],
  ["day of week", "(mod (+ 5 10) 7)"],
]);

t.group("abs", [
  ["positive", "(abs 5)"],
  ["negative", "(abs -5)"],
  ["zero", "(abs 0)"],
  ["float", "(abs -2.5)"],
  ["float integral", "(abs -2.0)", { differs: JS_NUMBERS, expected: "2.0" }],
  ["negative zero", "(abs -0.0)", { differs: JS_NUMBERS, expected: "0.0" }],
  ["neg inf", "(abs ##-Inf)"],
  ["nan", "(abs ##NaN)"],
  ["max int", "(abs -9007199254740991)"],
  ["nil", "(abs nil)", { differs: LAX, expectError: "type" }],
  ["string", '(abs "-1")', { differs: LAX, expectError: "type" }],
  ["map", "(map abs [-1 2 -3])"],
]);

t.group("max", [
  ["one", "(max 1)"],
  ["two", "(max 1 2)"],
  ["many", "(max 3 1 4 1 5 9 2 6)"],
  ["negative", "(max -3 -1 -2)"],
  ["int and float", "(max 1 2.5)"],
  ["float wins", "(max 1 2.0)", { differs: JS_NUMBERS, expected: "2.0" }],
  ["int wins over float", "(max 3 2.0)"],
  ["tie keeps the later", "(max 1 1.0)", { differs: JS_NUMBERS, expected: "1.0" }],
  ["tie keeps the later, reversed", "(max 1.0 1)", { differs: JS_NUMBERS, expected: "1" }],
  ["nan first", "(max ##NaN 1)"],
  ["nan last", "(max 1 2 ##NaN)"],
  ["nan middle", "(max 1 ##NaN 2)"],
  ["inf", "(max 1 ##Inf)"],
  ["neg inf", "(max ##-Inf -5)"],
  ["zeros", "(max -0.0 0.0)", { differs: JS_NUMBERS, expected: "0.0" }],
  ["apply", "(apply max [3 8 1])"],
  ["apply empty", "(apply max [])", { differs: LAX_ARITY, expectError: "arity" }],
  ["reduce", "(reduce max [3 8 1])"],
  ["one string is returned", '(max "a")'],
  ["strings", '(max "a" "b")', { differs: LAX, expectError: "type" }],
  ["nil", "(max 1 nil)", { differs: LAX, expectError: "type" }],
  ["string after number", '(max 1 "a")', { differs: LAX, expectError: "type" }],
]);

t.group("min", [
  ["one", "(min 1)"],
  ["two", "(min 1 2)"],
  ["many", "(min 3 1 4 1 5 9 2 6)"],
  ["negative", "(min -3 -1 -2)"],
  ["floats", "(min 4 2.5 3)"],
  ["tie keeps the later", "(min 1 1.0)", { differs: JS_NUMBERS, expected: "1.0" }],
  ["nan", "(min 1 2 ##NaN)"],
  ["nan first", "(min ##NaN 1 2)"],
  ["neg inf", "(min 1 ##-Inf)"],
  ["zeros", "(min 0.0 -0.0)", { differs: JS_NUMBERS, expected: "-0.0" }],
  ["apply", "(apply min (range 5 10))"],
  ["nil", "(min nil 1)", { differs: LAX, expectError: "type" }],
  ["keyword", "(min :a :b)", { differs: LAX, expectError: "type" }],
  ["no args", "(min)", { differs: LAX_ARITY, expectError: "arity" }],
]);

// ---------------------------------------------------------------------------------------
// Conversions and math

t.group("double", [
  ["int", "(double 1)", { differs: JS_NUMBERS, expected: "1.0" }],
  ["float", "(double 2.5)"],
  ["negative", "(double -3)", { differs: JS_NUMBERS, expected: "-3.0" }],
  ["inf", "(double ##Inf)"],
  ["in arithmetic", "(/ (double 1) 3)"],
  ["nil", "(double nil)", { differs: LAX, expectError: "type" }],
  ["string", '(double "1.5")', { differs: LAX, expectError: "type" }],
  ["is a float", "(float? (double 3))", { differs: JS_NUMBERS, expected: "true" }],
]);

t.group("float", [
  ["int", "(float 3)", { differs: JS_NUMBERS, expected: "3.0" }],
  ["float", "(float 0.5)"],
  ["nil", "(float nil)", { differs: LAX, expectError: "type" }],
  ["map", "(map float [1 2])", { differs: JS_NUMBERS, expected: "(1.0 2.0)" }],
]);

t.group("int", [
  ["int", "(int 5)"],
  ["truncates", "(int 2.7)"],
  ["truncates negative", "(int -2.7)"],
  ["float integral", "(int 3.0)"],
  ["small fraction", "(int 0.2)"],
  ["negative small", "(int -0.2)"],
  ["char", "(int \\a)", { differs: CHAR, expected: "97" }],
  ["char digit", "(int \\0)", { differs: CHAR, expected: "48" }],
  ["division result", "(int (/ 7 2))"],
  [
    "large",
    "(int 1e15)",
    { differs: "JVM int is 32-bit; ptcc has one integer type, exact within ±(2^53-1)", expected: "1000000000000000" },
  ],
  [
    "nan",
    "(int ##NaN)",
    { differs: "JVM (int ##NaN) is 0; ptcc refuses to invent a value", expectError: "arithmetic" },
  ],
  [
    "inf",
    "(int ##Inf)",
    { differs: "JVM throws (out of range); ClojureScript keeps ##Inf", expectError: "arithmetic" },
  ],
  [
    "too large",
    "(int 1e20)",
    { differs: "JVM throws (out of range); ClojureScript truncates", expectError: "arithmetic" },
  ],
  ["nil", "(int nil)", { differs: LAX, expectError: "type" }],
  ["string", '(int "5")', { differs: LAX, expectError: "type" }],
]);

t.group("long", [
  ["int", "(long 5)"],
  ["truncates", "(long 2.9)", { differs: NO_CLJS, expected: "2" }],
  ["truncates negative", "(long -2.9)", { differs: NO_CLJS, expected: "-2" }],
  ["float", "(long 1e3)", { differs: NO_CLJS, expected: "1000" }],
  ["char", "(long \\A)", { differs: CHAR, expected: "65" }],
  ["nil", "(long nil)", { differs: LAX, expectError: "type" }],
  ["inf", "(long ##-Inf)", { differs: "JVM throws (out of range)", expectError: "arithmetic" }],
]);

t.group("num", [
  ["int", "(num 5)", { differs: NO_CLJS, expected: "5" }],
  ["float", "(num 2.5)", { differs: NO_CLJS, expected: "2.5" }],
  ["string", '(num "5")', { ptccError: "type" }],
  ["nil", "(num nil)", { ptccError: "type" }],
]);

t.group("floor", [
  ["float", "(floor 2.7)", { differs: PTC_EXT, expected: "2" }],
  ["negative", "(floor -2.5)", { differs: PTC_EXT, expected: "-3" }],
  ["int", "(floor 5)", { differs: PTC_EXT, expected: "5" }],
  ["integral float", "(floor 3.0)", { differs: PTC_EXT, expected: "3" }],
  ["small negative", "(floor -0.5)", { differs: PTC_EXT, expected: "-1" }],
  ["inf passes", "(floor ##Inf)", { differs: PTC_EXT, expected: "##Inf" }],
  ["nan passes", "(floor ##NaN)", { differs: PTC_EXT, expected: "##NaN" }],
  ["huge float passes", "(floor 1e20)", { differs: PTC_EXT, expected: "1.0E20" }],
  ["result is an integer", "(integer? (floor 2.5))", { differs: PTC_EXT, expected: "true" }],
  ["nil", "(floor nil)", { differs: PTC_EXT, expectError: "type" }],
  ["Math/floor is a float", "(Math/floor 2.5)", { differs: JS_NUMBERS, expected: "2.0" }],
  ["Math/floor negative", "(Math/floor -2.5)", { differs: JS_NUMBERS, expected: "-3.0" }],
  ["Math/floor int", "(Math/floor 7)", { differs: JS_NUMBERS, expected: "7.0" }],
  ["Math/floor fraction", "(Math/floor 0.5)", { differs: JS_NUMBERS, expected: "0.0" }],
  ["Math/floor nil", "(Math/floor nil)", { differs: LAX, expectError: "type" }],
]);

t.group("ceil", [
  ["float", "(ceil 2.1)", { differs: PTC_EXT, expected: "3" }],
  ["negative", "(ceil -2.5)", { differs: PTC_EXT, expected: "-2" }],
  ["small negative gives zero", "(ceil -0.5)", { differs: PTC_EXT, expected: "0" }],
  ["int", "(ceil 4)", { differs: PTC_EXT, expected: "4" }],
  ["inf", "(ceil ##-Inf)", { differs: PTC_EXT, expected: "##-Inf" }],
  ["string", '(ceil "1")', { differs: PTC_EXT, expectError: "type" }],
  ["Math/ceil", "(Math/ceil 2.1)", { differs: JS_NUMBERS, expected: "3.0" }],
  ["Math/ceil negative", "(Math/ceil -2.5)", { differs: JS_NUMBERS, expected: "-2.0" }],
  ["Math/ceil small negative", "(Math/ceil -0.5)", { differs: JS_NUMBERS, expected: "-0.0" }],
  ["pages needed", "(int (Math/ceil (/ 23 10)))"],
]);

t.group("round", [
  ["half up", "(round 2.5)", { differs: PTC_EXT, expected: "3" }],
  ["half away from zero", "(round -2.5)", { differs: PTC_EXT, expected: "-3" }],
  ["below half", "(round 2.4)", { differs: PTC_EXT, expected: "2" }],
  ["above half negative", "(round -2.6)", { differs: PTC_EXT, expected: "-3" }],
  ["int", "(round 7)", { differs: PTC_EXT, expected: "7" }],
  ["small", "(round 0.49999999999999994)", { differs: PTC_EXT, expected: "0" }],
  ["half", "(round 0.5)", { differs: PTC_EXT, expected: "1" }],
  ["negative half", "(round -0.5)", { differs: PTC_EXT, expected: "-1" }],
  ["nan", "(round ##NaN)", { differs: PTC_EXT, expected: "##NaN" }],
  ["nil", "(round nil)", { differs: PTC_EXT, expectError: "type" }],
  ["Math/round half up", "(Math/round 2.5)"],
  ["Math/round negative half", "(Math/round -2.5)"],
  ["Math/round below", "(Math/round 2.4)"],
  ["Math/round negative", "(Math/round -2.6)"],
  ["Math/round int", "(Math/round 3)"],
  [
    "Math/round nan",
    "(Math/round ##NaN)",
    { differs: "JVM gives 0 for NaN; ptcc refuses to invent a value", expectError: "arithmetic" },
  ],
  ["Math/round to cents", "(/ (Math/round (* 3.14159 100)) 100.0)"],
]);

t.group("trunc", [
  ["positive", "(trunc 2.7)", { differs: PTC_EXT, expected: "2" }],
  ["negative", "(trunc -2.7)", { differs: PTC_EXT, expected: "-2" }],
  ["int", "(trunc 3)", { differs: PTC_EXT, expected: "3" }],
  ["inf", "(trunc ##Inf)", { differs: PTC_EXT, expected: "##Inf" }],
  ["keyword", "(trunc :a)", { differs: PTC_EXT, expectError: "type" }],
]);

t.group("sqrt", [
  ["perfect", "(sqrt 16)", { differs: PTC_EXT, expected: "4.0" }],
  ["irrational", "(sqrt 2)", { differs: PTC_EXT, expected: "1.4142135623730951" }],
  ["negative", "(sqrt -1)", { differs: PTC_EXT, expected: "##NaN" }],
  ["zero", "(sqrt 0)", { differs: PTC_EXT, expected: "0.0" }],
  ["inf", "(sqrt ##Inf)", { differs: PTC_EXT, expected: "##Inf" }],
  ["nil", "(sqrt nil)", { differs: PTC_EXT, expectError: "type" }],
  ["Math/sqrt", "(Math/sqrt 16)", { differs: JS_NUMBERS, expected: "4.0" }],
  ["Math/sqrt irrational", "(Math/sqrt 2)"],
  ["Math/sqrt negative", "(Math/sqrt -4)"],
  ["distance", "(Math/sqrt (+ (* 3 3) (* 4 4)))", { differs: JS_NUMBERS, expected: "5.0" }],
]);

t.group("pow", [
  ["ints", "(pow 2 10)", { differs: PTC_EXT, expected: "1024.0" }],
  ["fraction", "(pow 4 0.5)", { differs: PTC_EXT, expected: "2.0" }],
  ["negative exponent", "(pow 2 -1)", { differs: PTC_EXT, expected: "0.5" }],
  ["zero exponent", "(pow 0 0)", { differs: PTC_EXT, expected: "1.0" }],
  ["huge", "(pow 10 400)", { differs: PTC_EXT, expected: "##Inf" }],
  ["negative base fraction", "(pow -8 (/ 1.0 3))", { differs: PTC_EXT, expected: "##NaN" }],
  ["nil", "(pow nil 2)", { differs: PTC_EXT, expectError: "type" }],
  ["Math/pow", "(Math/pow 2 3)", { differs: JS_NUMBERS, expected: "8.0" }],
  ["Math/pow fraction", "(Math/pow 2 0.5)"],
  ["Math/pow negative", "(Math/pow 10 -2)"],
  ["Math/pow compound interest", "(* 1000 (Math/pow 1.05 10))"],
]);

t.group("exp", [
  ["zero", "(exp 0)", { differs: PTC_EXT, expected: "1.0" }],
  ["one", "(exp 1)", { differs: PTC_EXT, expected: "2.718281828459045" }],
  ["neg inf", "(exp ##-Inf)", { differs: PTC_EXT, expected: "0.0" }],
  ["Math/exp", "(Math/exp 1)"],
  ["Math/exp 0", "(Math/exp 0)", { differs: JS_NUMBERS, expected: "1.0" }],
  ["Math/expm1", "(Math/expm1 1e-10)"],
]);

t.group("log", [
  ["one", "(log 1)", { differs: PTC_EXT, expected: "0.0" }],
  ["e", "(log Math/E)", { differs: PTC_EXT, expected: "1.0" }],
  ["zero", "(log 0)", { differs: PTC_EXT, expected: "##-Inf" }],
  ["negative", "(log -1)", { differs: PTC_EXT, expected: "##NaN" }],
  ["string", '(log "1")', { differs: PTC_EXT, expectError: "type" }],
  ["Math/log", "(Math/log 10)"],
  ["Math/log zero", "(Math/log 0)"],
  ["Math/log1p", "(Math/log1p 1e-10)"],
  ["log base 2", "(/ (Math/log 1024) (Math/log 2))", { differs: JS_NUMBERS, expected: "10.0" }],
]);

t.group("log10", [
  ["thousand", "(log10 1000)", { differs: PTC_EXT, expected: "3.0" }],
  ["fraction", "(log10 0.01)", { differs: PTC_EXT, expected: "-2.0" }],
  ["Math/log10", "(Math/log10 100)", { differs: JS_NUMBERS, expected: "2.0" }],
  ["Math/log10 non power", "(Math/log10 2)"],
]);

t.group("signum", [
  ["negative", "(signum -5)", { differs: PTC_EXT, expected: "-1.0" }],
  ["positive float", "(signum 2.5)", { differs: PTC_EXT, expected: "1.0" }],
  ["zero", "(signum 0)", { differs: PTC_EXT, expected: "0.0" }],
  ["nan", "(signum ##NaN)", { differs: PTC_EXT, expected: "##NaN" }],
  ["Math/signum", "(Math/signum -2.5)", { differs: "JS has Math.sign, not Math.signum", expected: "-1.0" }],
  ["Math/signum zero", "(Math/signum 0.0)", { differs: "JS has Math.sign, not Math.signum", expected: "0.0" }],
]);

t.group("Math", [
  ["abs int", "(Math/abs -3)"],
  ["abs float", "(Math/abs -2.5)"],
  ["abs float integral", "(Math/abs -2.0)", { differs: JS_NUMBERS, expected: "2.0" }],
  ["max ints", "(Math/max 1 2)"],
  ["max mixed widens", "(Math/max 3 2.5)", { differs: JS_NUMBERS, expected: "3.0" }],
  ["max float", "(Math/max 1 2.5)"],
  ["min ints", "(Math/min 3 1)"],
  ["min negative", "(Math/min -3 -4)"],
  ["max nan", "(Math/max 1 ##NaN)"],
  ["max string", '(Math/max 1 "2")', { differs: LAX, expectError: "type" }],
  ["cbrt", "(Math/cbrt 27)", { differs: JS_NUMBERS, expected: "3.0" }],
  ["cbrt negative", "(Math/cbrt -8)", { differs: JS_NUMBERS, expected: "-2.0" }],
  ["sin", "(Math/sin 0)", { differs: JS_NUMBERS, expected: "0.0" }],
  ["cos", "(Math/cos 0)", { differs: JS_NUMBERS, expected: "1.0" }],
  ["sin pi/2", "(Math/sin (/ Math/PI 2))", { differs: JS_NUMBERS, expected: "1.0" }],
  ["tan", "(Math/tan 1)"],
  ["asin", "(Math/asin 1)"],
  ["acos", "(Math/acos 0.5)"],
  ["atan", "(Math/atan 1)"],
  ["atan2", "(Math/atan2 1 1)"],
  ["atan2 negative", "(Math/atan2 -1 -1)"],
  ["hypot", "(Math/hypot 3 4)", { differs: JS_NUMBERS, expected: "5.0" }],
  ["sinh", "(Math/sinh 1)"],
  ["cosh", "(Math/cosh 1)"],
  ["tanh", "(Math/tanh 1)"],
  ["toRadians", "(Math/toRadians 180)", { differs: "JS has no Math.toRadians", expected: "3.141592653589793" }],
  ["toDegrees", "(Math/toDegrees Math/PI)", { differs: "JS has no Math.toDegrees", expected: "180.0" }],
  ["rint half to even", "(Math/rint 2.5)", { differs: "JS has no Math.rint", expected: "2.0" }],
  ["rint odd half", "(Math/rint 3.5)", { differs: "JS has no Math.rint", expected: "4.0" }],
  ["rint negative half", "(Math/rint -2.5)", { differs: "JS has no Math.rint", expected: "-2.0" }],
  ["rint", "(Math/rint 2.7)", { differs: "JS has no Math.rint", expected: "3.0" }],
  ["floorDiv", "(Math/floorDiv -7 2)", { differs: "JS has no Math.floorDiv", expected: "-4" }],
  ["floorDiv positive", "(Math/floorDiv 7 2)", { differs: "JS has no Math.floorDiv", expected: "3" }],
  ["floorDiv by zero", "(Math/floorDiv 7 0)", { differs: "JS has no Math.floorDiv", expectError: "arithmetic" }],
  ["floorMod", "(Math/floorMod -7 2)", { differs: "JS has no Math.floorMod", expected: "1" }],
  ["floorMod negative divisor", "(Math/floorMod 7 -2)", { differs: "JS has no Math.floorMod", expected: "-1" }],
  ["PI", "Math/PI"],
  ["E", "Math/E"],
  ["circle area", "(* Math/PI 2 2)"],
  ["no Math/random", "(Math/random)", { differs: "no randomness in PTC-Lisp", expectError: "undefined" }],
]);

t.group("Double", [
  ["isNaN", "(Double/isNaN ##NaN)", { differs: "JS has no Double class", expected: "true" }],
  ["isNaN number", "(Double/isNaN 1)", { differs: "JS has no Double class", expected: "false" }],
  ["isInfinite", "(Double/isInfinite (/ -1.0 0))", { differs: "JS has no Double class", expected: "true" }],
  ["isInfinite number", "(Double/isInfinite 1e308)", { differs: "JS has no Double class", expected: "false" }],
  ["isFinite", "(Double/isFinite 1.5)", { differs: "JS has no Double class", expected: "true" }],
  ["isFinite nan", "(Double/isFinite ##NaN)", { differs: "JS has no Double class", expected: "false" }],
  ["isNaN nil", "(Double/isNaN nil)", { differs: "JS has no Double class", expectError: "type" }],
]);

t.group("NaN?", [
  ["nan", "(NaN? ##NaN)"],
  ["int", "(NaN? 1)"],
  ["float", "(NaN? 1.5)"],
  ["inf", "(NaN? ##Inf)"],
  ["computed", "(NaN? (/ 0.0 0))"],
  ["nil", "(NaN? nil)", { differs: LAX, expectError: "type" }],
  ["string", '(NaN? "a")', { differs: LAX, expectError: "type" }],
  ["filter", "(remove NaN? [1 ##NaN 2])"],
]);

t.group("infinite?", [
  ["inf", "(infinite? ##Inf)", { differs: NO_CLJS, expected: "true" }],
  ["neg inf", "(infinite? ##-Inf)", { differs: NO_CLJS, expected: "true" }],
  ["int", "(infinite? 1)", { differs: NO_CLJS, expected: "false" }],
  ["nan", "(infinite? ##NaN)", { differs: NO_CLJS, expected: "false" }],
  ["computed", "(infinite? (/ 1.0 0))", { differs: NO_CLJS, expected: "true" }],
  ["nil", "(infinite? nil)", { ptccError: "type" }],
]);

// ---------------------------------------------------------------------------------------
// Bit operations

t.group("bit-and", [
  ["two", "(bit-and 12 10)"],
  ["many", "(bit-and 15 7 3)"],
  ["negative", "(bit-and -1 255)"],
  ["zero", "(bit-and 0 -1)"],
  ["large", "(bit-and 4294967296 4294967297)", { differs: JS_BITS, expected: "4294967296" }],
  ["float", "(bit-and 1.5 1)", { differs: LAX, expectError: "type" }],
  ["nil", "(bit-and nil 1)", { differs: LAX, expectError: "type" }],
  ["one arg", "(bit-and 1)", { differs: LAX_ARITY, expectError: "arity" }],
]);

t.group("bit-or", [
  ["two", "(bit-or 12 10)"],
  ["many", "(bit-or 1 2 4 8)"],
  ["negative", "(bit-or -8 3)"],
  ["large", "(bit-or 4294967296 1)", { differs: JS_BITS, expected: "4294967297" }],
  ["string", '(bit-or "1" 1)', { differs: LAX, expectError: "type" }],
]);

t.group("bit-xor", [
  ["two", "(bit-xor 12 10)"],
  ["self", "(bit-xor 7 7)"],
  ["negative", "(bit-xor -8 3)"],
  ["many", "(bit-xor 1 2 3)"],
  ["large", "(bit-xor 8589934592 1)", { differs: JS_BITS, expected: "8589934593" }],
]);

t.group("bit-and-not", [
  ["two", "(bit-and-not 12 10)"],
  ["many", "(bit-and-not 15 1 2)"],
  ["negative", "(bit-and-not -1 1)"],
]);

t.group("bit-not", [
  ["positive", "(bit-not 7)"],
  ["zero", "(bit-not 0)"],
  ["negative", "(bit-not -1)"],
  ["large", "(bit-not 4294967296)", { differs: JS_BITS, expected: "-4294967297" }],
  ["float", "(bit-not 1.0)", { differs: LAX, expectError: "type" }],
]);

t.group("bit-shift-left", [
  ["small", "(bit-shift-left 1 10)"],
  ["negative", "(bit-shift-left -3 2)"],
  ["past 32 bits", "(bit-shift-left 1 40)", { differs: JS_BITS, expected: "1099511627776" }],
  ["bit 31", "(bit-shift-left 1 31)", { differs: JS_BITS, expected: "2147483648" }],
  ["shift masked to 6 bits", "(bit-shift-left 1 64)", { differs: JS_BITS, expected: "1" }],
  ["overflow", "(bit-shift-left 1 60)", { differs: OVERFLOW, expectError: "arithmetic" }],
  ["wraps to zero", "(bit-shift-left 2048 53)", { differs: JS_BITS, expected: "0" }],
  ["zero", "(bit-shift-left 0 5)"],
]);

t.group("bit-shift-right", [
  ["small", "(bit-shift-right 1024 3)"],
  ["negative keeps sign", "(bit-shift-right -16 2)"],
  ["all out", "(bit-shift-right 5 10)"],
  ["negative all out", "(bit-shift-right -5 10)"],
  ["large", "(bit-shift-right 1099511627776 20)", { differs: JS_BITS, expected: "1048576" }],
  ["string", '(bit-shift-right "8" 1)', { differs: LAX, expectError: "type" }],
]);

t.group("unsigned-bit-shift-right", [
  ["positive", "(unsigned-bit-shift-right 16 2)"],
  ["negative", "(unsigned-bit-shift-right -1 60)"],
  ["negative small shift", "(unsigned-bit-shift-right -1 1)", { differs: OVERFLOW, expectError: "arithmetic" }],
  ["zero shift", "(unsigned-bit-shift-right 5 0)"],
]);

t.group("bit-test", [
  ["set", "(bit-test 5 2)"],
  ["clear", "(bit-test 5 1)"],
  ["negative", "(bit-test -1 40)", { differs: JS_BITS, expected: "true" }],
  ["high bit", "(bit-test 4294967296 32)", { differs: JS_BITS, expected: "true" }],
]);

t.group("bit-set", [
  ["set", "(bit-set 0 3)"],
  ["already set", "(bit-set 8 3)"],
  ["high", "(bit-set 0 40)", { differs: JS_BITS, expected: "1099511627776" }],
]);

t.group("bit-clear", [
  ["clear", "(bit-clear 15 0)", { differs: "nbb has no bit-clear", expected: "14" }],
  ["already clear", "(bit-clear 14 0)", { differs: "nbb has no bit-clear", expected: "14" }],
]);

t.group("bit-flip", [
  ["flip on", "(bit-flip 5 1)"],
  ["flip off", "(bit-flip 7 0)"],
]);

// ---------------------------------------------------------------------------------------
// Comparison

t.group("=", [
  ["ints", "(= 1 1)"],
  ["int and float", "(= 1 1.0)", { differs: JS_NUMBERS, expected: "false" }],
  ["floats", "(= 1.5 1.5)"],
  ["nan", "(= ##NaN ##NaN)"],
  ["strings", '(= "a" "a")'],
  ["keyword and string", '(= :a "a")'],
  ["vector and list", "(= [1 2] '(1 2))"],
  ["vector and lazy seq", "(= [2 3] (map inc [1 2]))"],
  ["nested", "(= {:a [1 {:b #{1 2}}]} {:a [1 {:b #{2 1}}]})"],
  ["maps by content", "(= {:a 1 :b 2} {:b 2 :a 1})"],
  ["map and vector", "(= {} [])"],
  ["set and vector", "(= #{1} [1])"],
  ["nil and false", "(= nil false)"],
  ["one arg", "(= 1)"],
  ["three", "(= 1 1 1)"],
  ["three differ", "(= 1 1 2)"],
  ["empty vector and list", "(= [] '())"],
  ["empty vector and nil", "(= [] nil)"],
  ["chars", "(= \\a \\a)"],
  ["char and string", '(= \\a "a")', { differs: CHAR, expected: "false" }],
  ["range and vector", "(= (range 3) [0 1 2])"],
  ["symbol", "(= 'a 'a)"],
]);

t.group("not=", [
  ["different", "(not= 1 2)"],
  ["same", "(not= 1 1)"],
  ["int and float", "(not= 1 1.0)", { differs: JS_NUMBERS, expected: "true" }],
  ["one arg", "(not= 1)"],
  ["three", "(not= 1 1 2)"],
  ["collections", "(not= [1] [1])"],
  ["nan", "(not= ##NaN ##NaN)"],
]);

t.group("==", [
  ["int and float", "(== 1 1.0)"],
  ["ints", "(== 2 2)"],
  ["different", "(== 1 2)"],
  ["three", "(== 1 1.0 1)"],
  ["nan", "(== ##NaN ##NaN)"],
  ["one arg", "(== 1)"],
  ["zero and negative zero", "(== 0 -0.0)"],
  ["nil", "(== nil 1)", { differs: LAX, expectError: "type" }],
  ["strings", '(== "a" "a")', { differs: LAX, expectError: "type" }],
]);

t.group("<", [
  ["increasing", "(< 1 2 3)"],
  ["equal", "(< 1 1)"],
  ["decreasing", "(< 2 1)"],
  ["one arg", "(< 1)"],
  ["floats", "(< 1 1.5 2)"],
  ["inf", "(< 1 ##Inf)"],
  ["neg inf", "(< ##-Inf -1e308)"],
  ["nan", "(< 1 ##NaN)"],
  ["nan first", "(< ##NaN 1)"],
  ["strings", '(< "a" "b")', { differs: LAX, expectError: "type" }],
  ["nil", "(< nil 1)", { differs: LAX, expectError: "type" }],
  ["keywords", "(< :a :b)", { differs: LAX, expectError: "type" }],
  ["stops at first false", '(< 2 1 "a")'],
  ["sorted check", "(apply < [1 2 3 4])"],
  ["sorted check fails", "(apply < [1 3 2])"],
  ["filter", "(filter #(< % 3) (range 6))"],
]);

t.group(">", [
  ["decreasing", "(> 3 2 1)"],
  ["with equal", "(> 3 2 2)"],
  ["float", "(> 2.5 2)"],
  ["nan", "(> ##NaN 1)"],
  ["inf", "(> ##Inf 1e308)"],
  ["vector", "(> [1] [0])", { differs: LAX, expectError: "type" }],
]);

t.group("<=", [
  ["non-decreasing", "(<= 1 2 2)"],
  ["decrease", "(<= 2 1)"],
  ["inf equal", "(<= ##Inf ##Inf)"],
  ["inf chain", "(<= 1 ##Inf ##Inf)"],
  ["int float", "(<= 1 1.0)"],
  ["nan", "(<= ##NaN ##NaN)"],
  ["string", '(<= 1 "2")', { differs: LAX, expectError: "type" }],
]);

t.group(">=", [
  ["non-increasing", "(>= 3 3 1)"],
  ["increase", "(>= 1 2)"],
  ["neg inf equal", "(>= ##-Inf ##-Inf ##-Inf)"],
  ["float int", "(>= 2.0 2)"],
  ["nil", "(>= nil nil)", { differs: LAX, expectError: "type" }],
]);

t.group("compare", [
  ["less", "(compare 1 2)"],
  ["greater", "(compare 2 1)"],
  ["equal", "(compare 1 1)"],
  ["int and float equal", "(compare 1 1.0)"],
  ["float", "(compare 1.5 2)"],
  ["large difference is -1", "(compare 1 100)"],
  ["nan", "(compare ##NaN 1)"],
  ["inf", "(compare ##Inf 1)"],
  ["nil first", "(compare nil 1)"],
  ["nil last", '(compare "a" nil)'],
  ["nil nil", "(compare nil nil)"],
  ["strings adjacent", '(compare "a" "b")'],
  ["strings apart", '(compare "a" "c")', { differs: JVM_COMPARE, expected: "-2" }],
  ["strings reversed", '(compare "banana" "apple")', { differs: JVM_COMPARE, expected: "1" }],
  ["prefix", '(compare "ab" "abc")', { differs: JVM_COMPARE, expected: "-1" }],
  ["prefix longer", '(compare "abcd" "ab")', { differs: JVM_COMPARE, expected: "2" }],
  ["empty string", '(compare "" "a")'],
  ["case", '(compare "B" "a")', { differs: JVM_COMPARE, expected: "-31" }],
  ["strings equal", '(compare "x" "x")'],
  ["keywords", "(compare :a :b)"],
  ["keywords apart", "(compare :a :z)", { differs: JVM_COMPARE, expected: "-25" }],
  ["keywords equal", "(compare :a :a)"],
  ["namespaced keyword after plain", "(compare :a/b :b)"],
  ["plain keyword before namespaced", "(compare :z :a/b)"],
  ["symbols", "(compare 'a 'b)"],
  ["booleans", "(compare false true)"],
  ["booleans reversed", "(compare true false)"],
  ["chars", "(compare \\a \\b)"],
  ["chars apart", "(compare \\a \\d)", { differs: JVM_COMPARE, expected: "-3" }],
  ["vectors by length", "(compare [1 2 3] [9 9])"],
  ["vectors by item", "(compare [1 2] [1 3])"],
  ["vectors equal", '(compare [1 "a"] [1 "a"])'],
  ["vectors nested", "(compare [[1 2]] [[1 3]])"],
  ["empty vectors", "(compare [] [])"],
  ["number and string", '(compare 1 "a")', { ptccError: "type" }],
  ["string and keyword", '(compare "a" :a)', { ptccError: "type" }],
  ["maps", "(compare {:a 1} {:a 2})", { ptccError: "type" }],
  ["sets", "(compare #{1} #{2})", { ptccError: "type" }],
  ["vector items of different kinds", '(compare [1] ["a"])', { ptccError: "type" }],
  ["sort uses compare", "(sort [3 1.5 2 -1])"],
  ["sort strings", '(sort ["pear" "apple" "fig"])'],
  ["sort keywords", "(sort [:c :a :b])"],
  ["sort vectors", "(sort [[2 1] [1] [1 2]])"],
  ["sort with nil", "(sort [3 nil 1])"],
  ["as comparator", "(sort compare [3 1 2])"],
  ["reversed comparator", "(sort #(compare %2 %1) [3 1 2])"],
]);

t.group("not", [
  ["nil", "(not nil)"],
  ["false", "(not false)"],
  ["zero", "(not 0)"],
  ["empty string", '(not "")'],
  ["empty vector", "(not [])"],
  ["true", "(not true)"],
]);

t.group("identity", [
  ["value", "(identity 5)"],
  ["nil", "(identity nil)"],
  ["filter", "(filter identity [1 nil 2 false 3])"],
  ["map", "(map identity [1 2])"],
  ["group-by", "(group-by identity [1 1 2])"],
]);

t.group("identical?", [
  [
    "same keyword",
    "(identical? :a :a)",
    { differs: "JVM keywords are interned; ClojureScript keywords are not", expected: "true" },
  ],
  ["same vector", "(let [v [1 2]] (identical? v v))"],
  ["equal vectors", "(identical? [1 2] [1 2])"],
  ["small ints", "(identical? 1 1)"],
  ["nil", "(identical? nil nil)"],
  ["true", "(identical? true true)"],
  ["nil and false", "(identical? nil false)"],
  ["same string", '(let [s "abc"] (identical? s s))'],
  ["same map", "(let [m {:a 1}] (identical? m m))"],
  ["assoc makes a new map", "(let [m {:a 1}] (identical? m (assoc m :b 2)))"],
]);

t.group("hash", [
  ["nil", "(hash nil)"],
  ["true", "(hash true)"],
  ["false", "(hash false)"],
  ["keyword", "(hash :a)"],
  ["namespaced keyword", "(hash :a/b)"],
  ["int", "(hash 1)", { differs: JVM_HASH, expected: "1392991556" }],
  ["zero", "(hash 0)"],
  ["string", '(hash "abc")'],
  ["vector", "(hash [1 2])", { differs: JVM_HASH, expected: "156247261" }],
  ["equal vector and list", "(= (hash [1 2]) (hash '(1 2)))"],
  ["equal vector and lazy seq", "(= (hash [2 3]) (hash (map inc [1 2])))"],
  ["equal maps", "(= (hash {:a 1 :b 2}) (hash {:b 2 :a 1}))"],
  ["equal sets", "(= (hash #{1 2 3}) (hash #{3 2 1}))"],
  ["different values differ", "(= (hash [1 2]) (hash [2 1]))"],
  ["is an integer", "(integer? (hash {:a [1 2]}))"],
  ["float", "(hash 1.5)", { differs: JVM_HASH, expected: "1073217536" }],
  ["integral float", "(hash 1.0)", { differs: JVM_HASH, expected: "1072693248" }],
  ["negative int", "(hash -1)", { differs: JVM_HASH, expected: "1651860712" }],
  ["empty string", '(hash "")'],
  ["char", "(hash \\a)", { differs: CHAR, expected: "97" }],
  ["symbol", "(hash 'a)"],
  ["empty set", "(hash #{})", { differs: JVM_HASH, expected: "-15128758" }],
  ["empty list", "(hash '())", { differs: JVM_HASH, expected: "-2017569654" }],
  ["int and float differ", "(= (hash 1) (hash 1.0))", { differs: JS_NUMBERS, expected: "false" }],
  ["empty map", "(hash {})", { differs: JVM_HASH, expected: "-15128758" }],
  ["empty vector", "(hash [])", { differs: JVM_HASH, expected: "-2017569654" }],
]);

t.group("boolean", [
  ["nil", "(boolean nil)"],
  ["false", "(boolean false)"],
  ["true", "(boolean true)"],
  ["zero", "(boolean 0)"],
  ["empty string", '(boolean "")'],
  ["empty vector", "(boolean [])"],
  ["keyword", "(boolean :a)"],
  ["map", "(map boolean [nil 1 false :x])"],
  ["lookup", "(boolean (:a {:a 1}))"],
]);

t.group("distinct?", [
  ["one", "(distinct? 1)"],
  ["two same", "(distinct? 1 1)"],
  ["two different", "(distinct? 1 2)"],
  ["three", "(distinct? 1 2 3)"],
  ["three with repeat", "(distinct? 1 2 1)"],
  ["int and float", "(distinct? 1 1.0)", { differs: JS_NUMBERS, expected: "true" }],
  ["vector and list", "(distinct? [1 2] '(1 2))"],
  ["many", "(apply distinct? (range 20))"],
  ["many with repeat", "(apply distinct? (conj (vec (range 20)) 5))"],
  ["nils", "(distinct? nil nil)"],
  ["nil and false", "(distinct? nil false)"],
  ["nans", "(distinct? ##NaN ##NaN)"],
  ["strings and keywords", '(distinct? "a" :a)'],
  ["no args", "(distinct?)", { differs: LAX_ARITY, expectError: "arity" }],
]);

t.group("max-key", [
  ["count", '(max-key count "a" "abc" "ab")'],
  ["keyword", "(max-key :age {:age 30} {:age 40})"],
  ["one item", "(max-key :age {:age 1})"],
  ["one item, key not called", "(max-key :age :x)"],
  ["tie two keeps last", "(max-key :a {:a 1 :b 1} {:a 1 :b 2})"],
  ["tie three keeps last", "(max-key :a {:a 1 :b 1} {:a 1 :b 2} {:a 1 :b 3})"],
  ["tie among many", '(max-key count "ab" "abc" "de" "xyz")'],
  ["first greatest", "(max-key :a {:a 2 :b 1} {:a 1 :b 2} {:a 1 :b 3})"],
  ["function", "(max-key - 1 2 3)"],
  ["apply over data", "(apply max-key :score [{:n :a :score 3} {:n :b :score 9} {:n :c :score 5}])"],
  [
    "string keys",
    '(apply max-key :v [{"v" 1} {"v" 3}])',
    { differs: "ptcc keyword lookups also find string keys", expected: '{"v" 3}' },
  ],
  ["float keys", "(max-key :p {:p 1.5} {:p 1})"],
  ["nil key value", "(max-key :a {:a 1} {:a nil})", { differs: LAX, expectError: "type" }],
  ["string key value", '(max-key :a {:a "x"} {:a "y"})', { differs: LAX, expectError: "type" }],
  ["no items", "(max-key :a)", { differs: LAX_ARITY, expectError: "arity" }],
]);

t.group("min-key", [
  ["keyword", "(min-key :price {:price 3} {:price 1} {:price 2})"],
  ["count", '(min-key count "aa" "b" "c")'],
  ["tie two keeps last", "(min-key :a {:a 1 :b 1} {:a 1 :b 2})"],
  ["tie three keeps last", "(min-key :a {:a 1 :b 1} {:a 1 :b 2} {:a 1 :b 3})"],
  ["abs", "(min-key abs -3 2 -1 4)"],
  ["one", "(min-key :x 7)"],
  ["distance", "(min-key #(Math/abs (- % 10)) 3 8 14 11)"],
]);

// ---------------------------------------------------------------------------------------
// Predicates

const VALUES =
  '[nil true false 0 1 -1 1.5 2.0 ##NaN ##Inf "" "a" :k :n/k \'sym \\c [] [1] \'() \'(1) {} {:a 1} #{} #{1} (range 3) (map inc [1]) (fn [x] x) inc]';

type Extra = { differs: string; expected: string };

/** One case applying a predicate to a vector holding a value of every kind. */
function everyKind(name: string, extra?: Extra): [string, string, Extra][] | [string, string][] {
  const program = `(mapv ${name} ${VALUES})`;
  return extra === undefined ? [["on every kind of value", program]] : [["on every kind of value", program, extra]];
}

t.group("nil?", [
  ...everyKind("nil?"),
  ["nil", "(nil? nil)"],
  ["false", "(nil? false)"],
  ["missing key", "(nil? (:a {}))"],
  ["remove", "(remove nil? [1 nil 2])"],
]);

t.group("some?", [
  ...everyKind("some?"),
  ["false", "(some? false)"],
  ["nil", "(some? nil)"],
  ["filter", "(filter some? [nil 1 false])"],
]);

t.group("true?", [...everyKind("true?"), ["true", "(true? true)"], ["truthy", "(true? 1)"]]);
t.group("false?", [...everyKind("false?"), ["false", "(false? false)"], ["nil", "(false? nil)"]]);
t.group("boolean?", [...everyKind("boolean?"), ["true", "(boolean? true)"], ["nil", "(boolean? nil)"]]);

t.group("number?", [
  ...everyKind("number?"),
  ["int", "(number? 1)"],
  ["nan", "(number? ##NaN)"],
  ["string", '(number? "1")'],
  ["char", "(number? \\1)"],
]);

t.group("integer?", [
  ...everyKind("integer?", {
    differs: JS_NUMBERS,
    expected:
      "[false false false true true true false false false false false false false false false false false false false false false false false false false false false false]",
  }),
  ["int", "(integer? 1)"],
  ["float", "(integer? 1.5)"],
  ["integral float", "(integer? 2.0)", { differs: JS_NUMBERS, expected: "false" }],
  ["negative", "(integer? -5)"],
  ["computed", "(integer? (/ 4 2))"],
  ["not exact", "(integer? (/ 3 2))"],
]);

t.group("int?", [
  ...everyKind("int?", {
    differs: JS_NUMBERS,
    expected:
      "[false false false true true true false false false false false false false false false false false false false false false false false false false false false false]",
  }),
  ["int", "(int? 2)"],
  ["float", "(int? 2.0)", { differs: JS_NUMBERS, expected: "false" }],
]);

t.group("float?", [
  ["float", "(float? 1.5)"],
  ["integral float", "(float? 2.0)"],
  ["int", "(float? 1)", { differs: JS_NUMBERS, expected: "false" }],
  ["nan", "(float? ##NaN)"],
  ["nil", "(float? nil)"],
  ["string", '(float? "1.5")'],
]);

t.group("double?", [
  ["float", "(double? 1.5)"],
  ["int", "(double? 1)", { differs: JS_NUMBERS, expected: "false" }],
  ["inf", "(double? ##Inf)"],
  ["nil", "(double? nil)"],
]);

t.group("string?", [
  ...everyKind("string?", {
    differs: CHAR,
    expected:
      "[false false false false false false false false false false true true false false false false false false false false false false false false false false false false]",
  }),
  ["string", '(string? "a")'],
  ["char", "(string? \\a)", { differs: CHAR, expected: "false" }],
]);
t.group("keyword?", [...everyKind("keyword?"), ["keyword", "(keyword? :a)"], ["string", '(keyword? "a")']]);
t.group("symbol?", [...everyKind("symbol?"), ["symbol", "(symbol? 'a)"], ["keyword", "(symbol? :a)"]]);

t.group("char?", [
  ["char", "(char? \\a)", { differs: CHAR, expected: "true" }],
  ["string", '(char? "a")', { differs: CHAR, expected: "false" }],
  ["nil", "(char? nil)"],
  ["first of string", '(char? (first "abc"))', { differs: CHAR, expected: "true" }],
]);

t.group("map?", [...everyKind("map?"), ["map", "(map? {:a 1})"], ["entry", "(map? (first {:a 1}))"]]);
t.group("vector?", [...everyKind("vector?"), ["list", "(vector? '(1))"], ["map entry", "(vector? (first {:a 1}))"]]);
t.group("set?", [...everyKind("set?"), ["set", "(set? #{1})"], ["from set fn", "(set? (set [1 2]))"]]);
t.group("list?", [
  ...everyKind("list?"),
  ["list", "(list? '(1 2))"],
  ["list fn", "(list? (list 1 2))"],
  ["lazy seq", "(list? (map inc [1]))"],
  [
    "cons onto a list",
    "(list? (cons 1 '(2)))",
    {
      differs: "on the JVM consing onto a seq makes a Cons, not a list; ClojureScript returns a list",
      expected: "false",
    },
  ],
  ["cons onto nil", "(list? (cons 1 nil))"],
]);

t.group("seq?", [
  ...everyKind("seq?"),
  ["lazy", "(seq? (map inc [1]))"],
  ["vector", "(seq? [1])"],
  ["seq of vector", "(seq? (seq [1 2]))"],
  ["rest", "(seq? (rest [1 2]))"],
]);

t.group("sequential?", [...everyKind("sequential?"), ["vector", "(sequential? [1])"], ["set", "(sequential? #{1})"]]);
t.group("coll?", [...everyKind("coll?"), ["string", '(coll? "abc")'], ["map", "(coll? {})"]]);

t.group("fn?", [
  ...everyKind("fn?"),
  ["builtin", "(fn? inc)"],
  ["closure", "(fn? #(+ % 1))"],
  ["keyword", "(fn? :a)"],
  ["comp", "(fn? (comp inc dec))"],
  ["partial", "(fn? (partial + 1))"],
]);

t.group("ifn?", [
  ["on every kind of value", `(mapv ifn? ${VALUES})`],
  ["symbol called as a function", "('a {'a 1})"],
  ["keyword", "(ifn? :a)"],
  ["map", "(ifn? {})"],
  ["set", "(ifn? #{})"],
  ["vector", "(ifn? [])"],
  ["string", '(ifn? "a")'],
  ["number", "(ifn? 1)"],
]);

t.group("zero?", [
  ["zero", "(zero? 0)"],
  ["float zero", "(zero? 0.0)"],
  ["negative zero", "(zero? -0.0)"],
  ["one", "(zero? 1)"],
  ["nan", "(zero? ##NaN)"],
  ["nil", "(zero? nil)", { differs: LAX, expectError: "type" }],
  ["string", '(zero? "0")', { differs: LAX, expectError: "type" }],
  ["count", "(zero? (count []))"],
]);

t.group("pos?", [
  ["positive", "(pos? 1)"],
  ["zero", "(pos? 0)"],
  ["negative", "(pos? -1)"],
  ["inf", "(pos? ##Inf)"],
  ["nan", "(pos? ##NaN)"],
  ["small float", "(pos? 1e-300)"],
  ["nil", "(pos? nil)", { differs: LAX, expectError: "type" }],
  ["filter", "(filter pos? [-1 0 1 2])"],
]);

t.group("neg?", [
  ["negative", "(neg? -1)"],
  ["zero", "(neg? 0)"],
  ["negative float zero", "(neg? -0.0)"],
  ["neg inf", "(neg? ##-Inf)"],
  ["nan", "(neg? ##NaN)"],
  ["keyword", "(neg? :a)", { differs: LAX, expectError: "type" }],
]);

t.group("even?", [
  ["even", "(even? 4)"],
  ["odd", "(even? 3)"],
  ["zero", "(even? 0)"],
  ["negative", "(even? -2)"],
  ["float", "(even? 2.0)", { differs: JS_NUMBERS, expectError: "type" }],
  ["nil", "(even? nil)", { ptccError: "type" }],
  ["filter", "(filter even? (range 10))"],
  ["lazy", "(take 3 (filter even? (range)))"],
]);

t.group("odd?", [
  ["odd", "(odd? 3)"],
  ["negative odd", "(odd? -3)"],
  ["even", "(odd? 4)"],
  ["large", "(odd? 9007199254740991)"],
  ["float", "(odd? 1.5)", { ptccError: "type" }],
  ["string", '(odd? "1")', { differs: LAX, expectError: "type" }],
]);

t.group("empty?", [
  ["empty vector", "(empty? [])"],
  ["nil", "(empty? nil)"],
  ["empty string", '(empty? "")'],
  ["empty map", "(empty? {})"],
  ["empty set", "(empty? #{})"],
  ["empty list", "(empty? '())"],
  ["empty lazy", "(empty? (filter neg? [1 2]))"],
  ["infinite", "(empty? (range))"],
  ["non-empty", "(empty? [nil])"],
  ["string", '(empty? " ")'],
  ["number", "(empty? 1)", { ptccError: "type" }],
]);

t.group("any?", [...everyKind("any?"), ["nil", "(any? nil)"], ["false", "(any? false)"]]);

t.group("nat-int?", [
  ...everyKind("nat-int?", {
    differs: JS_NUMBERS,
    expected:
      "[false false false true true false false false false false false false false false false false false false false false false false false false false false false false]",
  }),
  ["zero", "(nat-int? 0)"],
  ["negative", "(nat-int? -1)"],
  ["float", "(nat-int? 1.5)"],
  ["integral float", "(nat-int? 1.0)", { differs: JS_NUMBERS, expected: "false" }],
]);

t.group("pos-int?", [
  ...everyKind("pos-int?", {
    differs: JS_NUMBERS,
    expected:
      "[false false false false true false false false false false false false false false false false false false false false false false false false false false false false]",
  }),
  ["zero", "(pos-int? 0)"],
  ["one", "(pos-int? 1)"],
  ["large", "(pos-int? 9007199254740991)"],
]);

t.group("neg-int?", [
  ...everyKind("neg-int?"),
  ["negative", "(neg-int? -1)"],
  ["zero", "(neg-int? 0)"],
  ["negative float", "(neg-int? -1.5)"],
]);

t.group("rational?", [
  ["int", "(rational? 1)", { differs: NO_CLJS, expected: "true" }],
  ["float", "(rational? 1.5)", { differs: NO_CLJS, expected: "false" }],
  ["nil", "(rational? nil)", { differs: NO_CLJS, expected: "false" }],
  ["ratio literal", "(rational? (/ 1 3))", { differs: NO_RATIO, expected: "false" }],
]);

t.group("ratio?", [
  ["division", "(ratio? (/ 1 3))", { differs: NO_RATIO, expected: "false" }],
  ["int", "(ratio? 1)", { differs: NO_CLJS, expected: "false" }],
  ["nil", "(ratio? nil)", { differs: NO_CLJS, expected: "false" }],
]);

t.group("decimal?", [
  ["float", "(decimal? 1.5)", { differs: NO_CLJS, expected: "false" }],
  ["int", "(decimal? 1)", { differs: NO_CLJS, expected: "false" }],
]);

t.group("indexed?", [
  ...everyKind("indexed?", {
    differs: "ClojureScript ranges are indexed; JVM ranges are not",
    expected:
      "[false false false false false false false false false false false false false false false false true true false false false false false false false false false false]",
  }),
  ["vector", "(indexed? [1])"],
  ["list", "(indexed? '(1))"],
  ["string", '(indexed? "abc")'],
]);

t.group("associative?", [
  ...everyKind("associative?"),
  ["map", "(associative? {})"],
  ["vector", "(associative? [])"],
  ["set", "(associative? #{})"],
  ["list", "(associative? '())"],
]);

t.group("counted?", [
  ["vector", "(counted? [1 2])"],
  ["map", "(counted? {:a 1})"],
  ["set", "(counted? #{})"],
  ["list", "(counted? '(1 2))"],
  ["empty list", "(counted? '())"],
  ["range", "(counted? (range 5))"],
  ["lazy seq", "(counted? (map inc [1]))"],
  ["nil", "(counted? nil)", { differs: JVM_RESULT, expected: "false" }],
  ["number", "(counted? 1)"],
  [
    "string",
    '(counted? "abc")',
    { differs: "ClojureScript strings are counted; JVM strings are not", expected: "false" },
  ],
  ["infinite range", "(counted? (range))", { differs: JVM_RESULT, expected: "false" }],
]);

t.group("seqable?", [
  ...everyKind("seqable?", {
    differs: CHAR,
    expected:
      "[true false false false false false false false false false true true false false false false true true true true true true true true true true false false]",
  }),
  ["string", '(seqable? "abc")'],
  ["nil", "(seqable? nil)"],
  ["number", "(seqable? 1)"],
  ["keyword", "(seqable? :a)"],
]);

t.group("reversible?", [
  ["vector", "(reversible? [1])"],
  ["list", "(reversible? '(1))"],
  ["map", "(reversible? {})"],
  ["nil", "(reversible? nil)"],
]);

t.group("sorted?", [
  ["vector", "(sorted? [1 2])"],
  ["map", "(sorted? {:a 1})"],
  ["set", "(sorted? #{1})"],
  ["nil", "(sorted? nil)"],
]);

t.group("ident?", [
  ...everyKind("ident?"),
  ["keyword", "(ident? :a)"],
  ["symbol", "(ident? 'a)"],
  ["string", '(ident? "a")'],
]);

t.group("simple-ident?", [
  ["keyword", "(simple-ident? :a)"],
  ["namespaced", "(simple-ident? :a/b)"],
  ["symbol", "(simple-ident? 'a)"],
  ["string", '(simple-ident? "a")'],
]);

t.group("qualified-ident?", [
  ["namespaced keyword", "(qualified-ident? :a/b)"],
  ["namespaced symbol", "(qualified-ident? 'a/b)"],
  ["plain", "(qualified-ident? :a)"],
  ["nil", "(qualified-ident? nil)"],
]);

t.group("simple-keyword?", [
  ["plain", "(simple-keyword? :a)"],
  ["namespaced", "(simple-keyword? :a/b)"],
  ["symbol", "(simple-keyword? 'a)"],
  ["nil", "(simple-keyword? nil)"],
]);

t.group("qualified-keyword?", [
  ["namespaced", "(qualified-keyword? :user/a)"],
  ["plain", "(qualified-keyword? :a)"],
  ["string", '(qualified-keyword? "a/b")'],
]);

t.group("simple-symbol?", [
  ["plain", "(simple-symbol? 'a)"],
  ["namespaced", "(simple-symbol? 'a/b)"],
  ["keyword", "(simple-symbol? :a)"],
]);

t.group("qualified-symbol?", [
  ["namespaced", "(qualified-symbol? 'a/b)"],
  ["plain", "(qualified-symbol? 'a)"],
  ["string", '(qualified-symbol? "a/b")'],
]);

t.group("var?", [
  ["def", "(var? (def x 1))"],
  ["value", "(do (def y 1) (var? y))"],
  ["var quote", "(do (def z 1) (var? #'z))"],
  ["nil", "(var? nil)"],
]);

t.group("type", [
  ["int", "(type 1)", { differs: PTC_TYPE, expected: ":number" }],
  ["float", "(type 1.5)", { differs: PTC_TYPE, expected: ":number" }],
  ["string", '(type "a")', { differs: PTC_TYPE, expected: ":string" }],
  ["nil", "(type nil)", { differs: PTC_TYPE, expected: ":nil" }],
  ["boolean", "(type false)", { differs: PTC_TYPE, expected: ":boolean" }],
  ["keyword", "(type :a)", { differs: PTC_TYPE, expected: ":keyword" }],
  ["symbol", "(type 'a)", { differs: PTC_TYPE, expected: ":symbol" }],
  ["char", "(type \\a)", { differs: PTC_TYPE, expected: ":char" }],
  ["vector", "(type [1])", { differs: PTC_TYPE, expected: ":vector" }],
  ["list", "(type '(1))", { differs: PTC_TYPE, expected: ":list" }],
  ["empty list", "(type '())", { differs: PTC_TYPE, expected: ":list" }],
  ["lazy seq", "(type (map inc [1]))", { differs: PTC_TYPE, expected: ":seq" }],
  ["range", "(type (range 3))", { differs: PTC_TYPE, expected: ":seq" }],
  ["map", "(type {:a 1})", { differs: PTC_TYPE, expected: ":map" }],
  ["set", "(type #{1})", { differs: PTC_TYPE, expected: ":set" }],
  ["builtin fn", "(type inc)", { differs: PTC_TYPE, expected: ":function" }],
  ["closure", "(type (fn [x] x))", { differs: PTC_TYPE, expected: ":function" }],
  ["regex", '(type #"a+")', { differs: PTC_TYPE, expected: ":regex" }],
  ["var", "(type (def v 1))", { differs: PTC_TYPE, expected: ":var" }],
  ["dispatch", '(map type [1 "a" [] {}])', { differs: PTC_TYPE, expected: "(:number :string :vector :map)" }],
]);

// ---------------------------------------------------------------------------------------
// Function combinators

t.group("comp", [
  ["two", "((comp inc inc) 1)"],
  ["three", "((comp str inc inc) 1)"],
  ["many", "((comp inc inc inc inc inc) 0)"],
  ["order", "((comp #(* 2 %) inc) 5)"],
  ["keywords", "((comp :b :a) {:a {:b 42}})"],
  ["keyword then fn", "((comp str :name) {:name :ann})"],
  ["several args to the rightmost", "((comp - +) 1 2 3)"],
  ["two args", "((comp str +) 1 2)"],
  ["no args to the composition", "((comp inc (constantly 1)))"],
  ["one fn is itself", "((comp inc) 1)"],
  ["no fns is identity", "((comp) 5)"],
  ["set as function", "((comp boolean #{1 2}) 2)"],
  ["map as function", "((comp {1 :one 2 :two} inc) 1)"],
  ["vector as function", "((comp [:a :b :c] inc) 1)"],
  ["over map", "(map (comp - :n) [{:n 1} {:n 2}])"],
  ["filter", "(filter (comp even? :n) [{:n 1} {:n 2}])"],
  ["with complement", "(filter (comp not nil?) [1 nil 2])"],
  ["lazy", "(take 3 (map (comp inc inc) (range)))"],
  [
    "string keys found by keyword",
    '((comp :b :a) {"a" {"b" 1}})',
    { differs: "ptcc keyword lookups also find string keys", expected: "1" },
  ],
  ["non-callable", "(comp 1)", { differs: EARLY_CHECK, expectError: "type" }],
  ["non-callable among fns", "(comp inc 1)", { differs: EARLY_CHECK, expectError: "type" }],
  ["identity arity", "((comp) 1 2)", { differs: LAX_ARITY, expectError: "arity" }],
  ["calling fails", '((comp inc :a) {:a "x"})', { differs: LAX, expectError: "type" }],
  ["prints as a function", "(fn? (comp inc dec))"],
]);

t.group("partial", [
  ["one bound", "((partial + 10) 1 2)"],
  ["two bound", "((partial + 1 2) 3)"],
  ["many bound", "((partial + 1 2 3 4) 5 6)"],
  ["no more args", "((partial + 1 2))"],
  ["no bound is f", "((partial inc) 1)"],
  ["map", "(map (partial * 2) [1 2 3])"],
  ["list", "((partial list 1) 2 3)"],
  ["keyword", "((partial :a) {:a 1})"],
  ["get with default", "((partial get {:a 1}) :b :none)"],
  ["str", '((partial str "id-") 7)'],
  ["with apply", "(apply (partial + 1) [2 3])"],
  ["closure", "((partial (fn [a b c] [a b c]) 1 2) 3)"],
  ["lazy", "(take 2 (map (partial + 100) (range)))"],
  ["non-callable", "(partial 1 2)", { differs: EARLY_CHECK, expectError: "type" }],
  ["nil", "(partial nil)", { differs: EARLY_CHECK, expectError: "type" }],
  ["no args", "(partial)", { differs: LAX_ARITY, expectError: "arity" }],
]);

t.group("juxt", [
  ["keywords", "((juxt :a :b) {:a 1 :b 2})"],
  ["fns", "((juxt first count) [5 6 7])"],
  ["one fn", "((juxt inc) 1)"],
  ["many args", "((juxt + - *) 2 3)"],
  ["no args", "((juxt (constantly 1) (constantly 2)))"],
  ["map over", '(map (juxt :id :name) [{:id 1 :name "a"} {:id 2 :name "b"}])'],
  ["sort-by juxt", "(sort-by (juxt :a :b) [{:a 2 :b 1} {:a 1 :b 2} {:a 1 :b 1}])"],
  ["into map", "(into {} (map (juxt :k :v) [{:k :x :v 1} {:k :y :v 2}]))"],
  ["set and map", "((juxt #{1} {1 :one}) 1)"],
  ["missing keys", "((juxt :a :z) {:a 1})"],
  ["returns a vector", "(vector? ((juxt inc) 1))"],
  ["no fns", "(juxt)", { differs: LAX_ARITY, expectError: "arity" }],
  ["non-callable", "(juxt :a 1)", { differs: EARLY_CHECK, expectError: "type" }],
]);

t.group("complement", [
  ["even", "(filter (complement even?) [1 2 3])"],
  ["keyword", "((complement :a) {:a 1})"],
  ["keyword missing", "((complement :a) {})"],
  ["nil?", "((complement nil?) nil)"],
  ["two args", "((complement =) 1 2)"],
  ["many args", "((complement <) 1 2 3)"],
  ["no args", "((complement (constantly false)))"],
  ["set", "(remove (complement #{1 2}) [1 2 3 4])"],
  ["returns booleans", "(map (complement identity) [1 nil false 0])"],
  ["non-callable", "(complement 1)", { differs: EARLY_CHECK, expectError: "type" }],
]);

t.group("constantly", [
  ["any args", "((constantly 5) 1 2 3 4)"],
  ["no args", "((constantly 5))"],
  ["nil", "((constantly nil) 1)"],
  ["map", "(map (constantly 0) [:a :b])"],
  ["collection", "((constantly [1 2]) :x)"],
  ["update", "(update {:a 1} :a (constantly 10))"],
  ["lazy", "(take 3 (map (constantly :x) (range)))"],
]);

t.group("fnil", [
  ["nil replaced", "((fnil inc 0) nil)"],
  ["value kept", "((fnil inc 0) 5)"],
  ["false kept", "((fnil not true) false)"],
  ["update missing", "(update {} :n (fnil inc 0))"],
  ["update present", "(update {:n 1} :n (fnil inc 0))"],
  ["conj into missing", "(update {} :xs (fnil conj []) 1)"],
  ["two defaults", "((fnil + 1 2) nil nil)"],
  ["two defaults second only", "((fnil + 1 2) 10 nil)"],
  ["three defaults", "((fnil + 1 2 3) nil nil nil)"],
  ["three defaults mixed", "((fnil vector :a :b :c) nil 2 nil)"],
  ["extra args", "((fnil + 0) nil 1 2 3)"],
  ["extra args two defaults", "((fnil + 0 0) nil nil 5)"],
  ["update-in", "(update-in {} [:a :b] (fnil inc 0))"],
  ["frequencies by hand", "(reduce (fn [m x] (update m x (fnil inc 0))) {} [:a :b :a])"],
  ["two defaults one arg", "((fnil + 0 0) nil)", { differs: LAX_ARITY, expectError: "arity" }],
  ["no args", "((fnil inc 0))", { differs: LAX_ARITY, expectError: "arity" }],
  ["non-callable", "(fnil 1 0)", { differs: EARLY_CHECK, expectError: "type" }],
  ["too few", "(fnil inc)", { differs: LAX_ARITY, expectError: "arity" }],
]);

t.group("every-pred", [
  ["true", "((every-pred pos? even?) 2 4)"],
  ["false", "((every-pred pos? even?) 2 3)"],
  ["one pred", "((every-pred pos?) 1)"],
  ["one pred false", "((every-pred pos?) -1)"],
  ["one pred many args", "((every-pred pos?) 1 2 3 4 5)"],
  ["no args", "((every-pred pos?))"],
  ["three preds", "((every-pred number? pos? even?) 2 4 6)"],
  ["four preds", "((every-pred number? pos? even? #(< % 100)) 2 4 6 8)"],
  ["four preds false", "((every-pred number? pos? even? #(< % 100)) 2 4 600 8)"],
  ["keywords", "((every-pred :a :b) {:a 1 :b 2})"],
  ["keywords false", "((every-pred :a :b) {:a 1 :b 2} {:a 1})"],
  ["returns boolean", "((every-pred :a) {:a 5})"],
  ["filter", "(filter (every-pred pos? odd?) [-1 1 2 3])"],
  ["short circuits", '((every-pred number? pos?) "a")'],
  ["set", "((every-pred #{1 2 3}) 1 2 3)"],
  ["non-callable", "(every-pred 1)", { differs: EARLY_CHECK, expectError: "type" }],
  ["no preds", "(every-pred)", { differs: LAX_ARITY, expectError: "arity" }],
]);

t.group("some-fn", [
  ["keywords", "((some-fn :a :b) {:b 2})"],
  ["falsy result", "((some-fn even? neg?) 1)"],
  ["first truthy", "((some-fn :a :b) {:a 1 :b 2})"],
  ["one pred", "((some-fn even?) 1 3 4)"],
  ["one pred false", "((some-fn even?) 1 3)"],
  ["one pred many args none", "((some-fn even?) 1 3 5 7)"],
  ["one pred many args found", "((some-fn even?) 1 3 5 8)"],
  ["two preds, order over args", "((some-fn :a :b) {:b 1} {:a 2})"],
  ["two preds none", "((some-fn :a :b) {:a false})"],
  [
    "three preds, order over args",
    "((some-fn :a :b :c) {:b 1} {:a 2})",
    {
      differs: "JVM Clojure's three-predicate some-fn tests argument by argument; nbb predicate by predicate",
      expected: "1",
    },
  ],
  ["three preds none", "((some-fn :a :b :c) {})"],
  ["four preds", "((some-fn :a :b :c :d) {:b 1} {:a 2})"],
  ["four preds none", "((some-fn :a :b :c :d) {})"],
  ["no args", "((some-fn :a))"],
  ["false values", "((some-fn :a) {:a false} {:a false})"],
  ["many args false values", "((some-fn :a) {:a false} {:a false} {} {})"],
  ["set", "((some-fn #{1} #{2}) 2)"],
  ["filter", "(filter (some-fn neg? zero?) [-1 0 1])"],
  ["non-callable", "(some-fn :a 2)", { differs: EARLY_CHECK, expectError: "type" }],
]);

t.group("memoize", [
  ["fib", "(def fib (memoize (fn [n] (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2))))))) (fib 60)"],
  ["same result", "(let [f (memoize inc)] [(f 1) (f 1) (f 2)])"],
  ["calls once", '(let [f (memoize (fn [x] (println "call" x) (* x x)))] [(f 3) (f 3) (f 4)])'],
  ["several args", "(let [f (memoize +)] [(f 1 2) (f 1 2) (f 2 1)])"],
  ["no args", '(let [f (memoize (fn [] (println "once") 42))] [(f) (f)])'],
  ["collection arg", "(let [f (memoize count)] [(f [1 2]) (f '(1 2)) (f [1 2 3])])"],
  ["nil arg", '(let [f (memoize (fn [x] (println "n") [x]))] [(f nil) (f nil)])'],
  ["keyword fn", "(let [f (memoize :a)] [(f {:a 1}) (f {:a 1})])"],
  ["string arg", '(let [f (memoize count)] [(f "ab") (f "ab")])'],
  [
    "int and float are different keys",
    '(let [f (memoize (fn [x] (println "k" x) x))] [(f 1) (f 1.0)])',
    { differs: JS_NUMBERS, expected: "[1 1.0]" },
  ],
  ["lazy seq arg", "(let [f (memoize (fn [s] (reduce + s)))] [(f (map inc [1 2])) (f [2 3])])"],
  ["non-callable", "(memoize 1)", { differs: EARLY_CHECK, expectError: "type" }],
]);

t.group("trampoline", [
  ["plain value", "(trampoline (fn [] 5))"],
  ["with args", "(trampoline + 1 2)"],
  ["bounces", "(defn run [n] (if (zero? n) :done #(run (dec n)))) (trampoline run 10000)"],
  [
    "mutual recursion",
    "(declare my-odd?) (defn my-even? [n] (if (zero? n) true #(my-odd? (dec n)))) (defn my-odd? [n] (if (zero? n) false #(my-even? (dec n)))) (trampoline my-even? 1001)",
  ],
  ["returns a collection", "(trampoline (fn [] (fn [] [1 2])))"],
  ["keyword result is not called", "(trampoline (fn [] :k))"],
  ["accumulator", "(defn sum-to [n acc] (if (zero? n) acc #(sum-to (dec n) (+ acc n)))) (trampoline sum-to 1000 0)"],
  ["no args", "(trampoline)", { differs: LAX_ARITY, expectError: "arity" }],
]);

t.group("all-of", [
  ["filter", "(filter (all-of pos? even?) [-2 1 2 4])", { differs: PTC_EXT, expected: "(2 4)" }],
  ["no preds", "((all-of) 1)", { differs: PTC_EXT, expected: "true" }],
  ["keywords", "((all-of :a :b) {:a 1 :b nil})", { differs: PTC_EXT, expected: "false" }],
  ["set", "((all-of #{1 2} odd?) 1)", { differs: PTC_EXT, expected: "true" }],
  ["two args", "((all-of pos?) 1 2)", { differs: PTC_EXT, expectError: "arity" }],
  ["non-callable", "(all-of 1)", { differs: PTC_EXT, expectError: "type" }],
]);

t.group("any-of", [
  ["keywords", "((any-of :admin :owner) {:owner true})", { differs: PTC_EXT, expected: "true" }],
  ["none", "((any-of :admin :owner) {})", { differs: PTC_EXT, expected: "false" }],
  ["no preds", "((any-of) 1)", { differs: PTC_EXT, expected: "false" }],
  ["filter", "(filter (any-of neg? zero?) [-1 0 1])", { differs: PTC_EXT, expected: "(-1 0)" }],
]);

t.group("none-of", [
  ["filter", "(filter (none-of neg? zero?) [-1 0 1])", { differs: PTC_EXT, expected: "(1)" }],
  ["no preds", "((none-of) 1)", { differs: PTC_EXT, expected: "true" }],
  ["match", "((none-of :a) {:a 1})", { differs: PTC_EXT, expected: "false" }],
]);

export const CASES = t.cases;
