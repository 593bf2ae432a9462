/**
 * The checks across agent files, run for every file that parsed: module names (and their
 * clashes), tools resolved (agents used as tools, tool modules), cycles between agents,
 * and parameters the prompt never mentions (a warning).
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { Span } from "../diagnostics/span.js";
import { closest, didYouMean } from "../diagnostics/suggest.js";
import { parsePlaceholders } from "../signature/placeholders.js";
import { altSpelling, isFirewalled, stripSpans } from "../signature/types.js";
import type { Diagnostic } from "./diagnostics.js";
import { CONTROL, moduleBaseName, moduleNames } from "./names.js";
import { at, typesOf, type SignatureParser, type Unit } from "./unit.js";

/** Each unit's module names; files that make none, or the same as another file, are errors. */
export function assignNames(units: readonly Unit[], report: (d: Diagnostic) => void): void {
  const taken = new Map<string, Unit>();
  for (const u of units) {
    // The header names the file from the project root on a `//` line: no folder on the way
    // may hold a line break either.
    const names = CONTROL.test(u.source)
      ? {
          problem: `the path ${JSON.stringify(u.source)} holds a line break or another control character`,
          hint: "rename the agent file or its folders with letters, digits and -",
        }
      : moduleNames(u.module);
    if ("problem" in names) {
      report(at(u, "PTC152", names.problem, firstLine(u), names.hint));
      continue;
    }
    // Two files must not give one identifier, nor module files that differ only in case.
    const keys = [`agent:${names.agent}`, `module:${names.module.toLowerCase()}`];
    const clash = keys.map((k) => taken.get(k)).find((x) => x !== undefined);
    if (clash !== undefined) {
      report(
        at(
          u,
          "PTC151",
          `this agent file and ${clash.shown} would both generate ${names.agent} (${names.module}.ts)`,
          firstLine(u),
          "rename one of the files",
        ),
      );
      continue;
    }
    for (const k of keys) taken.set(k, u);
    u.names = names;
  }
}

/**
 * A unit's tools: agents used as tools found (with descriptions), tool modules found.
 * `byPath`: the units that parsed; `compiled`: every agent file of the compile (absolute),
 * those that failed to parse included.
 */
export function resolveTools(
  u: Unit,
  byPath: ReadonlyMap<string, Unit>,
  compiled: ReadonlySet<string>,
  report: (d: Diagnostic) => void,
  parse: SignatureParser,
): void {
  const dir = dirname(u.absolute);
  for (const entry of u.spec.tools) {
    if (entry.kind === "self") {
      u.tools.push({ kind: "self", entry });
    } else if (entry.kind === "agent") {
      const path = join(dir, entry.file);
      const target = byPath.get(path);
      if (target === undefined) {
        const fileName = entry.file.startsWith("./") ? entry.file.slice(2) : entry.file;
        if (compiled.has(path)) continue; // it failed to parse: its own error says why
        if (existsSync(path)) {
          // A module for it would not be generated, and the import of it would not resolve.
          report(
            at(
              u,
              "PTC140",
              `the agent file ${fileName} is not among the files compiled`,
              entry.span,
              `compile its folder (ptcc compile ${dirname(u.shown)}), or name ${fileName} too`,
            ),
          );
          continue;
        }
        // The agent files of the folder it names (this one's, for a name without a path).
        const there = dirname(path);
        const siblings = [...byPath.values()]
          .filter((x) => dirname(x.absolute) === there)
          .map((x) => moduleBaseName(x.absolute));
        const wanted = moduleBaseName(fileName);
        const slash = fileName.lastIndexOf("/");
        report(
          at(
            u,
            "PTC140",
            there === dir
              ? `no agent file ${fileName} next to this one`
              : `no agent file ${fileName} from this one's folder`,
            entry.span,
            didYouMean(closest(wanted, siblings).map((n) => fileName.slice(0, slash + 1) + n)) ??
              (siblings.length > 0 ? `the agent files there are: ${siblings.join(", ")}` : undefined),
          ),
        );
        continue;
      }
      if (target.spec.description === undefined) {
        report(
          at(
            u,
            "PTC141",
            `agent ${target.spec.name} (${moduleBaseName(target.absolute)}.agent.md) has no description`,
            entry.span,
            `an agent used as a tool needs one: add description: to the front matter of ${target.shown}`,
          ),
        );
      }
      u.tools.push({ kind: "agent", entry, target });
    } else if (entry.kind === "llm") {
      // The parser checked its template and signature; nothing to find on disk.
      u.tools.push({ kind: "llm", entry });
    } else {
      const absolute = resolve(dir, entry.from.path);
      let info;
      try {
        info = statSync(absolute);
      } catch {
        info = null;
      }
      if (info === null || !info.isFile()) {
        const slash = entry.from.path.lastIndexOf("/");
        let names: string[] = [];
        try {
          names = readdirSync(dirname(absolute)).sort();
        } catch {
          names = [];
        }
        const near = closest(entry.from.path.slice(slash + 1), names).map(
          (f) => entry.from.path.slice(0, slash + 1) + f,
        );
        report(at(u, "PTC130", `tool module ${entry.from.path} not found`, entry.fromSpan, didYouMean(near)));
        continue;
      }
      const declared = entry.signature === undefined ? null : stripSpans(parse(entry.signature, typesOf(u.spec)));
      u.tools.push({ kind: "module", entry, absolute, declared });
    }
  }
}

