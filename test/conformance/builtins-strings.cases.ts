/** Conformance cases for the builtins of this group (see case.ts for the markings). */
import { CaseTable } from "./case.js";

const t = new CaseTable();

// Reasons shared by many cases.
const NO_FORMAT = "nbb has no format (ClojureScript lacks it); expected is what JVM Clojure's String.format gives";
const JVM_INTEROP = "Java interop: nbb calls JavaScript methods instead";
const JAVA_REGEX = "Java regex semantics; nbb uses JavaScript's";
const BACKTRACK = "catastrophic backtracking: nbb (and the JVM) would run for hours; ptcc matches in linear time";
const JAVA_WS = "Java's Character/isWhitespace (JVM clojure.string); JavaScript trims other characters";

// =======================================================================================
// str, pr-str and friends

t.group("str", [
  ["empty", "(str)"],
  ["nil", "(str nil)"],
  ["string", '(str "abc")'],
  ["several", '(str "a" 1 :b nil \\c)'],
  ["keyword", "(str :a/b)"],
  ["symbol", '(str (symbol "x"))'],
  ["integer", "(str 42)"],
  ["negative", "(str -7)"],
  ["float", "(str 1.5)"],
  ["whole float", "(str 2.0)", { differs: "JVM prints whole floats with .0; nbb prints 2", expected: '"2.0"' }],
  ["big float", "(str 1e21)", { differs: "Java's Double.toString", expected: '"1.0E21"' }],
  ["small float", "(str 0.0001)", { differs: "Java's Double.toString", expected: '"1.0E-4"' }],
  ["infinity", "(str ##Inf)", { differs: "Java spells Infinity", expected: '"Infinity"' }],
  ["boolean", "(str true false)"],
  ["vector", '(str [1 "a" :b])'],
  ["map", '(str {:a "x"})'],
  ["set", "(str #{1})"],
  ["list", "(str '(1 2))"],
  ["nested", '(str [[1] {"k" [nil]}])'],
  ["empty string", '(str "" "")'],
  ["unicode", '(str "é" "😀")'],
  [
    "lazy seq",
    "(str (map inc [1 2]))",
    { differs: "JVM prints clojure.lang.LazySeq@...; ptcc prints the items", expected: '"(2 3)"' },
  ],
  ["char", "(str \\a \\b)"],
  ["nil in middle", '(str "a" nil "b")'],
  ["apply", '(apply str ["a" "b" "c"])'],
  ["apply chars", '(apply str (reverse "abc"))'],
]);

t.group("pr-str", [
  ["empty", "(pr-str)"],
  ["string", '(pr-str "a\\"b")'],
  ["nil", "(pr-str nil)"],
  ["several", '(pr-str 1 "a" :k)'],
  ["newline escaped", '(pr-str "a\\nb")'],
  ["nested", '(pr-str [1 "x" {:a nil}])'],
  ["char", "(pr-str \\a)", { differs: "nbb chars are strings", expected: '"\\\\a"' }],
  ["keyword", "(pr-str :a/b)"],
]);

t.group("prn-str", [
  ["empty", "(prn-str)"],
  ["values", '(prn-str "a" 1)'],
  ["nil", "(prn-str nil)"],
  ["vector", '(prn-str ["x"])'],
]);

t.group("print-str", [
  ["empty", "(print-str)"],
  ["strings raw", '(print-str "a" "b")'],
  ["nested strings raw", '(print-str ["a" {:k "v"}])'],
  ["nil", "(print-str nil)"],
  ["numbers", "(print-str 1 2.5)"],
  ["char", "(print-str \\a)"],
]);

t.group("println-str", [
  ["empty", "(println-str)"],
  ["values", '(println-str "a" 1)'],
  ["nested", '(println-str ["a"])'],
]);

// =======================================================================================
// subs

t.group("subs", [
  ["from", '(subs "hello" 1)'],
  ["range", '(subs "hello" 1 3)'],
  ["whole", '(subs "hello" 0 5)'],
  ["empty at end", '(subs "hello" 5)'],
  ["empty range", '(subs "hello" 2 2)'],
  ["empty string", '(subs "" 0)'],
  ["unicode", '(subs "héllo" 1 2)'],
  ["surrogate pair units", '(subs "a😀b" 1 3)'],
  [
    "start past end",
    '(subs "hello" 6)',
    { differs: "Java throws StringIndexOutOfBoundsException; JavaScript clamps", expectError: "runtime" },
  ],
  [
    "end past length",
    '(subs "hello" 1 10)',
    { differs: "Java throws StringIndexOutOfBoundsException; JavaScript clamps", expectError: "runtime" },
  ],
  [
    "negative start",
    '(subs "hello" -1)',
    { differs: "Java throws StringIndexOutOfBoundsException; JavaScript clamps", expectError: "runtime" },
  ],
  [
    "start after end",
    '(subs "hello" 3 1)',
    { differs: "Java throws StringIndexOutOfBoundsException; JavaScript swaps", expectError: "runtime" },
  ],
  ["nil string", "(subs nil 0)", { ptccError: "type" }],
  ["non-integer index", '(subs "hello" "1")', { differs: "JVM: ClassCastException; nbb coerces", expectError: "type" }],
  ["with count", '(let [s "abcdef"] (subs s (- (count s) 2)))'],
]);

// =======================================================================================
// format

t.group("format", [
  ["plain", '(format "hello")', { differs: NO_FORMAT, expected: '"hello"' }],
  ["%s", '(format "%s!" "hi")', { differs: NO_FORMAT, expected: '"hi!"' }],
  ["%s nil", '(format "%s" nil)', { differs: NO_FORMAT, expected: '"null"' }],
  ["%s keyword", '(format "%s" :a)', { differs: NO_FORMAT, expected: '":a"' }],
  ["%s vector", '(format "%s" [1 "a"])', { differs: NO_FORMAT, expected: '"[1 \\"a\\"]"' }],
  ["%s map", '(format "%s" {:a 1})', { differs: NO_FORMAT, expected: '"{:a 1}"' }],
  ["%s number", '(format "%s %s" 1 2.5)', { differs: NO_FORMAT, expected: '"1 2.5"' }],
  ["%s whole float", '(format "%s" 3.0)', { differs: NO_FORMAT, expected: '"3.0"' }],
  ["%S", '(format "%S" "abc")', { differs: NO_FORMAT, expected: '"ABC"' }],
  ["%s width", '(format "[%5s]" "ab")', { differs: NO_FORMAT, expected: '"[   ab]"' }],
  ["%s left", '(format "[%-5s]" "ab")', { differs: NO_FORMAT, expected: '"[ab   ]"' }],
  ["%s precision", '(format "%.2s" "abcdef")', { differs: NO_FORMAT, expected: '"ab"' }],
  ["%s width shorter than text", '(format "%2s" "abcdef")', { differs: NO_FORMAT, expected: '"abcdef"' }],
  ["%d", '(format "%d items" 3)', { differs: NO_FORMAT, expected: '"3 items"' }],
  ["%d negative", '(format "%d" -42)', { differs: NO_FORMAT, expected: '"-42"' }],
  ["%d width", '(format "%5d|" 42)', { differs: NO_FORMAT, expected: '"   42|"' }],
  ["%d zero pad", '(format "%05d" 42)', { differs: NO_FORMAT, expected: '"00042"' }],
  ["%d zero pad negative", '(format "%05d" -42)', { differs: NO_FORMAT, expected: '"-0042"' }],
  ["%d left", '(format "%-5d|" 42)', { differs: NO_FORMAT, expected: '"42   |"' }],
  ["%d plus", '(format "%+d %+d" 5 -5)', { differs: NO_FORMAT, expected: '"+5 -5"' }],
  ["%d space", '(format "% d" 5)', { differs: NO_FORMAT, expected: '" 5"' }],
  ["%d grouping", '(format "%,d" 1234567)', { differs: NO_FORMAT, expected: '"1,234,567"' }],
  ["%d grouping negative", '(format "%,d" -1234)', { differs: NO_FORMAT, expected: '"-1,234"' }],
  ["%d parentheses", '(format "%(d" -12)', { differs: NO_FORMAT, expected: '"(12)"' }],
  ["%d float is an error", '(format "%d" 1.5)', { differs: NO_FORMAT, expectError: "type" }],
  ["%d string is an error", '(format "%d" "1")', { differs: NO_FORMAT, expectError: "type" }],
  ["%d nil", '(format "%d" nil)', { differs: NO_FORMAT, expected: '"null"' }],
  ["%f", '(format "%f" 3.14159)', { differs: NO_FORMAT, expected: '"3.141590"' }],
  ["%.2f", '(format "%.2f" 3.14159)', { differs: NO_FORMAT, expected: '"3.14"' }],
  ["%.0f", '(format "%.0f" 2.5)', { differs: NO_FORMAT, expected: '"3"' }],
  ["%.2f half up", '(format "%.2f" 1.005)', { differs: NO_FORMAT, expected: '"1.01"' }],
  ["%.2f 0.125", '(format "%.2f" 0.125)', { differs: NO_FORMAT, expected: '"0.13"' }],
  ["%.1f negative", '(format "%.1f" -0.05)', { differs: NO_FORMAT, expected: '"-0.1"' }],
  ["%.3f small", '(format "%.3f" 0.0004)', { differs: NO_FORMAT, expected: '"0.000"' }],
  ["%.2f carry", '(format "%.2f" 9.999)', { differs: NO_FORMAT, expected: '"10.00"' }],
  ["%.2f big", '(format "%.2f" 1e10)', { differs: NO_FORMAT, expected: '"10000000000.00"' }],
  ["%.20f", '(format "%.20f" 0.1)', { differs: NO_FORMAT, expected: '"0.10000000000000000000"' }],
  ["%8.3f", '(format "%8.3f|" 3.14159)', { differs: NO_FORMAT, expected: '"   3.142|"' }],
  ["%-8.2f", '(format "%-8.2f|" 3.14159)', { differs: NO_FORMAT, expected: '"3.14    |"' }],
  ["%08.2f", '(format "%08.2f" -3.5)', { differs: NO_FORMAT, expected: '"-0003.50"' }],
  ["%,.2f", '(format "%,.2f" 1234567.891)', { differs: NO_FORMAT, expected: '"1,234,567.89"' }],
  ["%+.1f", '(format "%+.1f" 2.0)', { differs: NO_FORMAT, expected: '"+2.0"' }],
  ["%f of integer is an error", '(format "%.2f" 1)', { differs: NO_FORMAT, expectError: "type" }],
  ["%f of double", '(format "%.2f" (double 1))', { differs: NO_FORMAT, expected: '"1.00"' }],
  ["%f NaN", '(format "%.2f" ##NaN)', { differs: NO_FORMAT, expected: '"NaN"' }],
  ["%f infinity", '(format "%f" ##-Inf)', { differs: NO_FORMAT, expected: '"-Infinity"' }],
  ["%f zero", '(format "%.3f" 0.0)', { differs: NO_FORMAT, expected: '"0.000"' }],
  ["%e", '(format "%e" 12345.678)', { differs: NO_FORMAT, expected: '"1.234568e+04"' }],
  ["%.2e", '(format "%.2e" 0.000123)', { differs: NO_FORMAT, expected: '"1.23e-04"' }],
  ["%E", '(format "%.1E" 1234.5)', { differs: NO_FORMAT, expected: '"1.2E+03"' }],
  ["%e zero", '(format "%.2e" 0.0)', { differs: NO_FORMAT, expected: '"0.00e+00"' }],
  ["%e big exponent", '(format "%.1e" 1e100)', { differs: NO_FORMAT, expected: '"1.0e+100"' }],
  ["%g", '(format "%g" 3.14159)', { differs: NO_FORMAT, expected: '"3.14159"' }],
  ["%g large", '(format "%g" 1234567.0)', { differs: NO_FORMAT, expected: '"1.23457e+06"' }],
  ["%g small", '(format "%g" 0.00001234)', { differs: NO_FORMAT, expected: '"1.23400e-05"' }],
  ["%.3g", '(format "%.3g" 0.0123456)', { differs: NO_FORMAT, expected: '"0.0123"' }],
  ["%x", '(format "%x" 255)', { differs: NO_FORMAT, expected: '"ff"' }],
  ["%X", '(format "%X" 255)', { differs: NO_FORMAT, expected: '"FF"' }],
  ["%x negative", '(format "%x" -1)', { differs: NO_FORMAT, expected: '"ffffffffffffffff"' }],
  ["%#x", '(format "%#x" 255)', { differs: NO_FORMAT, expected: '"0xff"' }],
  ["%04x", '(format "%04x" 10)', { differs: NO_FORMAT, expected: '"000a"' }],
  ["%o", '(format "%o" 8)', { differs: NO_FORMAT, expected: '"10"' }],
  ["%c", '(format "%c" \\a)', { differs: NO_FORMAT, expected: '"a"' }],
  ["%c of integer is an error", '(format "%c" 65)', { differs: NO_FORMAT, expectError: "type" }],
  ["%b", '(format "%b %b %b" true nil 0)', { differs: NO_FORMAT, expected: '"true false true"' }],
  ["%B", '(format "%B" false)', { differs: NO_FORMAT, expected: '"FALSE"' }],
  ["%%", '(format "100%%")', { differs: NO_FORMAT, expected: '"100%"' }],
  ["%n", '(format "a%nb")', { differs: NO_FORMAT, expected: '"a\\nb"' }],
  ["indexed", '(format "%2$s %1$s" "a" "b")', { differs: NO_FORMAT, expected: '"b a"' }],
  ["relative index", '(format "%s %<s" "x")', { differs: NO_FORMAT, expected: '"x x"' }],
  ["extra arguments ignored", '(format "%s" 1 2 3)', { differs: NO_FORMAT, expected: '"1"' }],
  ["missing argument", '(format "%s %s" 1)', { differs: NO_FORMAT, expectError: "runtime" }],
  ["unknown conversion", '(format "%q" 1)', { differs: NO_FORMAT, expectError: "runtime" }],
  ["lone percent", '(format "50%")', { differs: NO_FORMAT, expectError: "runtime" }],
  ["precision on %d", '(format "%.2d" 1)', { differs: NO_FORMAT, expectError: "runtime" }],
  ["minus without width", '(format "%-d" 1)', { differs: NO_FORMAT, expectError: "runtime" }],
  ["unicode text", '(format "%s → %s" "é" "😀")', { differs: NO_FORMAT, expected: '"é → 😀"' }],
  ["non-string format", "(format 42)", { differs: NO_FORMAT, expectError: "type" }],
  ["table row", '(format "%-10s|%6.2f" "apple" 1.5)', { differs: NO_FORMAT, expected: '"apple     |  1.50"' }],
  ["with map", '(let [m {:n "x" :v 2}] (format "%s=%d" (:n m) (:v m)))', { differs: NO_FORMAT, expected: '"x=2"' }],
  ["String/format", '(String/format "%03d" 7)', { differs: NO_FORMAT, expected: '"007"' }],
]);

