/**
 * `ptcc run AGENT --dry-run`: the system prompt and the first user message the agent
 * would send for this input, with token counts per section, and no model call.
 *
 * Tokens are counted with o200k_base (gpt-tokenizer) when that package can be loaded; it
 * is a development dependency of ptcc, so an installed ptcc may not have it, and then the
 * counts are estimates (characters ÷ 4), labelled as such.
 */
import type { Agent } from "../agent/define.js";
import type { RenderedPrompt } from "../agent/render-prompt.js";
import type { PromptSection } from "../agent/prompt/system.js";

/** Counts tokens, and says how. */
export interface TokenCounter {
  readonly count: (text: string) => number;
  /** `o200k_base (gpt-tokenizer)` or `estimate (characters / 4)`. */
  readonly method: string;
  readonly exact: boolean;
}

/** The o200k counter when gpt-tokenizer is installed, else the estimate. */
export async function tokenCounter(): Promise<TokenCounter> {
  try {
    // Loaded only here: the package is large, and optional for users of ptcc.
    const mod: { encode?: (text: string) => readonly number[] } = await import("gpt-tokenizer");
    const encode = mod.encode;
    if (typeof encode === "function") {
      return { count: (t) => encode(t).length, method: "o200k_base (gpt-tokenizer)", exact: true };
    }
  } catch {
    // Not installed: estimate.
  }
  return {
    count: (t) => Math.ceil(t.length / 4),
    method: "estimate (characters / 4; install gpt-tokenizer for exact o200k counts)",
    exact: false,
  };
}

const LABELS: Readonly<Record<PromptSection["name"], string>> = {
  system: "system",
  reference: "reference",
  mission: "mission",
  data: "data",
  tools: "tools",
  user: "user (inherited)",
  output: "expected output",
};

/** The sections every dry run reports, present or not. */
const ALWAYS: readonly PromptSection["name"][] = ["system", "reference", "mission", "data", "tools", "output"];

interface Counted {
  readonly name: PromptSection["name"];
  readonly label: string;
  readonly chars: number;
  readonly tokens: number;
}

function countSections(prompt: RenderedPrompt, counter: TokenCounter): Counted[] {
  const present = new Set(prompt.sections.map((s) => s.name));
  const names = [...ALWAYS, ...(present.has("user") ? (["user"] as const) : [])];
  return names.map((name) => {
    const text = prompt.sections
      .filter((s) => s.name === name)
      .map((s) => s.text)
      .join("\n\n");
    return { name, label: LABELS[name], chars: text.length, tokens: text === "" ? 0 : counter.count(text) };
  });
}

/** The dry run as people read it. */
export function renderDryRun(agent: Agent, prompt: RenderedPrompt, counter: TokenCounter): string {
  const approx = counter.exact ? "" : "≈";
  const system = counter.count(prompt.system);
  const user = counter.count(prompt.user);
  const out: string[] = [];
  out.push(`── system prompt · agent ${agent.name} · ${approx}${system} tokens`);
  out.push(prompt.system.trimEnd());
  out.push(`── first user message · ${approx}${user} tokens`);
  out.push(prompt.user.trimEnd());
  if (prompt.tools.length > 0) {
    const json = JSON.stringify(prompt.tools, null, 2);
    out.push(
      `── provider tools (transport tool_call) · ${approx}${counter.count(JSON.stringify(prompt.tools))} tokens`,
    );
    out.push(json);
  }
  out.push(`── tokens per section · ${counter.method}`);
  for (const s of countSections(prompt, counter)) {
    out.push(`  ${s.label.padEnd(18)}${`${approx}${s.tokens}`.padStart(7)}`);
  }
  out.push(`  ${"system prompt".padEnd(18)}${`${approx}${system}`.padStart(7)}`);
  out.push(`  ${"first message".padEnd(18)}${`${approx}${user}`.padStart(7)}`);
  out.push(`  ${"together".padEnd(18)}${`${approx}${system + user}`.padStart(7)}`);
  return `${out.join("\n")}\n`;
}

/** The dry run as one JSON object (`--dry-run --json`). */
export function dryRunJson(agent: Agent, prompt: RenderedPrompt, counter: TokenCounter): object {
  return {
    ok: true,
    agent: agent.name,
    system: prompt.system,
    user: prompt.user,
    tools: prompt.tools,
    tokenizer: counter.exact ? "o200k_base" : "estimate",
    tokens: {
      system: counter.count(prompt.system),
      user: counter.count(prompt.user),
      sections: Object.fromEntries(countSections(prompt, counter).map((s) => [s.name, s.tokens])),
    },
  };
}
