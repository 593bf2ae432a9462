/**
 * Every public name of clojure.core has been decided once: it is a builtin, a special form,
 * or an error that says what to write instead ("not in PTC-Lisp — write X instead"). The
 * list is clojure.core's public names (JVM Clojure 1.12, plus what ClojureScript shares),
 * without host-specific internals; a name added to it must be decided too.
 */
import { describe, expect, it } from "vitest";
import { REGISTRY } from "../../src/index.js";
import { SPECIAL_FORMS } from "../../src/analyzer/forms/index.js";
import { UNSUPPORTED_HINTS } from "../../src/analyzer/suggest.js";
import { failure } from "../helpers.js";

const CORE_NAMES = `
  * *' + +' - -' .. / < <= = == > >= NaN? Throwable->map abs accessor aclone add-tap add-watch
  agent agent-error aget alength alias all-ns alter alter-meta! alter-var-root amap ancestors and
  any? apply areduce array-map as-> aset assert assoc assoc! assoc-in associative? atom await
  await-for bean bigdec bigint biginteger binding bit-and bit-and-not bit-clear bit-flip bit-not
  bit-or bit-set bit-shift-left bit-shift-right bit-test bit-xor boolean boolean-array boolean?
  booleans bound-fn bound-fn* bound? bounded-count butlast byte byte-array bytes bytes? case cast
  cat char char-array char-escape-string char-name-string char? chars chunk chunk-append
  chunk-buffer chunk-cons chunk-first chunk-next chunk-rest chunked-seq? clojure-version coll?
  comment commute comp comparator compare compare-and-set! complement completing concat cond
  cond-> cond->> condp conj conj! cons constantly contains? count counted? create-ns create-struct
  cycle dec dec' decimal? declare dedupe definline definterface defmacro defmethod defmulti defn
  defn- defonce defprotocol defrecord defstruct deftype delay delay? deliver demunge denominator
  deref derive descendants destructure disj disj! dissoc dissoc! distinct distinct? doall dorun
  doseq dosync dotimes doto double double-array double? doubles drop drop-last drop-while eduction
  empty empty? ensure ensure-reduced error-handler error-mode eval even? every-pred every?
  ex-cause ex-data ex-info ex-message extend extend-protocol extend-type extends? false? ffirst
  file-seq filter filterv find find-keyword find-ns find-var first flatten float float-array
  float? floats flush fn fn? fnext fnil for force format frequencies future-call future-cancel
  future-cancelled? future-done? future? gen-class gensym get get-in get-method
  get-thread-bindings get-validator group-by halt-when hash hash-combine hash-map
  hash-ordered-coll hash-set hash-unordered-coll ident? identical? identity if-let if-not if-some
  ifn? import in-ns inc inc' indexed? infinite? inst-ms inst? instance? int int-array int?
  integer? interleave intern interpose into into-array ints io! isa? iterate iteration juxt keep
  keep-indexed key keys keyword keyword? last lazy-cat lazy-seq let letfn line-seq list list*
  list? load load-file load-reader load-string loaded-libs locking long long-array longs loop
  macroexpand macroexpand-1 make-array make-hierarchy map map-entry? map-indexed map? mapcat mapv
  max max-key memfn memoize merge merge-with meta methods min min-key mix-collection-hash mod
  monitor-enter munge name namespace nat-int? neg-int? neg? newline next nfirst nil? nnext not
  not-any? not-empty not-every? not= ns ns-aliases ns-imports ns-interns ns-map ns-name ns-publics
  ns-refers ns-resolve ns-unalias ns-unmap nth nthnext nthrest num number? numerator object-array
  odd? or parents parse-boolean parse-double parse-long parse-uuid partial partition partition-all
  partition-by partitionv partitionv-all peek persistent! pop pop! pop-thread-bindings pos-int?
  pos? pr pr-str prefer-method prefers print print-method print-simple print-str printf println
  println-str prn prn-str promise proxy push-thread-bindings pvalues qualified-ident?
  qualified-keyword? qualified-symbol? quot rand rand-int rand-nth random-sample random-uuid range
  ratio? rational? rationalize re-find re-matches re-pattern re-seq read read+string read-line
  read-string reader-conditional? realized? record? reduce reduce-kv reduced reduced? reductions
  ref ref-set refer refer-clojure reify release-pending-sends rem remove remove-all-methods
  remove-method remove-ns remove-tap remove-watch repeat repeatedly replace replicate require
  requiring-resolve reset! reset-meta! reset-vals! resolve rest restart-agent reverse reversible?
  rseq rsubseq run! satisfies? second select-keys send send-off seq seq-to-map-for-destructuring
  seq? seqable? seque sequence sequential? set set-error-handler! set-error-mode! set-validator!
  set? short short-array shorts shuffle shutdown-agents simple-ident? simple-keyword?
  simple-symbol? some some-> some->> some-fn some? sort sort-by sorted-map sorted-map-by
  sorted-set sorted-set-by sorted? special-symbol? split-at split-with splitv-at str stream-into!
  stream-reduce! stream-seq! stream-transduce! string? struct struct-map subs subseq subvec swap!
  swap-vals! symbol symbol? sync tagged-literal tagged-literal? take take-last take-nth take-while
  tap> test the-ns thread-bound? time to-array to-array-2d trampoline transduce transient tree-seq
  true? type unchecked-add unchecked-add-int unchecked-byte unchecked-char unchecked-dec
  unchecked-dec-int unchecked-divide-int unchecked-double unchecked-float unchecked-inc
  unchecked-inc-int unchecked-int unchecked-long unchecked-multiply unchecked-multiply-int
  unchecked-negate unchecked-negate-int unchecked-remainder-int unchecked-short unchecked-subtract
  unchecked-subtract-int underive unquote unreduced unsigned-bit-shift-right update update-in
  update-keys update-vals use uuid uuid? val vals var-get var-set var? vary-meta vec vector
  vector-of vector? volatile! volatile? vreset! vswap! when when-first when-let when-not when-some
  while with-bindings with-bindings* with-local-vars with-meta with-open with-out-str with-redefs
  with-redefs-fn xml-seq zero? zipmap
`
  .trim()
  .split(/\s+/);