// =======================================================================================
// names

t.group("name", [
  ["keyword", "(name :a)"],
  ["qualified keyword", "(name :a/b)"],
  ["string", '(name "s")'],
  ["symbol", "(name 'x)"],
  ["qualified symbol", "(name 'a/x)"],
  ["nil", "(name nil)", { ptccError: "type" }],
  ["number", "(name 1)", { ptccError: "type" }],
  ["map over keys", "(map name [:a :b])"],
]);

t.group("namespace", [
  ["qualified keyword", "(namespace :a/b)"],
  ["plain keyword", "(namespace :a)"],
  ["qualified symbol", "(namespace 'a/b)"],
  ["plain symbol", "(namespace 'b)"],
  ["string", '(namespace "a/b")', { ptccError: "type" }],
  ["nil", "(namespace nil)", { ptccError: "type" }],
]);

t.group("keyword", [
  ["string", '(keyword "a")'],
  ["keyword", "(keyword :a)"],
  ["symbol", "(keyword 'a)"],
  ["qualified string", '(keyword "a/b")'],
  ["two args", '(keyword "a" "b")'],
  ["nil namespace", '(keyword nil "b")'],
  ["nil", "(keyword nil)"],
  ["number", "(keyword 1)"],
  ["with spaces", '(name (keyword "a b"))'],
  ["equal to literal", '(= :status (keyword "status"))'],
  ["lookup", '(get {:id 1} (keyword "id"))'],
]);

t.group("symbol", [
  ["string", '(symbol "a")'],
  ["qualified string", '(symbol "a/b")'],
  ["namespace of qualified", '(namespace (symbol "a/b"))'],
  ["two args", '(symbol "a" "b")'],
  ["nil namespace", '(symbol nil "b")'],
  ["keyword", "(symbol :a)"],
  ["qualified keyword", "(symbol :a/b)"],
  ["symbol", "(symbol 'x)"],
  ["equality", '(= (symbol "x") \'x)'],
  ["number", "(symbol 1)", { ptccError: "type" }],
  ["symbol?", '(symbol? (symbol "x"))'],
]);

t.group("char", [
  ["code", "(char 97)"],
  ["char", "(char \\a)"],
  ["unicode", "(char 233)"],
  ["in str", "(str (char 72) (char 105))"],
  ["negative", "(char -1)", { differs: "JVM: IllegalArgumentException; nbb returns a string", expectError: "type" }],
  ["string", '(char "a")', { differs: "JVM: ClassCastException; nbb accepts", expectError: "type" }],
]);

// =======================================================================================
// clojure.string

t.group("join", [
  ["no separator", "(clojure.string/join [1 2 3])"],
  ["separator", '(clojure.string/join ", " [1 2 3])'],
  ["str alias", '(str/join "-" ["a" "b"])'],
  ["empty", '(str/join ", " [])'],
  ["nil coll", '(str/join ", " nil)'],
  ["nil items", '(str/join "," [nil "a" nil])'],
  ["keywords", '(str/join " " [:a :b])'],
  ["chars of string", '(str/join "-" "abc")'],
  ["lazy", '(str/join "," (map inc [1 2 3]))'],
  ["range", '(str/join "" (range 5))'],
  ["take of infinite", '(str/join "," (take 3 (range)))'],
  ["set single", '(str/join "," #{1})'],
  ["number separator", "(str/join 0 [1 2])"],
  ["nested", '(str/join ";" [[1 2] {:a 1}])'],
  ["unicode", '(str/join "·" ["é" "😀"])'],
  ["floats", '(str/join " " [1.5 2.0])', { differs: "JVM prints 2.0; nbb 2", expected: '"1.5 2.0"' }],
]);

t.group("split", [
  ["basic", '(str/split "a,b,c" #",")'],
  ["trailing empties dropped", '(str/split "a,b,,c,," #",")'],
  ["leading empty kept", '(str/split ",a,b" #",")'],
  ["only separators", '(str/split ",,," #",")'],
  ["empty string", '(str/split "" #",")'],
  ["no match", '(str/split "abc" #",")'],
  ["whitespace", '(str/split "  a  b c " #"\\s+")'],
  ["limit", '(str/split "a,b,c,d" #"," 2)'],
  ["limit 1", '(str/split "a,b,c" #"," 1)'],
  ["limit larger", '(str/split "a,b" #"," 5)'],
  ["limit keeps trailing", '(str/split "a,b,," #"," 10)'],
  ["negative limit keeps all", '(str/split "a,b,," #"," -1)'],
  ["limit 0 drops", '(str/split "a,b,," #"," 0)'],
  [
    "empty regex",
    '(str/split "abc" #"")',
    { differs: "Java 8+ drops the leading empty string; JavaScript keeps it", expected: '["a" "b" "c"]' },
  ],
  [
    "regex with group",
    '(str/split "a1b2c" #"(\\d)")',
    { differs: "Java's split leaves groups out; JavaScript's split inserts them", expected: '["a" "b" "c"]' },
  ],
  ["multi-char separator", '(str/split "a::b::c" #"::")'],
  ["alternation", '(str/split "a,b;c" #"[,;]")'],
  ["unicode", '(str/split "é,😀,ü" #",")'],
  ["newlines", '(str/split "a\\nb\\nc" #"\\n")'],
  [
    "string separator",
    '(str/split "a,b" ",")',
    {
      differs: "JVM requires a regex (ClassCastException); PTC-Lisp splits by a literal string",
      expected: '["a" "b"]',
    },
  ],
  [
    "string separator is literal",
    '(str/split "a.b.c" ".")',
    { differs: "JVM requires a regex; PTC-Lisp splits by a literal string", expected: '["a" "b" "c"]' },
  ],
  ["nil string", '(str/split nil #",")', { differs: 'JVM: NullPointerException; nbb gives [""]', expectError: "type" }],
  ["lookahead", '(str/split "aBcDe" #"(?=[A-Z])")'],
  ["zero-width at start", '(str/split "Abc" #"(?=[A-Z])")'],
  ["count parts", '(count (str/split "1 2 3 4" #" "))'],
  ["then parse", '(map parse-long (str/split "1,2,3" #","))'],
  ["dot regex", '(str/split "a.b" #"\\.")'],
  ["pipe", '(str/split "a|b" #"\\|")'],
  ["limit with whitespace", '(str/split "k: v: w" #":\\s*" 2)'],
]);

t.group("split-lines", [
  ["basic", '(str/split-lines "a\\nb")'],
  ["crlf", '(str/split-lines "a\\r\\nb")'],
  ["trailing newlines dropped", '(str/split-lines "a\\nb\\n\\n")'],
  ["blank lines kept inside", '(str/split-lines "a\\n\\nb")'],
  ["empty", '(str/split-lines "")'],
  ["single", '(str/split-lines "abc")'],
  ["lone cr not split", '(str/split-lines "a\\rb")'],
  ["nil", "(str/split-lines nil)", { differs: 'JVM: NullPointerException; nbb gives [""]', expectError: "type" }],
]);

t.group("upper-case", [
  ["basic", '(str/upper-case "abc")'],
  ["mixed", '(str/upper-case "aBc1!")'],
  ["empty", '(str/upper-case "")'],
  ["unicode", '(str/upper-case "éü")'],
  ["sharp s", '(str/upper-case "straße")'],
  ["nil", "(str/upper-case nil)", { ptccError: "type" }],
  [
    "keyword",
    "(str/upper-case :a)",
    { differs: "JVM: ClassCastException (CharSequence); nbb calls str", expectError: "type" },
  ],
  ["upcase alias", '(upcase "abc")', { differs: "upcase is a PTC-Lisp alias", expected: '"ABC"' }],
]);

t.group("lower-case", [
  ["basic", '(str/lower-case "ABC")'],
  ["unicode", '(str/lower-case "ÉÜ")'],
  ["empty", '(str/lower-case "")'],
  ["nil", "(str/lower-case nil)", { ptccError: "type" }],
  ["downcase alias", '(downcase "ABC")', { differs: "downcase is a PTC-Lisp alias", expected: '"abc"' }],
  ["in map", '(map str/lower-case ["A" "B"])'],
]);

