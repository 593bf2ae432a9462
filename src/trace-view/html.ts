/**
 * The trace as one self-contained HTML page (`ptcc trace FILE --html OUT.html`): the data
 * as JSON in the page, an inline style sheet and an inline script, nothing fetched. The
 * page's Content-Security-Policy allows no network at all and no script but its own (by
 * hash), so nothing in a trace — a program, a tool's result — can run or load anything.
 */
import { createHash } from "node:crypto";
import type { TraceModel } from "./model.js";
import { tracePage } from "./page/client.js";
import { pageData } from "./page/data.js";
import { PAGE_CSS } from "./page/style.js";

const HTML_ESCAPES: ReadonlyMap<string, string> = new Map([
  ["&", "&amp;"],
  ["<", "&lt;"],
  [">", "&gt;"],
  ['"', "&quot;"],
]);

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => HTML_ESCAPES.get(c)!);
}

/**
 * JSON that can sit inside a `<script>` element: `<` is written `\u003c`, so no `</script>`
 * or `<!--` in a value can end the element.
 */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/** The page's script: the client function's source, called with the page's document and window. */
function pageScript(): string {
  // A transpiler that keeps function names (tsx, esbuild's keepNames) wraps them in calls
  // of its `__name` helper, which lives outside the function: the page gets one that does
  // nothing, so the source works however this module was loaded.
  const source = `"use strict";const __name=(f)=>f;(${tracePage.toString()})(document, window);`;
  // The function is ptcc's own code; a `</script` in it would end the element early.
  if (/<\/script|<!--/i.test(source)) throw new Error("the trace page's script holds </script or <!--");
  return source;
}

/** The page as HTML text. */
export function traceHtml(model: TraceModel): string {
  const script = pageScript();
  const hash = createHash("sha256").update(script, "utf8").digest("base64");
  const csp = `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${hash}'; img-src data:; base-uri 'none'; form-action 'none'`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ptcc trace — ${escapeHtml(model.name)}</title>
<style>${PAGE_CSS}</style>
</head>
<body>
<header>
<h1>ptcc trace <span class="file" id="file"></span></h1>
<div id="totals"></div>
<ul id="notices" hidden></ul>
</header>
<div class="main">
<nav id="tree" aria-label="runs"></nav>
<section class="timeline" aria-label="timeline">
<div class="toolbar">
<button id="fit" type="button">fit all</button><button id="fit-run" type="button">fit run</button><button id="zoom-out" type="button">−</button><button id="zoom-in" type="button">+</button>
<span class="legend"><span><i style="background:var(--ok-bg);border:1px solid #b9dcbf"></i>turn</span><span><i style="background:var(--req)"></i>model request</span><span><i style="background:var(--call)"></i>tool call</span><span><i style="background:var(--bad)"></i>failed</span><span>ctrl+wheel: zoom · double-click: fit</span></span>
</div>
<div id="axis"></div>
<div id="rows"><div id="spacer"></div></div>
</section>
</div>
<section id="detail" aria-label="detail"><p class="hint">Select a turn to see its program, output and feedback.</p></section>
<script type="application/json" id="trace-data">${scriptJson(pageData(model))}</script>
<script>${script}</script>
</body>
</html>
`;
}
