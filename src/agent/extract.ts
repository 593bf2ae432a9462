/**
 * Getting the program (or, in text mode, the JSON) out of an LLM's reply.
 *
 * The reply is cleaned first: CRLF and CR become LF; zero-width characters and the byte
 * order mark are removed; non-breaking and other Unicode spaces become plain spaces
 * (models copy them from web text, and the reader would reject them).
 *
 * Then: the fenced blocks labelled `clojure`, `clj`, `lisp`, `edn` or unlabelled are the
 * program, joined in order when there are several (a model often puts its `def`s in one
 * block and the final expression in another; running them as one program in order is
 * what a REPL user would get by pasting them). Blocks in other languages are ignored.
 * Without any such block, a reply that starts like a form (or is one symbol) is taken
 * as a bare program; anything else (prose) has no program.
 */

export interface Extracted {
  /** The program (or JSON text), or null when the reply has none. */
  readonly code: string | null;
  /** How many blocks were joined (0 for a bare program). */
  readonly blocks: number;
  /**
   * Whether every block used was closed by its fence. A reply cut off at the output limit
   * leaves its last block open; a bare program (no fence) cannot tell, so it is false.
   */
  readonly closed: boolean;
}

const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF\u00AD]/g;
const ODD_SPACES = /[\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/g;

/** The reply with line ends, zero-width characters and odd spaces normalized. */
export function cleanReply(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(ZERO_WIDTH, "").replace(ODD_SPACES, " ");
}

/** A fence line: three or more backticks (or tildes), an optional language. */
const FENCE = /^[ \t]{0,3}(`{3,}|~{3,})[ \t]*([A-Za-z0-9_+.-]*)[^\n]*$/;

interface Block {
  readonly lang: string;
  readonly text: string;
  readonly closed: boolean;
}

function fencedBlocks(text: string): Block[] {
  const lines = text.split("\n");
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    if (open === null) continue;
    const marker = open[1]!;
    const lang = open[2]!.toLowerCase();
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = lines[j]!.trim();
      if (close.startsWith(marker[0]!.repeat(marker.length)) && close.replace(/[`~]/g, "") === "") break;
      body.push(lines[j]!);
    }
    // An unclosed fence runs to the end of the reply (models get cut off mid-block).
    blocks.push({ lang, text: body.join("\n"), closed: j < lines.length });
    i = j;
  }
  return blocks;
}

const LISP_LANGS = new Set(["clojure", "clj", "lisp", "edn", "cljs", "ptc-lisp", ""]);

/** The program of a reply in lisp mode. */
export function extractProgram(reply: string): Extracted {
  const text = cleanReply(reply);
  const blocks = fencedBlocks(text).filter((b) => LISP_LANGS.has(b.lang) && b.text.trim() !== "");
  if (blocks.length > 0) {
    return {
      code: blocks.map((b) => b.text.trim()).join("\n\n"),
      blocks: blocks.length,
      closed: blocks.every((b) => b.closed),
    };
  }
  const bare = text.trim();
  // A bare program starts like a form: a list, a vector, a map, a literal, a symbol.
  const formLike = /^[([{#'":\\*0-9-]/.test(bare) && !bare.includes("```");
  // ...or is one symbol (`results`): prose has spaces.
  const symbol = /^[A-Za-z*+!?<>=_.-][^\s]*$/.test(bare);
  if (bare !== "" && (formLike || symbol)) return { code: bare, blocks: 0, closed: false };
  return { code: null, blocks: 0, closed: false };
}

/**
 * The program sent as the `program` argument of the `tool_call` transport's tool: the
 * text itself, cleaned; a model that fenced it anyway gets its blocks unwrapped.
 */
export function extractToolProgram(text: string): string | null {
  const clean = cleanReply(text);
  const blocks = fencedBlocks(clean).filter((b) => LISP_LANGS.has(b.lang) && b.text.trim() !== "");
  const code = blocks.length > 0 ? blocks.map((b) => b.text.trim()).join("\n\n") : clean.trim();
  return code === "" ? null : code;
}

/** The JSON answer of a reply in text mode: a `json` (or unlabelled) block, or the bare reply. */
export function extractJson(reply: string): Extracted {
  const text = cleanReply(reply);
  const blocks = fencedBlocks(text).filter((b) => (b.lang === "json" || b.lang === "") && b.text.trim() !== "");
  if (blocks.length > 0) {
    const last = blocks[blocks.length - 1]!;
    return { code: last.text.trim(), blocks: 1, closed: last.closed };
  }
  const bare = text.trim();
  return bare === "" ? { code: null, blocks: 0, closed: false } : { code: bare, blocks: 0, closed: false };
}