t.group("capitalize", [
  ["basic", '(str/capitalize "hello")'],
  ["lowers the rest", '(str/capitalize "hELLO wORLD")'],
  ["single", '(str/capitalize "a")'],
  ["empty", '(str/capitalize "")'],
  ["digit first", '(str/capitalize "1abc")'],
  ["unicode", '(str/capitalize "élan")'],
  ["nil", "(str/capitalize nil)", { ptccError: "type" }],
]);

t.group("trim", [
  ["both sides", '(str/trim "  a b  ")'],
  ["tabs and newlines", '(str/trim "\\t\\na\\r\\n")'],
  ["nothing to trim", '(str/trim "abc")'],
  ["all whitespace", '(str/trim "   ")'],
  ["empty", '(str/trim "")'],
  ["inner kept", '(str/trim " a  b ")'],
  ["no-break space kept", '(count (str/trim "\\u00a0a\\u00a0"))', { differs: JAVA_WS, expected: "3" }],
  ["ideographic space", '(str/trim "\\u3000a")'],
  ["nil", "(str/trim nil)", { ptccError: "type" }],
]);

t.group("triml", [
  ["left only", '(str/triml "  a  ")'],
  ["empty", '(str/triml "")'],
  ["all", '(str/triml " \\n ")'],
  ["nil", "(str/triml nil)", { ptccError: "type" }],
]);

t.group("trimr", [
  ["right only", '(str/trimr "  a  ")'],
  ["newline", '(str/trimr "a\\n")'],
  ["empty", '(str/trimr "")'],
  ["nil", "(str/trimr nil)", { ptccError: "type" }],
]);

t.group("trim-newline", [
  ["lf", '(str/trim-newline "a\\n")'],
  ["crlf", '(str/trim-newline "a\\r\\n")'],
  ["several", '(str/trim-newline "a\\n\\r\\n")'],
  ["spaces kept", '(str/trim-newline "a \\n")'],
  ["leading kept", '(str/trim-newline "\\na")'],
  ["only newlines", '(str/trim-newline "\\n\\n")'],
  ["empty", '(str/trim-newline "")'],
]);

t.group("blank?", [
  ["nil", "(str/blank? nil)"],
  ["empty", '(str/blank? "")'],
  ["spaces", '(str/blank? "   ")'],
  ["whitespace mix", '(str/blank? " \\t\\n\\r")'],
  ["text", '(str/blank? " a ")'],
  ["filter", '(remove str/blank? ["a" "" " " nil "b"])'],
  ["number", "(str/blank? 1)", { differs: "JVM: ClassCastException; nbb is lax", expectError: "type" }],
]);

t.group("includes?", [
  ["yes", '(str/includes? "hello" "ell")'],
  ["no", '(str/includes? "hello" "xyz")'],
  ["empty needle", '(str/includes? "abc" "")'],
  ["empty both", '(str/includes? "" "")'],
  ["case sensitive", '(str/includes? "Hello" "hello")'],
  ["unicode", '(str/includes? "naïve" "ï")'],
  ["nil string", '(str/includes? nil "a")', { ptccError: "type" }],
  ["filter", '(filter #(str/includes? % "a") ["abc" "xyz" "bar"])'],
]);

t.group("starts-with?", [
  ["yes", '(str/starts-with? "hello" "he")'],
  ["no", '(str/starts-with? "hello" "lo")'],
  ["empty prefix", '(str/starts-with? "abc" "")'],
  ["longer prefix", '(str/starts-with? "ab" "abc")'],
  ["nil", '(str/starts-with? nil "a")', { ptccError: "type" }],
]);

t.group("ends-with?", [
  ["yes", '(str/ends-with? "hello" "lo")'],
  ["no", '(str/ends-with? "hello" "he")'],
  ["empty suffix", '(str/ends-with? "abc" "")'],
  ["whole", '(str/ends-with? "abc" "abc")'],
  ["file extension", '(filter #(str/ends-with? % ".csv") ["a.csv" "b.txt"])'],
]);

t.group("index-of", [
  ["found", '(str/index-of "banana" "an")'],
  ["absent", '(str/index-of "banana" "x")'],
  ["char", '(str/index-of "banana" \\n)'],
  ["from", '(str/index-of "banana" "an" 2)'],
  ["from past end", '(str/index-of "banana" "a" 10)'],
  ["empty needle", '(str/index-of "abc" "")'],
  ["empty needle from", '(str/index-of "abc" "" 2)'],
  ["negative from", '(str/index-of "abc" "a" -5)'],
  ["unicode", '(str/index-of "a😀b" "b")'],
  [
    "nil value",
    '(str/index-of "abc" nil)',
    { differs: "JVM: NullPointerException; nbb gives nil", expectError: "type" },
  ],
]);

t.group("last-index-of", [
  ["found", '(str/last-index-of "banana" "an")'],
  ["absent", '(str/last-index-of "banana" "x")'],
  ["char", '(str/last-index-of "banana" \\a)'],
  ["from", '(str/last-index-of "banana" "an" 2)'],
  ["from zero", '(str/last-index-of "banana" "b" 0)'],
  ["overlapping", '(str/last-index-of "aaa" "aa")'],
  ["empty needle", '(str/last-index-of "abc" "")'],
  ["from past end", '(str/last-index-of "banana" "a" 100)'],
]);

t.group("replace", [
  ["string", '(str/replace "a-b-c" "-" "+")'],
  ["string is literal", '(str/replace "a.b.c" "." "!")'],
  ["dollar in string replacement", '(str/replace "price" "price" "$1")'],
  ["char", '(str/replace "aXa" \\a \\b)'],
  ["regex", '(str/replace "hello world" #"o" "0")'],
  ["regex groups", '(str/replace "2024-01-15" #"(\\d+)-(\\d+)-(\\d+)" "$3/$2/$1")'],
  [
    "whole match $0",
    '(str/replace "ab" #"\\w" "[$0]")',
    { differs: JAVA_REGEX + " ($0 is the whole match in Java)", expected: '"[a][b]"' },
  ],
  [
    "escaped dollar",
    '(str/replace "a1" #"\\d" "\\\\$")',
    { differs: JAVA_REGEX + " (\\$ is a literal dollar in Java)", expected: '"a$"' },
  ],
  ["regex fn", '(str/replace "a1b22" #"\\d+" (fn [m] (str "<" m ">")))'],
  ["regex fn groups", '(str/replace "x=1,y=2" #"(\\w)=(\\d)" (fn [[_ k v]] (str v "=" k)))'],
  ["fn upper", '(str/replace "hello world" #"\\b\\w" str/upper-case)'],
  ["empty matches", '(str/replace "abc" #"x*" "-")'],
  ["empty string match", '(str/replace "abc" "" "-")'],
  ["no match", '(str/replace "abc" #"x" "y")'],
  ["empty input", '(str/replace "" #"a" "b")'],
  ["case insensitive", '(str/replace "Hello HELLO" #"(?i)hello" "bye")'],
  ["remove", '(str/replace "a1b2c3" #"\\d" "")'],
  ["collapse spaces", '(str/replace "a   b  c" #"\\s+" " ")'],
  ["unicode", '(str/replace "café" "é" "e")'],
  [
    "unmatched group",
    '(str/replace "b" #"(a)?b" "[$1]")',
    { differs: JAVA_REGEX + " (an unmatched group is empty)", expected: '"[]"' },
  ],
  [
    "missing group",
    '(str/replace "abc" #"b" "$1")',
    { differs: JAVA_REGEX + " (Java: No group 1)", expectError: "runtime" },
  ],
  [
    "fn returning non-string",
    '(str/replace "a1" #"\\d" (fn [m] 5))',
    { differs: "JVM: ClassCastException (the function must return a string); nbb calls str", expectError: "type" },
  ],
  [
    "string match fn replacement",
    '(str/replace "abc" "b" (fn [m] "x"))',
    { differs: "JVM: ClassCastException (a function replacement needs a regex); nbb accepts", expectError: "type" },
  ],
  ["nil input", '(str/replace nil "a" "b")', { ptccError: "type" }],
  ["number match", '(str/replace "a1" 1 "b")', { ptccError: "type" }],
  [
    "named group",
    '(str/replace "ab" #"(?<x>a)" "${x}!")',
    { differs: JAVA_REGEX + " (${name} in the replacement)", expected: '"a!b"' },
  ],
]);

t.group("replace-first", [
  ["string", '(str/replace-first "a-b-c" "-" "+")'],
  ["char", '(str/replace-first "aaa" \\a \\b)'],
  ["regex", '(str/replace-first "a1b2" #"\\d" "#")'],
  ["regex groups", '(str/replace-first "john smith" #"(\\w+) (\\w+)" "$2, $1")'],
  ["fn", '(str/replace-first "a1b2" #"\\d" (fn [m] (str (* 10 (parse-long m)))))'],
  ["no match", '(str/replace-first "abc" #"x" "y")'],
  ["string literal", '(str/replace-first "a.b.c" "." "!")'],
  ["empty match", '(str/replace-first "abc" #"x*" "-")'],
]);

t.group("reverse", [
  ["basic", '(str/reverse "abc")'],
  ["empty", '(str/reverse "")'],
  ["surrogate pair kept", '(str/reverse "a😀b")'],
  ["accents", '(str/reverse "café")'],
  ["palindrome", '(let [s "racecar"] (= s (str/reverse s)))'],
  ["nil", "(str/reverse nil)", { ptccError: "type" }],
]);

t.group("escape", [
  ["html", '(str/escape "a<b>&" {\\< "&lt;" \\> "&gt;" \\& "&amp;"})'],
  ["nothing", '(str/escape "abc" {\\x "y"})'],
  ["empty", '(str/escape "" {\\a "b"})'],
  ["fn", '(str/escape "abc" (fn [c] (when (= c \\b) "B")))'],
  ["number replacement", '(str/escape "a" {\\a 1})'],
  ["keyword replacement", '(str/escape "a" {\\a :x})'],
  [
    "false keeps",
    '(str/escape "a" {\\a false})',
    {
      differs: 'JVM\'s escape keeps the character when cmap gives false (if-let); nbb appends "false"',
      expected: '"a"',
    },
  ],
]);

// =======================================================================================
// regular expressions

t.group("re-pattern", [
  ["from string", '(re-find (re-pattern "\\\\d+") "ab12")'],
  ["regex passes through", '(re-find (re-pattern #"\\d") "a1")'],
  ["regex?", '(regex? (re-pattern "a"))', { differs: "regex? is a PTC-Lisp extension", expected: "true" }],
  ["invalid", '(re-pattern "(")', { ptccError: "type" }],
  ["number", "(re-pattern 1)", { ptccError: "type" }],
  ["built from parts", '(let [w "cat"] (re-find (re-pattern (str "\\\\b" w "s?\\\\b")) "two cats"))'],
  ["flags", '(re-find (re-pattern "(?i)abc") "xABC")'],
  ["pr-str", '(pr-str (re-pattern "a+"))'],
  [
    "str",
    '(str #"a+b")',
    {
      differs: "JVM: str of a Pattern is its source; nbb prints /a+b/",
      expected: '"a+b"',
    },
  ],
]);