/** Agents used as tools must not come back to where they started (`self` is the way to recurse). */
export function findCycles(units: readonly Unit[], report: (d: Diagnostic) => void): void {
  const state = new Map<Unit, "active" | "done">();
  const stack: Unit[] = [];
  const visit = (u: Unit): void => {
    state.set(u, "active");
    stack.push(u);
    for (const t of u.tools) {
      if (t.kind !== "agent") continue;
      const s = state.get(t.target);
      if (s === "active") {
        const cycle = [...stack.slice(stack.indexOf(t.target)), t.target].map(
          (x) => `${moduleBaseName(x.absolute)}.agent.md`,
        );
        report(
          at(
            u,
            "PTC142",
            `agent files use each other in a cycle: ${cycle.join(" → ")}`,
            t.entry.span,
            "an agent calls itself through the self tool; break the cycle",
          ),
        );
      } else if (s === undefined) {
        visit(t.target);
      }
    }
    stack.pop();
    state.set(u, "done");
  };
  for (const u of units) if (!state.has(u)) visit(u);
}

/**
 * A warning for each parameter the prompt never names with a placeholder and neither
 * fieldDescriptions nor the signature (`tags [:string] "labels to match"`) describes: the LLM sees it among the data, but nothing says
 * what it is for. Firewalled parameters never can be named, and are left alone.
 */
export function unusedParameters(u: Unit, report: (d: Diagnostic) => void): void {
  const named = new Set<string>();
  for (const p of parsePlaceholders(u.spec.prompt).placeholders) {
    const first = p.path[0]!;
    named.add(first);
    const alt = altSpelling(first);
    if (alt !== null) named.add(alt);
  }
  const described = u.spec.fieldDescriptions ?? {};
  for (const p of u.spec.signature === undefined ? [] : u.parsed.params) {
    const alt = altSpelling(p.name);
    if (isFirewalled(p.name) || named.has(p.name) || Object.hasOwn(described, p.name) || p.description !== undefined) {
      continue;
    }
    if (alt !== null && Object.hasOwn(described, alt)) continue;
    // The name only, not its type.
    const name =
      p.span === undefined
        ? undefined
        : { ...p.span, end: p.span.offset + nameLength(u.spec.signature!, p.span.offset) };
    report({
      ...at(u, "PTC123", `the prompt never mentions the parameter ${p.name}`, signatureSpan(u, name)),
      severity: "warning",
      hint: `name it in the prompt ({{${p.name}}}) or say what it is in fieldDescriptions`,
    });
  }
}

/** The length of the name written at `offset` of a signature (`:name` or `name`). */
function nameLength(sig: string, offset: number): number {
  return /^:?[A-Za-z0-9_?!-]+/.exec(sig.slice(offset))?.[0].length ?? 1;
}

/** A position inside the signature's text as a position in the file (the whole value when unsure). */
function signatureSpan(u: Unit, inner: Span | undefined): Span | undefined {
  const value = u.spec.spans.signature?.value;
  const sig = u.spec.signature;
  if (value === undefined || sig === undefined || inner === undefined || inner.line !== 1 || sig.includes("\n")) {
    return value;
  }
  const raw = u.text.slice(value.offset, value.end);
  const base = raw.startsWith(sig)
    ? value.offset
    : (raw[0] === '"' || raw[0] === "'") && raw.slice(1).startsWith(sig)
      ? value.offset + 1
      : -1;
  if (base < 0) return value;
  return spanOf(u.text, base + inner.offset, base + inner.end);
}

function spanOf(text: string, offset: number, end: number): Span {
  const pos = (o: number): { line: number; column: number } => {
    const before = text.slice(0, o);
    const line = before.split("\n").length;
    return { line, column: o - before.lastIndexOf("\n") };
  };
  const a = pos(offset);
  const b = pos(end);
  return { line: a.line, column: a.column, endLine: b.line, endColumn: b.column, offset, end };
}

function firstLine(u: Unit): Span {
  const end = Math.max(1, u.text.indexOf("\n") < 0 ? u.text.length : u.text.indexOf("\n"));
  return { line: 1, column: 1, endLine: 1, endColumn: end + 1, offset: 0, end };
}

/**
 * `model: script:FILE` names a script relative to the agent file (as `from:` does), which
 * must be there. Returns the model as generated modules carry it: the script's path from
 * the project root (a generated module resolves it against the working directory, which
 * is the project root when the app runs from there); other models as written.
 */
export function scriptModel(
  u: Unit,
  report: (d: Diagnostic) => void,
  fromRoot: (p: string) => string,
): string | undefined {
  const model = u.spec.model;
  if (model === undefined || !model.startsWith("script:")) return model;
  const path = model.slice("script:".length).trim();
  const absolute = resolve(dirname(u.absolute), path);
  let isFile = false;
  try {
    isFile = statSync(absolute).isFile();
  } catch {
    isFile = false;
  }
  if (!isFile) {
    report(
      at(
        u,
        "PTC139",
        `model ${model}: no script ${path} next to the agent file`,
        u.spec.spans.model?.value,
        "the script's path is relative to the agent file, as from: is",
      ),
    );
  }
  return `script:${fromRoot(absolute)}`;
}
