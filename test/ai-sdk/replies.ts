/** The scripted replies of the run in fixture.ts, by agent and turn (plain data: the page bundles it too). */
const clj = (code: string): string => `\`\`\`clojure\n${code}\n\`\`\``;

export const REPLIES: Readonly<Record<string, readonly string[]>> = {
  main: [
    clj('(def c (tool/customer {:id 7}))\n(println "name" (:name c))'),
    clj("(def s (tool/summarize {:text (:name c)}))"),
    clj("(return {:short (:text s)})"),
  ],
  summarize: [clj("(return {:text (subs data/text 0 3)})")],
};