t.group("re-find", [
  ["match", '(re-find #"\\d+" "abc 123 def")'],
  ["no match", '(re-find #"\\d+" "abc")'],
  ["groups", '(re-find #"(\\w+)@(\\w+)" "x ann@host y")'],
  ["optional group missing", '(re-find #"(a)(b)?" "a")'],
  ["empty match", '(re-find #"x*" "abc")'],
  ["anchors", '(re-find #"^abc$" "abc")'],
  ["anchor fails", '(re-find #"^b" "abc")'],
  ["case insensitive", '(re-find #"(?i)HELLO" "say hello")'],
  ["dot does not match newline", '(re-find #"a.b" "a\\nb")'],
  ["dotall", '(re-find #"(?s)a.b" "a\\nb")'],
  ["multiline", '(re-find #"(?m)^b" "a\\nb")'],
  ["word boundary", '(re-find #"\\bcat\\b" "concat cat")'],
  ["character class", '(re-find #"[aeiou]+" "rhythm and blues")'],
  ["negated class", '(re-find #"[^a-z]+" "abc123def")'],
  ["lazy quantifier", '(re-find #"<.+?>" "<a><b>")'],
  ["greedy quantifier", '(re-find #"<.+>" "<a><b>")'],
  ["counted", '(re-find #"\\d{3}" "12 1234")'],
  ["counted range", '(re-find #"a{2,3}" "aaaa")'],
  ["alternation", '(re-find #"cat|dog" "hotdog")'],
  ["non-capturing group", '(re-find #"(?:ab)+" "xababx")'],
  ["nested groups", '(re-find #"((a)(b))" "ab")'],
  ["lookahead", '(re-find #"\\d+(?=%)" "up 15% today")'],
  ["negative lookahead", '(re-find #"foo(?!bar)" "foobar foobaz")'],
  ["lookbehind", '(re-find #"(?<=\\$)\\d+" "cost: $42")'],
  ["negative lookbehind", '(re-find #"(?<!\\$)\\b\\d+" "$5 or 7")'],
  ["backreference", '(re-find #"(\\w)\\1" "abccd")'],
  ["unicode text", '(re-find #"é+" "caféé")'],
  [
    "emoji",
    '(re-find #"😀+" "a😀😀b")',
    { differs: JAVA_REGEX + " (a quantifier applies to a whole code point)", expected: '"😀😀"' },
  ],
  ["escaped dot", '(re-find #"\\d+\\.\\d+" "v 3.14")'],
  ["email", '(re-find #"[\\w.]+@[\\w.]+\\.\\w+" "mail: a.b@c.org now")'],
  ["digits in map", '(map #(re-find #"\\d+" %) ["a1" "b" "c22"])'],
  ["nil string", '(re-find #"a" nil)', { ptccError: "type" }],
  [
    "string pattern",
    '(re-find "a" "abc")',
    { differs: "JVM: ClassCastException (String is not a Pattern); nbb accepts a string", expectError: "type" },
  ],
  ["named group", '(re-find #"(?<year>\\d{4})" "in 2024")'],
  ["quoted", '(re-find #"\\Qa.b\\E" "xa.by")', { differs: JAVA_REGEX + " (\\Q...\\E)", expected: '"a.b"' }],
  ["posix class", '(re-find #"\\p{Alpha}+" "12abc34")', { differs: JAVA_REGEX + " (\\p{Alpha})", expected: '"abc"' }],
  [
    "unicode letter property",
    '(re-find #"\\p{L}+" "12ñandú34")',
    { differs: JAVA_REGEX + " (\\p{L} needs the u flag in JavaScript)", expected: '"ñandú"' },
  ],
  ["upper property", '(re-find #"\\p{Lu}" "abcD")', { differs: JAVA_REGEX, expected: '"D"' }],
  ["\\A anchor", '(re-find #"\\Aab" "ab")', { differs: JAVA_REGEX + " (\\A)", expected: '"ab"' }],
  ["\\z anchor", '(re-find #"b\\z" "ab")', { differs: JAVA_REGEX + " (\\z)", expected: '"b"' }],
  [
    "$ before final newline",
    '(re-find #"b$" "ab\\n")',
    { differs: JAVA_REGEX + " ($ also matches before a final line terminator)", expected: '"b"' },
  ],
  [
    "\\s is ASCII",
    '(re-find #"\\s" "a\\u00a0b")',
    { differs: JAVA_REGEX + " (\\s is ASCII whitespace in Java)", expected: "nil" },
  ],
  ["\\h", '(re-find #"\\h+" "a \\tb")', { differs: JAVA_REGEX + " (\\h)", expected: '" \\t"' }],
  ["\\R", '(re-seq #"\\R" "a\\r\\nb\\nc")', { differs: JAVA_REGEX + " (\\R)", expected: '("\\r\\n" "\\n")' }],
  [
    "comments mode",
    '(re-find #"(?x) a b # letters" "xaby")',
    { differs: JAVA_REGEX + " ((?x) comments)", expected: '"ab"' },
  ],
  [
    "inline flag mid-pattern",
    '(re-find #"a(?i)b" "aB")',
    { differs: JAVA_REGEX + " (inline flags anywhere)", expected: '"aB"' },
  ],
  [
    "scoped flag group",
    '(re-find #"(?i:a)b" "Ab AB")',
    { differs: JAVA_REGEX + " ((?i:...) groups)", expected: '"Ab"' },
  ],
  [
    "class intersection",
    '(re-find #"[a-z&&[^aeiou]]+" "aebcdi")',
    { differs: JAVA_REGEX + " (&& in classes)", expected: '"bcd"' },
  ],
  ["octal escape", '(re-find #"\\0101" "xA")', { differs: JAVA_REGEX + " (\\0 octal)", expected: '"A"' }],
  ["hex escape braces", '(re-find #"\\x{41}" "xA")', { differs: JAVA_REGEX + " (\\x{...})", expected: '"A"' }],
  [
    "possessive rejected",
    '(re-find #"a++" "aaa")',
    { differs: "possessive quantifiers are not supported (a clear error)", expectError: "analysis" },
  ],
  [
    "atomic group rejected",
    '(re-find #"(?>a)" "a")',
    { differs: "atomic groups are not supported (a clear error)", expectError: "analysis" },
  ],
  [
    "unescaped brace rejected",
    '(re-find #"{" "{")',
    { differs: "Java: Illegal repetition; JavaScript reads a literal brace", expectError: "analysis" },
  ],
  ["dangling quantifier", '(re-find (re-pattern "*a") "a")', { ptccError: "type" }],
  ["unclosed class", '(re-find (re-pattern "[a") "a")', { ptccError: "type" }],
  [
    "bad escape",
    '(re-find (re-pattern "\\\\y") "y")',
    { differs: "Java: illegal escape \\y; JavaScript reads y", expectError: "type" },
  ],
  ["bad range", '(re-find (re-pattern "[z-a]") "a")', { ptccError: "type" }],
  [
    "nested quantifier is linear",
    '(re-find #"(a+)+b" (apply str (repeat 5000 "a")))',
    { differs: BACKTRACK, expected: "nil" },
  ],
  [
    "polynomial pattern is linear",
    '(re-find #".*a.*b" (apply str (repeat 20000 "a")))',
    { differs: BACKTRACK, expected: "nil" },
  ],
  ["alternation star", '(re-find #"(a|a)*c" (apply str (repeat 3000 "a")))', { differs: BACKTRACK, expected: "nil" }],
  ["nested quantifier match", '(re-find #"(\\w+\\s?)+$" "hello big world")'],
  ["long input", '(count (re-find #"\\d+" (str (apply str (repeat 100000 "x")) "123")))'],
]);

t.group("re-matches", [
  ["whole", '(re-matches #"\\d+" "123")'],
  ["partial is nil", '(re-matches #"\\d+" "123a")'],
  ["groups", '(re-matches #"(\\d+)-(\\d+)" "10-20")'],
  ["empty", '(re-matches #"" "")'],
  ["empty pattern nonempty input", '(re-matches #"" "a")'],
  [
    "alternation needs whole",
    '(re-matches #"a|ab" "ab")',
    {
      differs: "Java's matches() backtracks into the alternation; ClojureScript compares the first match's length",
      expected: '"ab"',
    },
  ],
  ["optional group", '(re-matches #"(a)?b" "b")'],
  ["case insensitive", '(re-matches #"(?i)[a-z]+" "AbC")'],
  ["date", '(re-matches #"(\\d{4})-(\\d{2})-(\\d{2})" "2024-03-15")'],
  ["filter valid", '(filter #(re-matches #"[a-z]+" %) ["abc" "ab1" "xyz"])'],
  ["trailing newline", '(re-matches #"abc" "abc\\n")'],
  ["dollar before newline", '(re-matches #"abc$" "abc\\n")'],
  ["nil", '(re-matches #"a" nil)', { ptccError: "type" }],
  ["unicode", '(re-matches #"caf." "café")'],
]);

t.group("re-seq", [
  ["all", '(re-seq #"\\d+" "a1 b22 c333")'],
  ["none is nil", '(re-seq #"\\d" "abc")'],
  ["groups", '(re-seq #"(\\w)=(\\d)" "a=1,b=2")'],
  ["empty matches", '(re-seq #"x*" "ab")'],
  ["words", '(re-seq #"\\w+" "the quick brown fox")'],
  ["count", '(count (re-seq #"a" "banana"))'],
  ["lazy first", '(first (re-seq #"\\d" "a1b2c3"))'],
  ["take", '(take 2 (re-seq #"\\d" "1 2 3 4"))'],
  ["many matches", '(count (re-seq #"a" (apply str (repeat 1000 "ab"))))'],
  ["last of many", '(last (re-seq #"\\d+" (str/join " " (range 100))))'],
  ["seq?", '(seq? (re-seq #"a" "aa"))'],
  ["empty string", '(re-seq #"a" "")'],
  ["empty pattern on empty", '(re-seq #"" "")'],
  [
    "unicode",
    '(re-seq #"." "é😀")',
    {
      differs: "Java matches . against a whole code point (JavaScript without the u flag splits surrogates)",
      expected: '("é" "😀")',
    },
  ],
  ["overlapping not found", '(re-seq #"aa" "aaaa")'],
  ["mapcat numbers", '(map parse-long (re-seq #"\\d+" "1, 22, 333"))'],
  ["nil", '(re-seq #"a" nil)', { ptccError: "type" }],
]);

t.group("regex?", [
  ["regex", '(regex? #"a")', { differs: "regex? is a PTC-Lisp extension", expected: "true" }],
  ["string", '(regex? "a")', { differs: "regex? is a PTC-Lisp extension", expected: "false" }],
  ["nil", "(regex? nil)", { differs: "regex? is a PTC-Lisp extension", expected: "false" }],
]);

t.group("re-split", [
  ["basic", '(re-split #"," "a,b,c")', { differs: "re-split is a PTC-Lisp extension", expected: '["a" "b" "c"]' }],
  [
    "whitespace",
    '(re-split #"\\s+" "a  b   c")',
    { differs: "re-split is a PTC-Lisp extension", expected: '["a" "b" "c"]' },
  ],
  [
    "pattern string",
    '(re-split "\\\\r?\\\\n" "l1\\nl2\\r\\nl3")',
    { differs: "re-split is a PTC-Lisp extension", expected: '["l1" "l2" "l3"]' },
  ],
  ["trailing dropped", '(re-split #"," "a,,")', { differs: "re-split is a PTC-Lisp extension", expected: '["a"]' }],
  ["no match", '(re-split #"," "abc")', { differs: "re-split is a PTC-Lisp extension", expected: '["abc"]' }],
]);

