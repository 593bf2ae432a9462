/** `ptcc run` command lines of the example agents with their scripted models (run from the repo root). */

export const EXPENSES = [
  "run",
  "examples/agents/expenses.agent.md",
  "--input",
  "@examples/data/expenses.json",
  "--llm",
  "script:examples/scripts/expenses.json",
];
export const SEARCH = [
  "run",
  "examples/agents/search.agent.md",
  "--input",
  '{"query": "lamp"}',
  "--llm",
  "script:examples/scripts/search.json",
];
export const RESEARCH = [
  "run",
  "examples/agents/research.agent.md",
  "--input",
  "@examples/data/research.json",
  "--llm",
  "script:examples/scripts/research.json",
];
export const SUPPORT = [
  "run",
  "examples/agents/support.agent.md",
  "--input",
  "@examples/data/support.json",
  "--llm",
  "script:examples/scripts/support.json",
];
export const LABELS = [
  "run",
  "examples/agents/labels.agent.md",
  "--input",
  "@examples/data/tickets.json",
  "--llm",
  "script:examples/scripts/labels.json",
];
