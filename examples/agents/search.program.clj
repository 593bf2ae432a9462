;; ptcc frozen program of agent search
;; signature: cd893c48cd5fd489 (query :string) -> {count :int, cheapest [{id :int, name :string, price :float}]}
;; model: script:examples/scripts/search.json
;; frozen: 2026-11-26
;; turn 1
(def page1 (tool/search {:query data/query}))
page1
;; turn 2
(def page2 (tool/search {:query data/query :cursor (:cursor page1)}))
(def results (into (:results page1) (:results page2)))
{:so-far (count results) :cursor (:cursor page2)}
;; turn 3
(def page3 (tool/search {:query data/query :cursor (:cursor page2)}))
(def results (into results (:results page3)))
{:so-far (count results) :cursor (:cursor page3)}
;; turn 4
(return {:count (count results)
         :cheapest (->> results
                        (sort-by :price)
                        (take 3)
                        (mapv #(select-keys % [:id :name :price])))})