t.group("extract", [
  [
    "group 1 default",
    '(extract "ID:(\\\\d+)" "ID:42")',
    { differs: "extract is a PTC-Lisp extension", expected: '"42"' },
  ],
  ["group 0", '(extract "ID:(\\\\d+)" "ID:42" 0)', { differs: "extract is a PTC-Lisp extension", expected: '"ID:42"' }],
  [
    "group 2",
    '(extract #"x=(\\d+) y=(\\d+)" "x=10 y=20" 2)',
    { differs: "extract is a PTC-Lisp extension", expected: '"20"' },
  ],
  ["no match", '(extract #"ID:(\\d+)" "none")', { differs: "extract is a PTC-Lisp extension", expected: "nil" }],
  [
    "missing group",
    '(extract #"ID:(\\d+)" "ID:42" 5)',
    { differs: "extract is a PTC-Lisp extension", expected: "nil" },
  ],
  [
    "no groups gives whole match",
    '(extract #"\\d+" "ab 42")',
    { differs: "extract is a PTC-Lisp extension", expected: '"42"' },
  ],
  ["nil input", '(extract #"a" nil)', { differs: "extract is a PTC-Lisp extension", expected: "nil" }],
  [
    "in map",
    '(map #(extract #"#(\\d+)" %) ["#1" "x" "#22"])',
    { differs: "extract is a PTC-Lisp extension", expected: '("1" nil "22")' },
  ],
  ["bad group", '(extract #"a" "a" -1)', { differs: "extract is a PTC-Lisp extension", expectError: "type" }],
]);

t.group("extract-int", [
  ["basic", '(extract-int #"age=(\\d+)" "age=25")', { differs: "extract-int is a PTC-Lisp extension", expected: "25" }],
  [
    "no match",
    '(extract-int #"age=(\\d+)" "none")',
    { differs: "extract-int is a PTC-Lisp extension", expected: "nil" },
  ],
  [
    "default",
    '(extract-int #"age=(\\d+)" "none" 1 0)',
    { differs: "extract-int is a PTC-Lisp extension", expected: "0" },
  ],
  [
    "group 2",
    '(extract-int "x=(\\\\d+) y=(\\\\d+)" "x=10 y=20" 2 0)',
    { differs: "extract-int is a PTC-Lisp extension", expected: "20" },
  ],
  [
    "not a number",
    '(extract-int #"v=(\\w+)" "v=abc" 1 -1)',
    { differs: "extract-int is a PTC-Lisp extension", expected: "-1" },
  ],
  ["negative", '(extract-int #"(-?\\d+)" "t=-7")', { differs: "extract-int is a PTC-Lisp extension", expected: "-7" }],
  [
    "sum",
    '(reduce + (map #(extract-int #"(\\d+)" % 1 0) ["a1" "b" "c3"]))',
    { differs: "extract-int is a PTC-Lisp extension", expected: "4" },
  ],
]);

// =======================================================================================
// parsing

t.group("parse-long", [
  ["positive", '(parse-long "42")'],
  ["negative", '(parse-long "-42")'],
  ["plus sign", '(parse-long "+7")'],
  ["zero", '(parse-long "0")'],
  ["leading zeros", '(parse-long "007")'],
  ["float text", '(parse-long "4.2")'],
  ["letters", '(parse-long "abc")'],
  ["trailing letters", '(parse-long "12a")'],
  ["empty", '(parse-long "")'],
  ["only sign", '(parse-long "-")'],
  ["spaces", '(parse-long " 1")'],
  ["exponent", '(parse-long "1e3")'],
  ["max safe", '(parse-long "9007199254740991")'],
  ["beyond long", '(parse-long "99999999999999999999")'],
  [
    "beyond exact range",
    '(parse-long "9007199254740993")',
    { differs: "integers are exact only within ±(2^53-1) in PTC-Lisp", expectError: "arithmetic" },
  ],
  [
    "nil",
    "(parse-long nil)",
    { differs: "JVM: IllegalArgumentException (Expected string); nbb is lax", expectError: "type" },
  ],
  [
    "number",
    "(parse-long 42)",
    { differs: "JVM: IllegalArgumentException (Expected string); nbb is lax", expectError: "type" },
  ],
  ["map over strings", '(map parse-long ["1" "x" "3"])'],
  ["keep", '(keep parse-long ["1" "x" "3"])'],
  ["sum", '(reduce + (map parse-long (str/split "1,2,3" #",")))'],
  [
    "arabic-indic digits",
    '(parse-long "١٢٣")',
    { differs: "Java's Long/valueOf reads any Unicode decimal digits", expected: "123" },
  ],
]);

t.group("parse-int", [
  [
    "alias of parse-long",
    '(parse-int "42")',
    { differs: "parse-int is a PTC-Lisp name for parse-long", expected: "42" },
  ],
  ["invalid", '(parse-int "abc")', { differs: "parse-int is a PTC-Lisp name for parse-long", expected: "nil" }],
  ["negative", '(parse-int "-3")', { differs: "parse-int is a PTC-Lisp name for parse-long", expected: "-3" }],
]);

t.group("parse-double", [
  ["decimal", '(parse-double "3.5")'],
  ["integer text", '(parse-double "3")', { differs: "JVM gives the double 3.0 (nbb prints 3)", expected: "3.0" }],
  ["negative", '(parse-double "-0.25")'],
  ["exponent", '(parse-double "1e3")', { differs: "JVM gives the double 1000.0", expected: "1000.0" }],
  ["leading dot", '(parse-double ".5")'],
  ["trailing dot", '(parse-double "5.")', { differs: "JVM gives the double 5.0", expected: "5.0" }],
  ["invalid", '(parse-double "abc")'],
  ["empty", '(parse-double "")'],
  ["trailing letters", '(parse-double "1.5x")'],
  ["surrounding spaces", '(parse-double " 1.5 ")'],
  ["NaN", '(parse-double "NaN")'],
  ["Infinity", '(parse-double "Infinity")'],
  ["negative Infinity", '(parse-double "-Infinity")'],
  ["lowercase inf", '(parse-double "inf")'],
  ["plus sign", '(parse-double "+2.5")'],
  [
    "suffix d",
    '(parse-double "1.5d")',
    { differs: "Java's Double/parseDouble accepts a type suffix", expected: "1.5" },
  ],
  ["hex float", '(parse-double "0x1p4")', { differs: "Java's Double/parseDouble reads hex floats", expected: "16.0" }],
  ["comma", '(parse-double "1,5")'],
  ["nil", "(parse-double nil)", { differs: "JVM: IllegalArgumentException (Expected string)", expectError: "type" }],
  ["number", "(parse-double 1.5)", { differs: "JVM: IllegalArgumentException (Expected string)", expectError: "type" }],
  ["sum", '(reduce + (map parse-double ["1.5" "2.5"]))', { differs: "JVM gives the double 4.0", expected: "4.0" }],
]);

t.group("parse-boolean", [
  ["true", '(parse-boolean "true")'],
  ["false", '(parse-boolean "false")'],
  ["capitalized", '(parse-boolean "True")'],
  ["other", '(parse-boolean "yes")'],
  ["empty", '(parse-boolean "")'],
  ["nil", "(parse-boolean nil)", { differs: "JVM: IllegalArgumentException (Expected string)", expectError: "type" }],
  [
    "boolean",
    "(parse-boolean true)",
    { differs: "JVM: IllegalArgumentException (Expected string)", expectError: "type" },
  ],
]);

// =======================================================================================
// Java interop

const DATE = "java.util.Date: nbb has no JVM classes";

t.group("Date.", [
  ["from millis", "(.getTime (java.util.Date. 1700000000000))", { differs: DATE, expected: "1700000000000" }],
  [
    "from seconds",
    "(.getTime (java.util.Date. 1700000000))",
    {
      differs: "PTC-Lisp reads integers below 10^12 as epoch seconds (Java: always milliseconds)",
      expected: "1700000000000",
    },
  ],
  ["epoch", "(.getTime (Date. 0))", { differs: DATE, expected: "0" }],
  [
    "ISO date-time",
    '(.getTime (java.util.Date. "2024-01-02T03:04:05Z"))',
    { differs: DATE, expected: "1704164645000" },
  ],
  [
    "ISO with millis",
    '(.getTime (java.util.Date. "2024-01-02T03:04:05.123Z"))',
    { differs: DATE, expected: "1704164645123" },
  ],
  [
    "ISO with offset",
    '(.getTime (java.util.Date. "2024-01-02T03:04:05+02:00"))',
    { differs: DATE, expected: "1704157445000" },
  ],
  [
    "ISO without zone is UTC",
    '(.getTime (java.util.Date. "2024-01-02T00:00:00"))',
    { differs: DATE, expected: "1704153600000" },
  ],
  ["ISO date", '(.getTime (java.util.Date. "2024-01-02"))', { differs: DATE, expected: "1704153600000" }],
  [
    "RFC 2822",
    '(.getTime (java.util.Date. "Tue, 02 Jan 2024 03:04:05 GMT"))',
    { differs: DATE, expected: "1704164645000" },
  ],
  [
    "Java toString",
    '(.getTime (java.util.Date. "Tue Jan 02 03:04:05 UTC 2024"))',
    { differs: DATE, expected: "1704164645000" },
  ],
  [
    "copy",
    "(.getTime (java.util.Date. (java.util.Date. 5000000000000)))",
    { differs: DATE, expected: "5000000000000" },
  ],
  ["invalid string", '(java.util.Date. "yesterday")', { differs: DATE, expectError: "runtime" }],
  ["invalid day", '(java.util.Date. "2023-02-29")', { differs: DATE, expectError: "runtime" }],
  ["nil", "(java.util.Date. nil)", { differs: DATE, expectError: "type" }],
  ["float", "(java.util.Date. 1.5)", { differs: DATE, expectError: "type" }],
  ["now is a date", "(inst? (java.util.Date.))", { differs: DATE, expected: "true" }],
  [
    "now is now",
    // Two clock reads a moment apart (one millisecond may pass between them).
    "(let [a (.getTime (java.util.Date.)) b (System/currentTimeMillis)] (<= 0 (- b a) 50))",
    { differs: DATE, expected: "true" },
  ],
  [
    "equal by value",
    "(= (java.util.Date. 1000000000000) (java.util.Date. 1000000000000))",
    { differs: DATE, expected: "true" },
  ],
  [
    "pr-str",
    '(pr-str (java.util.Date. "2024-01-02T03:04:05.006Z"))',
    {
      differs: DATE,
      expected: '"#inst \\"2024-01-02T03:04:05.006-00:00\\""',
    },
  ],
  [
    "str",
    '(str (java.util.Date. "2024-01-02T03:04:05Z"))',
    {
      differs: DATE,
      expected: '"Tue Jan 02 03:04:05 UTC 2024"',
    },
  ],
  [
    "toString",
    '(.toString (java.util.Date. "2024-01-02T03:04:05Z"))',
    { differs: DATE, expected: '"Tue Jan 02 03:04:05 UTC 2024"' },
  ],
  [
    "sort",
    "(map #(.getTime %) (sort [(java.util.Date. 3000000000000) (java.util.Date. 2000000000000)]))",
    {
      differs: DATE,
      expected: "(2000000000000 3000000000000)",
    },
  ],
]);

t.group(".getTime", [
  [
    "difference in days",
    '(quot (- (.getTime (java.util.Date. "2024-03-01")) (.getTime (java.util.Date. "2024-02-01"))) 86400000)',
    { differs: DATE, expected: "29" },
  ],
  ["string is an error", '(.getTime "2024-01-01")', { differs: DATE, expectError: "type" }],
  ["nil is an error", "(.getTime nil)", { differs: DATE, expectError: "type" }],
]);