describe("clojure.core's public names", () => {
  it("are many", () => {
    expect(CORE_NAMES.length).toBeGreaterThan(550);
  });

  it("are each a builtin, a special form or a hint of what to write instead", () => {
    const undecided = CORE_NAMES.filter(
      (n) => REGISTRY.get(n) === undefined && !SPECIAL_FORMS.has(n) && UNSUPPORTED_HINTS[n] === undefined,
    );
    expect(undecided).toEqual([]);
  });

  it("no hint hides a builtin or a special form", () => {
    const shadowed = Object.keys(UNSUPPORTED_HINTS).filter(
      (n) => REGISTRY.get(n) !== undefined || SPECIAL_FORMS.has(n),
    );
    expect(shadowed).toEqual([]);
  });

  it.each([
    [
      "(volatile! 0)",
      "volatile! is not available in PTC-Lisp at 1:2 — PTC-Lisp has no mutable cells; keep state in loop/recur or reduce",
    ],
    ["(aget [1] 0)", "aget is not available in PTC-Lisp at 1:2 — use (nth v i) or (get v i) on a vector"],
    [
      "(inc' 1)",
      "inc' is not available in PTC-Lisp at 1:2 — use inc: integer overflow is an error rather than a switch to big integers",
    ],
    ["(map ex-data [])", "ex-data is not available in PTC-Lisp at 1:6"],
  ])("%s says what to write instead", (program, text) => {
    const f = failure(program);
    expect(f.kind).toBe("undefined");
    expect(f.text).toContain(text);
  });
});
