/**
 * The whole-file templates under templates/ (shipped with the package): read once per
 * process, filled in one pass. A `{{slot}}` is replaced by its value and values are never
 * scanned again, so a prompt holding `{{placeholders}}` goes in as written.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** templates/ from src/compiler/, dist/compiler/ or dist/bundle/: two folders up in each. */
export const TEMPLATES_DIR = fileURLToPath(new URL("../../templates/", import.meta.url));

const SLOT = /\{\{([A-Za-z][A-Za-z0-9]*)\}\}/g;

/** Templates read so far: files of the installed package, the same for the whole process. */
const loaded = new Map<string, string>();

/** The text of a template, by its path under templates/ (`compile/index.tpl`). */
export function readTemplate(name: string): string {
  let text = loaded.get(name);
  if (text === undefined) {
    text = readFileSync(`${TEMPLATES_DIR}${name}`, "utf8");
    loaded.set(name, text);
  }
  return text;
}

/** The slots a template names, in order of first use. */
export function templateSlots(text: string): string[] {
  return [...new Set([...text.matchAll(SLOT)].map((m) => m[1]!))];
}

/** The template with each slot replaced; a slot without a value is a defect of the filler. */
export function fillTemplate(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(SLOT, (_whole, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`template slot {{${name}}} has no value`);
    return v;
  });
}