t.group("date comparisons", [
  [
    ".before",
    '(.before (java.util.Date. "2024-01-01") (java.util.Date. "2024-06-01"))',
    { differs: DATE, expected: "true" },
  ],
  [
    ".after",
    '(.after (java.util.Date. "2024-01-01") (java.util.Date. "2024-06-01"))',
    { differs: DATE, expected: "false" },
  ],
  [".after same", "(.after (java.util.Date. 0) (java.util.Date. 0))", { differs: DATE, expected: "false" }],
  ["inst-ms", '(inst-ms (java.util.Date. "1970-01-02"))', { differs: DATE, expected: "86400000" }],
  ["inst-ms of number", "(inst-ms 5)", { differs: DATE, expectError: "type" }],
  ["inst? of string", '(inst? "2024-01-01")', { differs: DATE, expected: "false" }],
  ["inst? of nil", "(inst? nil)"],
  [
    ".compareTo",
    "(.compareTo (java.util.Date. 2000000000000) (java.util.Date. 1000000000000))",
    { differs: DATE, expected: "1" },
  ],
]);

t.group("System/currentTimeMillis", [
  [
    "positive",
    "(pos? (System/currentTimeMillis)) ; System.currentTimeMillis",
    { differs: JVM_INTEROP, expected: "true" },
  ],
  ["integer", "(int? (System/currentTimeMillis))", { differs: JVM_INTEROP, expected: "true" }],
  [
    "stable within a form",
    "(let [a (System/currentTimeMillis) b (System/currentTimeMillis)] (<= a b))",
    { differs: JVM_INTEROP, expected: "true" },
  ],
]);

const LOCAL_DATE = "java.time.LocalDate: nbb has no JVM classes";

t.group("LocalDate", [
  [
    "parse",
    '(.toString (LocalDate/parse "2024-01-31")) ; LocalDate.parse',
    { differs: LOCAL_DATE, expected: '"2024-01-31"' },
  ],
  [
    "qualified class",
    '(.toEpochDay (java.time.LocalDate/parse "1970-01-11"))',
    { differs: LOCAL_DATE, expected: "10" },
  ],
  ["invalid day", '(LocalDate/parse "2024-02-30")', { differs: LOCAL_DATE, expectError: "runtime" }],
  ["not ISO", '(LocalDate/parse "01/02/2024")', { differs: LOCAL_DATE, expectError: "runtime" }],
  ["date-time rejected", '(LocalDate/parse "2024-01-02T00:00:00")', { differs: LOCAL_DATE, expectError: "runtime" }],
  ["nil", "(LocalDate/parse nil)", { differs: LOCAL_DATE, expectError: "type" }],
  ["leap day", '(.toString (LocalDate/parse "2024-02-29"))', { differs: LOCAL_DATE, expected: '"2024-02-29"' }],
  ["of", "(.toString (LocalDate/of 2024 2 29)) ; LocalDate.of", { differs: LOCAL_DATE, expected: '"2024-02-29"' }],
  ["of invalid", "(LocalDate/of 2023 2 29)", { differs: LOCAL_DATE, expectError: "runtime" }],
  ["now", "(pos? (.toEpochDay (LocalDate/now))) ; LocalDate.now", { differs: LOCAL_DATE, expected: "true" }],
  [
    "plusDays",
    '(.toString (.plusDays (LocalDate/parse "2024-02-28") 2))',
    { differs: LOCAL_DATE, expected: '"2024-03-01"' },
  ],
  [
    "minusDays",
    '(.toString (.minusDays (LocalDate/parse "2024-01-01") 1))',
    { differs: LOCAL_DATE, expected: '"2023-12-31"' },
  ],
  [
    "plusWeeks",
    '(.toString (.plusWeeks (LocalDate/parse "2024-01-01") 2))',
    { differs: LOCAL_DATE, expected: '"2024-01-15"' },
  ],
  [
    "minusWeeks",
    '(.toString (.minusWeeks (LocalDate/parse "2024-01-01") 1))',
    { differs: LOCAL_DATE, expected: '"2023-12-25"' },
  ],
  [
    "plusMonths clamps",
    '(.toString (.plusMonths (LocalDate/parse "2024-01-31") 1))',
    { differs: LOCAL_DATE, expected: '"2024-02-29"' },
  ],
  [
    "minusMonths",
    '(.toString (.minusMonths (LocalDate/parse "2024-03-31") 1))',
    { differs: LOCAL_DATE, expected: '"2024-02-29"' },
  ],
  [
    "plusYears leap",
    '(.toString (.plusYears (LocalDate/parse "2024-02-29") 1))',
    { differs: LOCAL_DATE, expected: '"2025-02-28"' },
  ],
  [
    "minusYears",
    '(.toString (.minusYears (LocalDate/parse "2024-05-05") 10))',
    { differs: LOCAL_DATE, expected: '"2014-05-05"' },
  ],
  ["plusDays string is an error", '(.plusDays "2024-01-01" 1)', { differs: LOCAL_DATE, expectError: "type" }],
  ["toEpochDay", '(.toEpochDay (LocalDate/parse "2000-01-01"))', { differs: LOCAL_DATE, expected: "10957" }],
  ["before epoch", '(.toEpochDay (LocalDate/parse "1969-12-31"))', { differs: LOCAL_DATE, expected: "-1" }],
  ["getYear", '(.getYear (LocalDate/parse "1999-12-31"))', { differs: LOCAL_DATE, expected: "1999" }],
  ["getMonthValue", '(.getMonthValue (LocalDate/parse "1999-12-31"))', { differs: LOCAL_DATE, expected: "12" }],
  ["getDayOfMonth", '(.getDayOfMonth (LocalDate/parse "1999-12-31"))', { differs: LOCAL_DATE, expected: "31" }],
  ["getDayOfWeek", '(.getDayOfWeek (LocalDate/parse "2024-01-01"))', { differs: LOCAL_DATE, expected: '"MONDAY"' }],
  [
    "isLeapYear",
    '(map #(.isLeapYear (LocalDate/parse %)) ["1900-01-01" "2000-01-01" "2023-01-01"])',
    { differs: LOCAL_DATE, expected: "(false true false)" },
  ],
  ["lengthOfMonth", '(.lengthOfMonth (LocalDate/parse "2024-02-01"))', { differs: LOCAL_DATE, expected: "29" }],
  [
    "isBefore",
    '(.isBefore (LocalDate/parse "2024-01-01") (LocalDate/parse "2024-01-02"))',
    { differs: LOCAL_DATE, expected: "true" },
  ],
  [
    "isAfter",
    '(.isAfter (LocalDate/parse "2024-01-01") (LocalDate/parse "2024-01-02"))',
    { differs: LOCAL_DATE, expected: "false" },
  ],
  [
    "isEqual",
    '(.isEqual (LocalDate/parse "2024-01-01") (LocalDate/parse "2024-01-01"))',
    { differs: LOCAL_DATE, expected: "true" },
  ],
  [
    "days between",
    '(- (.toEpochDay (LocalDate/parse "2024-12-25")) (.toEpochDay (LocalDate/parse "2024-01-01")))',
    { differs: LOCAL_DATE, expected: "359" },
  ],
  [
    "equal by value",
    '(= (LocalDate/parse "2024-01-01") (LocalDate/parse "2024-01-01"))',
    { differs: LOCAL_DATE, expected: "true" },
  ],
  ["str", '(str (LocalDate/parse "2024-01-01"))', { differs: LOCAL_DATE, expected: '"2024-01-01"' }],
]);

t.group("String methods", [
  [".length", '(.length "hello")', { differs: "nbb: .length is a JavaScript property, not a method", expected: "5" }],
  [
    ".length unicode",
    '(.length "a😀")',
    { differs: "nbb: .length is a JavaScript property, not a method", expected: "3" },
  ],
  [".length nil", "(.length nil)", { ptccError: "type" }],
  [".isEmpty", '[(.isEmpty "") (.isEmpty "a") (.isEmpty [])]', { differs: JVM_INTEROP, expected: "[true false true]" }],
  [".isBlank", '[(.isBlank " \\t") (.isBlank " a ")]', { differs: JVM_INTEROP, expected: "[true false]" }],
  [".toUpperCase", '(.toUpperCase "abc")'],
  [".toLowerCase", '(.toLowerCase "ABC")'],
  [".trim", '(.trim "  a b  ")'],
  [
    ".trim only up to space",
    '(count (.trim "\\u3000a"))',
    { differs: "Java's String.trim removes only characters up to U+0020", expected: "2" },
  ],
  [".strip", '(.strip "\\u3000a ")', { differs: JVM_INTEROP, expected: '"a"' }],
  [".startsWith", '(.startsWith "hello" "he")'],
  [".endsWith", '(.endsWith "hello" "lo")'],
  [
    ".contains",
    '(.contains "hello" "ell")',
    { differs: "nbb: JavaScript strings have includes, not contains", expected: "true" },
  ],
  [".contains vector", "(.contains [1 2 3] 2)", { differs: JVM_INTEROP, expected: "true" }],
  [".contains set", "(.contains #{:a} :b)", { differs: JVM_INTEROP, expected: "false" }],
  [".indexOf", '(.indexOf "banana" "an")'],
  [".indexOf absent", '(.indexOf "banana" "x")'],
  [".indexOf from", '(.indexOf "banana" "an" 2)'],
  [".indexOf char", '(.indexOf "banana" \\n)'],
  [".indexOf vector", "(.indexOf [:a :b :c] :b)", { differs: JVM_INTEROP, expected: "1" }],
  [".indexOf vector absent", "(.indexOf [1 2] 3)"],
  [".lastIndexOf", '(.lastIndexOf "banana" "an")'],
  [".lastIndexOf from", '(.lastIndexOf "banana" "a" 4)'],
  [".lastIndexOf absent", '(.lastIndexOf "banana" "x")'],
  [".substring", '(.substring "hello" 1 3)'],
  [".substring from", '(.substring "hello" 2)'],
  [
    ".substring out of range",
    '(.substring "hello" 2 10)',
    { differs: "Java throws StringIndexOutOfBoundsException; JavaScript clamps", expectError: "runtime" },
  ],
  [
    ".substring reversed",
    '(.substring "hello" 3 1)',
    { differs: "Java throws; JavaScript swaps the indexes", expectError: "runtime" },
  ],
  [".charAt", '(.charAt "hello" 1)'],
  [
    ".charAt out of range",
    '(.charAt "hello" 9)',
    {
      differs: "Java throws StringIndexOutOfBoundsException; JavaScript gives an empty string",
      expectError: "runtime",
    },
  ],
  [
    ".replace",
    '(.replace "a.b.c" "." "-")',
    { differs: "Java's String.replace replaces every occurrence; JavaScript only the first", expected: '"a-b-c"' },
  ],
  [".replace char", '(.replace "aXa" \\a \\b)', { differs: JVM_INTEROP, expected: '"bXb"' }],
  [".replaceAll", '(.replaceAll "a1b22" "\\\\d+" "#")', { differs: JVM_INTEROP, expected: '"a#b#"' }],
  [
    ".replaceAll groups",
    '(.replaceAll "2024-01-02" "(\\\\d+)-(\\\\d+)-(\\\\d+)" "$3.$2.$1")',
    { differs: JVM_INTEROP, expected: '"02.01.2024"' },
  ],
  [".replaceFirst", '(.replaceFirst "a1b22" "\\\\d+" "#")', { differs: JVM_INTEROP, expected: '"a#b22"' }],
  [
    ".matches",
    '[(.matches "abc123" "[a-z]+\\\\d+") (.matches "abc" "b")]',
    { differs: JVM_INTEROP, expected: "[true false]" },
  ],
  [
    ".split",
    '(.split "a,b,,c,," ",")',
    { differs: "Java returns String[] (shown as a vector) with Java's split rules", expected: '["a" "b" "" "c"]' },
  ],
  [".split regex", '(.split "a1b22c" "\\\\d+")', { differs: JVM_INTEROP, expected: '["a" "b" "c"]' }],
  [".split limit", '(.split "a,b,c" "," 2)', { differs: JVM_INTEROP, expected: '["a" "b,c"]' }],
  [".concat", '(.concat "ab" "cd")'],
  [".repeat", '(.repeat "ab" 3)'],
  [".repeat negative", '(.repeat "ab" -1)', { ptccError: "runtime" }],
  [
    ".equals",
    '[(.equals "a" "a") (.equals "a" "b") (.equals [1] [1])]',
    { differs: JVM_INTEROP, expected: "[true false true]" },
  ],
  [".equalsIgnoreCase", '(.equalsIgnoreCase "Abc" "aBC")', { differs: JVM_INTEROP, expected: "true" }],
  [".compareTo", '(.compareTo "a" "c")', { differs: JVM_INTEROP, expected: "-2" }],
  [".toString", "(.toString 42)"],
  [".toString keyword", "(.toString :a)"],
  [".size", "(.size [1 2 3])", { differs: JVM_INTEROP, expected: "3" }],
  [".size map", "(.size {:a 1})", { differs: JVM_INTEROP, expected: "1" }],
  [".get map", "(.get {:a 1} :a)", { differs: JVM_INTEROP, expected: "1" }],
  [".get vector", "(.get [:x :y] 1)", { differs: JVM_INTEROP, expected: ":y" }],
  [".intValue", "(.intValue 3.7)", { differs: JVM_INTEROP, expected: "3" }],
  [".longValue", "(.longValue -3.7)", { differs: JVM_INTEROP, expected: "-3" }],
  [".doubleValue", "(.doubleValue 3)", { differs: JVM_INTEROP, expected: "3.0" }],
  [
    "unknown method",
    '(.fooBar "x")',
    { differs: "unknown interop is an error naming the supported methods", expectError: "undefined" },
  ],
]);

