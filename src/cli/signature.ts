/**
 * `ptcc signature '<sig>'`: parse a signature and print its canonical rendering; or check
 * a JSON value against it (--validate for the output type, --validate-input for the
 * parameters, --coerce, --mode); or print it as JSON Schema (--json-schema) or as
 * TypeScript types (--ts). A thin layer over src/signature/.
 *
 * Exit codes: 0 success (or a value that passes), 1 a value with validation errors,
 * 2 a signature that does not parse or a command used wrongly.
 */
import { readFileSync } from "node:fs";
import { formatIssue, VALIDATION_MODES, type ValidationMode } from "../runtime/validation.js";
import {
  parseSignature,
  renderSignature,
  SignatureError,
  validate,
  validateAndCoerce,
  type Signature,
} from "../signature/index.js";
import { signatureToJsonSchema } from "../signature/json-schema.js";
import { signatureToTypeScript } from "../signature/typescript.js";
import { UsageError } from "./usage-error.js";

export interface SignatureArgs {
  readonly sig?: string;
  readonly validate?: unknown;
  readonly validateInput?: unknown;
  readonly coerce?: boolean;
  readonly mode?: unknown;
  readonly jsonSchema?: boolean;
  readonly ts?: boolean;
}

const out = (s: string) => process.stdout.write(`${s}\n`);

/** A file option given once, as a string (yargs makes an array of a repeated option). */
function fileOption(name: string, v: unknown): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== "string") throw new UsageError(`give ${name} once`);
  if (v === "") throw new UsageError(`${name} needs a JSON file, or - for stdin`);
  return v;
}

function modeOption(v: unknown): ValidationMode | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== "string") throw new UsageError("give --mode once");
  if (!(VALIDATION_MODES as readonly string[]).includes(v))
    throw new UsageError(`--mode must be one of ${VALIDATION_MODES.join(", ")}, not ${JSON.stringify(v)}`);
  return v as ValidationMode;
}

/** The JSON value in a file, or on stdin for `-`. */
function readJson(option: string, file: string): unknown {
  const what = file === "-" ? `${option} - (stdin)` : `${option} ${file}`;
  let text: string;
  try {
    text = readFileSync(file === "-" ? 0 : file, "utf8");
  } catch (e) {
    throw new UsageError(`cannot read ${what}: ${(e as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new UsageError(`${what} is not valid JSON: ${(e as Error).message}`);
  }
}

export async function runSignature(args: SignatureArgs): Promise<number> {
  const output = fileOption("--validate", args.validate);
  const input = fileOption("--validate-input", args.validateInput);
  const mode = modeOption(args.mode);
  const validating = output !== undefined || input !== undefined;
  if (output !== undefined && input !== undefined)
    throw new UsageError("give either --validate (the output) or --validate-input (the parameters), not both");
  if (args.jsonSchema && args.ts) throw new UsageError("give either --json-schema or --ts, not both");
  const printing = args.jsonSchema ? "--json-schema" : args.ts ? "--ts" : null;
  if (printing !== null && validating)
    throw new UsageError(`${printing} prints the signature; it does not go with --validate or --validate-input`);
  if (args.coerce && !validating) throw new UsageError("--coerce only applies with --validate or --validate-input");
  // --mode strict makes the JSON Schema reject fields the signature does not name.
  if (mode !== undefined && !validating && !args.jsonSchema)
    throw new UsageError("--mode only applies with --validate, --validate-input or --json-schema");

  let sig: Signature;
  try {
    sig = parseSignature(args.sig ?? "");
  } catch (e) {
    if (!(e instanceof SignatureError)) throw e;
    process.stderr.write(`${e.formatWithSource()}\n`);
    return 2;
  }

  if (args.jsonSchema) {
    out(JSON.stringify(signatureToJsonSchema(sig, { strict: mode === "strict" }), null, 2));
    return 0;
  }
  if (args.ts) {
    const t = signatureToTypeScript(sig);
    out(`type Input = ${t.input};`);
    out(`type Output = ${t.output};`);
    return 0;
  }
  if (!validating) {
    out(renderSignature(sig));
    return 0;
  }

  const value = output !== undefined ? readJson("--validate", output) : readJson("--validate-input", input!);
  const options = { part: output !== undefined ? ("output" as const) : ("input" as const), mode };
  const r = args.coerce ? validateAndCoerce(sig, value, options) : validate(sig, value, options);
  for (const issue of r.errors) out(formatIssue(issue));
  for (const issue of r.warnings) out(formatIssue(issue));
  return r.errors.length > 0 ? 1 : 0;
}
