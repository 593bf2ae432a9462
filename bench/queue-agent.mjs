// The agent of the queue bench: three turns (two `def`s, then `return`), a model that
// answers each turn after `ms` milliseconds, as a provider would.
const fence = "```";
const PROGRAMS = ["(def a (* data/i 2))", "(def b (+ a 1))", "(return {:n b})"];

export function agent(defineAgent) {
  return defineAgent({ name: "count", prompt: "Count from {{i}}", signature: "(i :int) -> {n :int}", maxTurns: 3 });
}

export function scriptedModel(ms) {
  return async (r) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return `${fence}clojure\n${PROGRAMS[r.turn - 1]}\n${fence}`;
  };
}