t.group("static methods", [
  ["Integer/parseInt", '(Integer/parseInt "-42") ; Integer.parseInt', { differs: JVM_INTEROP, expected: "-42" }],
  [
    "Integer/parseInt invalid",
    '(Integer/parseInt "4x")',
    { differs: "Java throws NumberFormatException", expectError: "runtime" },
  ],
  [
    "Integer/parseInt overflow",
    '(Integer/parseInt "3000000000")',
    { differs: "Java throws NumberFormatException", expectError: "runtime" },
  ],
  ["Integer/valueOf", '(Integer/valueOf "7") ; Integer.valueOf', { differs: JVM_INTEROP, expected: "7" }],
  [
    "Long/parseLong",
    '(Long/parseLong "3000000000") ; Long.parseLong',
    { differs: JVM_INTEROP, expected: "3000000000" },
  ],
  ["Long/valueOf", '(Long/valueOf "12") ; Long.valueOf', { differs: JVM_INTEROP, expected: "12" }],
  ["Double/parseDouble", '(Double/parseDouble "2.5") ; Double.parseDouble', { differs: JVM_INTEROP, expected: "2.5" }],
  [
    "Double/parseDouble invalid",
    '(Double/parseDouble "x")',
    { differs: "Java throws NumberFormatException", expectError: "runtime" },
  ],
  ["Double/valueOf", '(Double/valueOf "2") ; Double.valueOf', { differs: JVM_INTEROP, expected: "2.0" }],
  [
    "Boolean/parseBoolean",
    '[(Boolean/parseBoolean "TRUE") (Boolean/parseBoolean "yes") (Boolean/parseBoolean nil)] ; Boolean.parseBoolean',
    { differs: JVM_INTEROP, expected: "[true false false]" },
  ],
  [
    "String/valueOf",
    "[(String/valueOf 42) (String/valueOf nil)] ; String.valueOf",
    { differs: JVM_INTEROP, expected: '["42" "null"]' },
  ],
  ["String/join", '(String/join "-" ["a" "b" "c"]) ; String.join', { differs: JVM_INTEROP, expected: '"a-b-c"' }],
  ["String/format", '(String/format "%s-%s" "a" 1) ; String.format', { differs: NO_FORMAT, expected: '"a-1"' }],
  [
    "Character/isDigit",
    "[(Character/isDigit \\5) (Character/isDigit \\a)] ; Character.isDigit",
    { differs: JVM_INTEROP, expected: "[true false]" },
  ],
  [
    "Character/isLetter",
    "[(Character/isLetter \\é) (Character/isLetter \\1)] ; Character.isLetter",
    { differs: JVM_INTEROP, expected: "[true false]" },
  ],
  [
    "Character/isLetterOrDigit",
    "(Character/isLetterOrDigit \\_) ; Character.isLetterOrDigit",
    { differs: JVM_INTEROP, expected: "false" },
  ],
  [
    "Character/isWhitespace",
    "[(Character/isWhitespace \\space) (Character/isWhitespace \\a)] ; Character.isWhitespace",
    { differs: JVM_INTEROP, expected: "[true false]" },
  ],
  [
    "Character/isUpperCase",
    "(Character/isUpperCase \\A) ; Character.isUpperCase",
    { differs: JVM_INTEROP, expected: "true" },
  ],
  [
    "Character/isLowerCase",
    "(Character/isLowerCase \\A) ; Character.isLowerCase",
    { differs: JVM_INTEROP, expected: "false" },
  ],
  [
    "Character/isAlphabetic",
    "(Character/isAlphabetic \\z) ; Character.isAlphabetic",
    { differs: JVM_INTEROP, expected: "true" },
  ],
  [
    "Character/toUpperCase",
    "(Character/toUpperCase \\a) ; Character.toUpperCase",
    { differs: JVM_INTEROP, expected: "\\A" },
  ],
  [
    "Character/toLowerCase",
    "(Character/toLowerCase \\A) ; Character.toLowerCase",
    { differs: JVM_INTEROP, expected: "\\a" },
  ],
  ["Character predicate of string", '(Character/isDigit "5")', { differs: JVM_INTEROP, expectError: "type" }],
  [
    "filter digits",
    '(apply str (filter #(Character/isDigit %) "a1b2c3"))',
    { differs: JVM_INTEROP, expected: '"123"' },
  ],
  ["Double/POSITIVE_INFINITY", "(> Double/POSITIVE_INFINITY 1e308)", { differs: JVM_INTEROP, expected: "true" }],
  ["Integer/MAX_VALUE", "Integer/MAX_VALUE", { differs: JVM_INTEROP, expected: "2147483647" }],
  [
    "unknown static",
    "(Foo/bar 1)",
    { differs: "unknown interop is an error naming the supported methods", expectError: "undefined" },
  ],
]);

// =======================================================================================
// More edge cases: syntax corners, laziness, unicode, errors

t.group("regex syntax", [
  ["escaped bracket in class", '(re-find #"[\\]]+" "a]]b")'],
  ["hyphen last in class", '(re-find #"[\\w-]+" "a-b c")'],
  ["hyphen first in class", '(re-find #"[-a]+" "x-a-")'],
  ["backslash", '(re-find #"\\\\" "a\\\\b")'],
  ["tab escape", '(re-find #"a\\tb" "a\\tb")'],
  ["hex escape", '(re-find #"\\x41" "xA")'],
  ["unicode escape", '(re-find #"\\u00e9" "café")'],
  ["zero repetition", '(re-find #"ab{0}c" "ac")'],
  ["exact repetition", '(re-seq #"\\d{2}" "12345")'],
  ["open repetition", '(re-find #"a{2,}" "a aa aaa")'],
  ["lazy counted", '(re-find #"a{2,3}?" "aaaa")'],
  ["lazy star", '(re-find #"a.*?b" "axxbyyb")'],
  ["lazy optional", '(re-find #"ab??" "ab")'],
  ["alternation groups", '(re-find #"(a)|(b)" "b")'],
  ["empty alternative", '(re-find #"a(|b)c" "ac")'],
  ["nested quantified group", '(re-find #"((ab)+)c" "ababc")'],
  ["group inside repetition", '(re-find #"(\\d)+" "123")'],
  ["dot and newline class", '(re-find #"[\\s\\S]+" "a\\nb")'],
  ["negated shorthand", '(re-seq #"\\D+" "a1bc2")'],
  ["word chars", '(re-seq #"\\W+" "a, b! c")'],
  ["caret in class", '(re-find #"[a^]+" "^a^")'],
  ["dollar in class", '(re-find #"[$]" "a$")'],
  ["escaped slash", '(re-find #"a\\/b" "a/b")'],
  ["plain slash", '(re-find #"a/b" "a/b")'],
  ["quote inside", '(re-find #"\\"[^\\"]*\\"" "say \\"hi\\" now")'],
  ["multiline anchors each line", '(re-seq #"(?m)^\\w+" "ab\\ncd\\nef")'],
  ["multiline end", '(re-seq #"(?m)\\w+$" "ab\\ncd")'],
  [
    "dotall flag group",
    '(re-find #"(?s:a.b)" "a\\nb")',
    { differs: JAVA_REGEX + " ((?s:...) groups)", expected: '"a\\nb"' },
  ],
  ["case-insensitive class", '(re-find #"(?i)[a-c]+" "xABCy")'],
  ["case-insensitive backreference group", '(re-find #"(?i)(a)b" "AB")'],
  ["overlapping via lookahead", '(re-seq #"(?=(aa))" "aaaa")'],
  ["lookbehind alternation", '(re-seq #"(?<=[$€])\\d+" "$5 €7 8")'],
  ["bounded lookbehind", '(re-find #"(?<=a{1,3})b" "aab")'],
  [
    "unbounded lookbehind rejected",
    '(re-find (re-pattern "(?<=a+)b") "ab")',
    { differs: "Java requires a bounded lookbehind (JavaScript does not)", expectError: "type" },
  ],
  ["backreference to name", '(re-find #"(?<c>\\w)\\k<c>" "abbc")'],
  [
    "missing named group",
    '(re-find (re-pattern "\\\\k<x>") "a")',
    { differs: "Java: no group named x; JavaScript without the u flag reads k<x>", expectError: "type" },
  ],
  [
    "unicode case-insensitive",
    '(re-find #"(?iu)É" "café")',
    { differs: JAVA_REGEX + " ((?u) Unicode case folding)", expected: '"é"' },
  ],
  [
    "ASCII-only case-insensitive",
    '(re-find #"(?i)É" "café")',
    { differs: JAVA_REGEX + " ((?i) folds ASCII only unless (?u))", expected: "nil" },
  ],
  [
    "script property",
    '(re-find #"\\p{IsGreek}+" "abc αβγ")',
    { differs: JAVA_REGEX + " (\\p{IsGreek})", expected: '"αβγ"' },
  ],
  ["negated property", '(re-find #"\\P{L}+" "ab12cd")', { differs: JAVA_REGEX, expected: '"12"' }],
  ["property in class", '(re-find #"[\\p{L}\\d]+" "--ab12--")', { differs: JAVA_REGEX, expected: '"ab12"' }],
  [
    "java property",
    '(re-find #"\\p{javaLowerCase}+" "ABcdE")',
    { differs: JAVA_REGEX + " (\\p{javaLowerCase})", expected: '"cd"' },
  ],
  [
    "unknown property",
    '(re-pattern "\\\\p{Nope}")',
    { differs: "Java: unknown character property; JavaScript without the u flag reads p{Nope}", expectError: "type" },
  ],
  [
    "block property rejected",
    '(re-pattern "\\\\p{InGreek}")',
    { differs: "Unicode blocks are not supported (a clear error)", expectError: "type" },
  ],
  [
    "possessive via re-pattern",
    '(re-pattern "a*+")',
    { differs: "possessive quantifiers are not supported (a clear error)", expectError: "type" },
  ],
  ["\\G rejected", '(re-pattern "\\\\Ga")', { differs: "\\G is not supported (a clear error)", expectError: "type" }],
  [
    "too long pattern",
    '(re-pattern (apply str (repeat 3000 "a")))',
    { differs: "patterns longer than 2,000 characters are rejected", expectError: "type" },
  ],
  [
    "nested quantifier with backreference rejected",
    '(re-pattern "(a+)+\\\\1")',
    {
      differs: "a pattern that can backtrack exponentially and needs a backtracking engine is rejected",
      expectError: "type",
    },
  ],
  ["\\Z before final newline", '(re-find #"b\\Z" "ab\\n")', { differs: JAVA_REGEX + " (\\Z)", expected: '"b"' }],
  ["\\z not before newline", '(re-find #"b\\z" "ab\\n")', { differs: JAVA_REGEX + " (\\z)", expected: "nil" }],
  ["\\v class", '(re-find #"\\v" "a\\u000bb")'],
  ["control escape", '(re-find #"\\cI" "a\\tb")', { differs: JAVA_REGEX + " (\\cX)", expected: '"\\t"' }],
  ["octal two digits", '(re-find #"\\011" "a\\tb")', { differs: JAVA_REGEX + " (\\0 octal)", expected: '"\\t"' }],
  [
    "grapheme rejected",
    '(re-pattern "\\\\X")',
    { differs: "\\X is not supported (a clear error)", expectError: "type" },
  ],
  ["dangling plus", '(re-pattern "+")', { ptccError: "type" }],
  ["unclosed group", '(re-pattern "(ab")', { ptccError: "type" }],
  ["unmatched paren", '(re-pattern "ab)")', { ptccError: "type" }],
  [
    "unclosed counted",
    '(re-pattern "a{2")',
    { differs: "Java: unclosed counted closure; JavaScript reads a literal", expectError: "type" },
  ],
  ["reversed count", '(re-pattern "a{3,1}")', { ptccError: "type" }],
  ["regex literal equality is identity", '(= #"a" #"a")'],
]);

