;; ptcc frozen program of agent expenses
;; signature: 63264dba60fd8afd (expenses [{id :int, category :string, amount :float}], category :string) -> {total :float, count :int}
;; model: script:examples/scripts/expenses.json
;; frozen: 2026-11-26
;; turn 1
(let [xs (filter #(= (:category %) data/category) data/expenses)]
  {:total (sum-by :amount xs)
   :count (count xs)})