t.group("regex laziness and limits", [
  ["re-seq over a long string", '(count (re-seq #"\\d+" (str/join " " (range 5000))))'],
  ["take from re-seq", '(take 3 (re-seq #"\\w+" (str/join " " (repeat 10000 "ab"))))'],
  ["first of re-seq with groups", '(first (re-seq #"(\\d)(\\d)" "a12b34"))'],
  ["re-seq is realized on demand", '(nth (re-seq #"\\d" (apply str (range 10))) 7)'],
  ["split large", '(count (str/split (str/join "," (range 10000)) #","))'],
  ["replace large", '(count (str/replace (apply str (repeat 10000 "ab")) #"a" "xy"))'],
  [
    "risky pattern on a long input",
    '(count (re-seq #"\\d+x" (apply str (repeat 20000 "1"))))',
    { differs: BACKTRACK, expected: "0" },
  ],
  [
    "lookahead on a long input",
    '(re-find #"\\d+(?=%)" (str (apply str (repeat 20000 "1")) "x"))',
    { differs: BACKTRACK, expected: "nil" },
  ],
  [
    "join of infinite seq",
    '(str/join "," (range))',
    { differs: "an infinite sequence runs into the size limit (nbb would run forever)", expectError: "limit" },
  ],
  ["apply str of a lazy seq", "(apply str (take 5 (cycle [\\a \\b])))"],
  ["join a lazy map", '(str/join "-" (map name [:a :b :c]))'],
  ["str of a realized lazy seq in a vector", "(str [(take 2 (range))])"],
]);

t.group("strings and unicode", [
  ["count of emoji", '(count "😀")'],
  ["upper-case of emoji", '(str/upper-case "a😀")'],
  ["split on emoji", '(str/split "a😀b😀c" #"😀")'],
  ["replace emoji", '(str/replace "a😀b" "😀" "-")'],
  ["index-of after emoji", '(str/index-of "😀x" "x")'],
  ["trim keeps emoji", '(str/trim "  😀  ")'],
  ["join emoji", '(str/join "😀" ["a" "b"])'],
  ["re-find word chars are ASCII", '(re-find #"\\w+" "héllo")'],
  [
    "re-find unicode letters with U flag",
    '(re-find #"(?U)\\w+" "héllo")',
    { differs: JAVA_REGEX + " ((?U) Unicode classes)", expected: '"héllo"' },
  ],
  ["lower-case greek", '(str/lower-case "ΑΒΓ")'],
  ["capitalize greek", '(str/capitalize "αβγ")'],
  ["combining mark kept", '(count (str/reverse "e\\u0301"))'],
]);

t.group("string errors", [
  [
    "includes? with a char",
    '(str/includes? "abc" \\b)',
    { differs: "JVM: ClassCastException (a char is not a CharSequence); nbb calls str", expectError: "type" },
  ],
  [
    "starts-with? with a char",
    '(str/starts-with? "abc" \\a)',
    { differs: "JVM: ClassCastException; nbb is lax", expectError: "type" },
  ],
  [
    "ends-with? number",
    '(str/ends-with? "a1" 1)',
    { differs: "JVM: ClassCastException; nbb is lax", expectError: "type" },
  ],
  [
    "replace regex with char replacement",
    '(str/replace "abc" #"b" \\x)',
    {
      differs: "JVM: a character is neither a string nor a function (ClassCastException); nbb is lax",
      expectError: "type",
    },
  ],
  [
    "replace with map as function",
    '(str/replace "abc" #"[ab]" {"a" "1" "b" "2"})',
    { differs: "nbb cannot call a map from its replace; the JVM calls it as a function", expected: '"12c"' },
  ],
  [
    "replace with keyword function",
    '(str/replace "abc" #"b" :k)',
    { differs: "JVM: the function returns nil (NullPointerException); nbb is lax", expectError: "type" },
  ],
  ["join non-seqable", '(str/join "," 5)', { ptccError: "type" }],
  ["split non-regex", '(str/split "a" 1)', { differs: "JVM: ClassCastException; nbb is lax", expectError: "type" }],
  [
    "split float limit",
    '(str/split "a,b" #"," 1.5)',
    { differs: "JVM: the limit must be an integer", expectError: "type" },
  ],
  [
    "capitalize number",
    "(str/capitalize 12)",
    { differs: "JVM: ClassCastException (CharSequence); nbb calls str", expectError: "type" },
  ],
  [
    "trim keyword",
    "(str/trim :a)",
    { differs: "JVM: ClassCastException (CharSequence); nbb calls str", expectError: "type" },
  ],
  ["escape nil", "(str/escape nil {})", { ptccError: "type" }],
  [
    "reverse number",
    "(str/reverse 12)",
    { differs: "JVM: ClassCastException (CharSequence); nbb calls str", expectError: "type" },
  ],
  ["re-find with number", '(re-find #"a" 1)', { ptccError: "type" }],
  [
    "re-matches with regex string",
    '(re-matches "a" "a")',
    { differs: "JVM: ClassCastException (String is not a Pattern); nbb accepts a string", expectError: "type" },
  ],
  [
    "re-seq of a char",
    '(re-seq #"a" \\a)',
    { differs: "JVM: a char is not a CharSequence; nbb calls str", expectError: "type" },
  ],
]);

t.group("more format", [
  ["%e negative", '(format "%.1e" -1.5)', { differs: NO_FORMAT, expected: '"-1.5e+00"' }],
  ["%,d big", '(format "%,d" 1234567890123)', { differs: NO_FORMAT, expected: '"1,234,567,890,123"' }],
  ["percent after number", '(format "%5.1f%%" 12.345)', { differs: NO_FORMAT, expected: '" 12.3%"' }],
  [
    "%s lazy seq",
    '(format "%s" (map inc [1 2]))',
    { differs: NO_FORMAT + "; the JVM prints clojure.lang.LazySeq@hash", expected: '"(2 3)"' },
  ],
  ["%s char", '(format "%s" \\a)', { differs: NO_FORMAT, expected: '"a"' }],
  ["%s boolean", '(format "%s" false)', { differs: NO_FORMAT, expected: '"false"' }],
  ["%10.4s", '(format "[%10.4s]" "abcdefg")', { differs: NO_FORMAT, expected: '"[      abcd]"' }],
  ["%.1f rounding up to ten", '(format "%.1f" 9.96)', { differs: NO_FORMAT, expected: '"10.0"' }],
  ["%.2f tiny", '(format "%.2f" 1e-10)', { differs: NO_FORMAT, expected: '"0.00"' }],
  ["%.3f huge", '(format "%.3f" 1.5e22)', { differs: NO_FORMAT, expected: '"15000000000000000000000.000"' }],
  ["%.0f half", '(format "%.0f" 0.5)', { differs: NO_FORMAT, expected: '"1"' }],
  ["%f negative zero", '(format "%.1f" -0.0)', { differs: NO_FORMAT, expected: '"-0.0"' }],
  ["%(f", '(format "%(.2f" -3.5)', { differs: NO_FORMAT, expected: '"(3.50)"' }],
  ["% f", '(format "% .1f" 2.5)', { differs: NO_FORMAT, expected: '" 2.5"' }],
  ["%g zero", '(format "%g" 0.0)', { differs: NO_FORMAT, expected: '"0.00000"' }],
  ["%G", '(format "%G" 1e-10)', { differs: NO_FORMAT, expected: '"1.00000E-10"' }],
  ["%o negative", '(format "%o" -8)', { differs: NO_FORMAT, expected: '"1777777777777777777770"' }],
  ["%#o", '(format "%#o" 8)', { differs: NO_FORMAT, expected: '"010"' }],
  ["%x of float is an error", '(format "%x" 1.5)', { differs: NO_FORMAT, expectError: "type" }],
  ["%-6b", '(format "%-6b|" true)', { differs: NO_FORMAT, expected: '"true  |"' }],
  ["%c unicode", '(format "%c" \\é)', { differs: NO_FORMAT, expected: '"é"' }],
  ["%5%", '(format "%5%")', { differs: NO_FORMAT, expected: '"    %"' }],
  ["%t unsupported", '(format "%tY" 1)', { differs: NO_FORMAT, expectError: "runtime" }],
  ["%h unsupported", '(format "%h" 1)', { differs: NO_FORMAT, expectError: "runtime" }],
  ["'0' with %s", '(format "%05s" "a")', { differs: NO_FORMAT, expectError: "runtime" }],
  ["'-' and '0'", '(format "%-05d" 1)', { differs: NO_FORMAT, expectError: "runtime" }],
  ["%<s first", '(format "%<s" 1)', { differs: NO_FORMAT, expectError: "runtime" }],
  ["%0$s", '(format "%0$s" 1)', { differs: NO_FORMAT, expectError: "runtime" }],
  ["mixed indexes", '(format "%s %1$s %s" "a" "b")', { differs: NO_FORMAT, expected: '"a a b"' }],
  ["%d of double", '(format "%d" (double 2))', { differs: NO_FORMAT, expectError: "type" }],
  ["%d of long", '(format "%d" (long 2.7))', { differs: NO_FORMAT, expected: '"2"' }],
  ["%.2f of a map value", '(format "%.2f" (:price {:price 9.5}))', { differs: NO_FORMAT, expected: '"9.50"' }],
  ["apply format", '(apply format "%s-%s" ["a" "b"])', { differs: NO_FORMAT, expected: '"a-b"' }],
  ["map format", '(map #(format "%03d" %) [1 22 333])', { differs: NO_FORMAT, expected: '("001" "022" "333")' }],
]);

export const CASES = t.cases;
