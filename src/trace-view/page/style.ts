/** The trace page's style sheet: inline in the page, system fonts only, no external resource. */
export const PAGE_CSS = `
:root {
  --bg: #fbfbfa; --panel: #ffffff; --line: #e3e3df; --text: #1d1d1b; --muted: #6b6b66;
  --ok: #2f7d3b; --ok-bg: #d9efdc; --bad: #b3261e; --bad-bg: #f7dcda; --open: #8a6d00; --open-bg: #f6ecc4;
  --req: #3f6fc4; --call: #d9822b; --sel: #e8effc;
  --mono: ui-monospace, "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", monospace;
}
* { box-sizing: border-box; }
html, body { margin: 0; height: 100%; }
body {
  display: flex; flex-direction: column; background: var(--bg); color: var(--text);
  font: 13px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
}
header { padding: 8px 14px; border-bottom: 1px solid var(--line); background: var(--panel); }
header h1 { font-size: 15px; margin: 0 0 2px; font-weight: 600; }
header h1 .file { font-family: var(--mono); font-weight: 500; }
#totals { color: var(--muted); }
#notices { margin: 4px 0 0; padding-left: 18px; color: var(--open); max-height: 5em; overflow: auto; }
.main { flex: 1 1 52%; min-height: 120px; display: grid; grid-template-columns: 250px 1fr; grid-template-rows: minmax(0, 1fr); overflow: hidden; border-bottom: 1px solid var(--line); }
#tree { overflow: auto; border-right: 1px solid var(--line); background: var(--panel); }
#tree ul { list-style: none; margin: 0; padding: 4px 0; }
#tree li { padding: 2px 8px; cursor: pointer; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
#tree li:hover { background: #f1f1ee; }
#tree li.selected { background: var(--sel); }
.status { display: inline-block; width: 1.2em; font-weight: 700; }
.status.ok { color: var(--ok); } .status.failed { color: var(--bad); } .status.unfinished { color: var(--open); }
.name { font-family: var(--mono); font-size: 12px; }
.muted { color: var(--muted); }
.timeline { display: flex; flex-direction: column; min-width: 0; min-height: 0; }
.toolbar { display: flex; gap: 6px; align-items: center; padding: 4px 8px; border-bottom: 1px solid var(--line); background: var(--panel); }
.toolbar button { font: inherit; padding: 1px 8px; border: 1px solid var(--line); border-radius: 4px; background: #f6f6f3; cursor: pointer; }
.legend { margin-left: auto; color: var(--muted); display: flex; gap: 10px; align-items: center; }
.legend i { display: inline-block; width: 14px; height: 8px; border-radius: 2px; margin-right: 3px; vertical-align: middle; }
#axis { position: relative; height: 20px; border-bottom: 1px solid var(--line); color: var(--muted); font-size: 11px; overflow: hidden; }
.tick { position: absolute; top: 3px; padding-left: 3px; border-left: 1px solid var(--line); white-space: nowrap; }
#rows { position: relative; flex: 1; min-height: 0; overflow-y: auto; overflow-x: hidden; }
#spacer { position: relative; width: 100%; }
.row { position: absolute; left: 0; right: 0; height: 24px; cursor: pointer; border-bottom: 1px solid #f0f0ec; }
.row:hover { background: #f6f6f3; }
.row.selected { background: var(--sel); }
.row.run { font-weight: 600; }
.label { position: absolute; left: 0; top: 0; width: 240px; height: 24px; line-height: 23px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.caret { display: inline-block; width: 1.1em; color: var(--muted); }
.dot { display: inline-block; width: 8px; height: 8px; border-radius: 50%; margin-right: 6px; vertical-align: middle; background: var(--muted); }
.dot.ok { background: var(--ok); } .dot.bad { background: var(--bad); } .dot.open { background: var(--open); }
.lane { position: absolute; top: 0; height: 24px; overflow: hidden; }
.bar { position: absolute; border-radius: 2px; }
.bar.run { top: 9px; height: 6px; background: var(--ok); opacity: .55; }
.bar.run.failed { background: var(--bad); } .bar.run.unfinished { background: var(--open); }
.bar.turn { top: 3px; height: 18px; background: var(--ok-bg); border: 1px solid #b9dcbf; }
.bar.turn.bad { background: var(--bad-bg); border-color: #e7b5b1; } .bar.turn.open { background: var(--open-bg); border-color: #e2d18e; }
.bar.req { top: 5px; height: 7px; background: var(--req); }
.bar.call { top: 13px; height: 6px; background: var(--call); }
.bar.err { background: var(--bad); }
#detail { flex: 1 1 48%; min-height: 120px; overflow: auto; background: var(--panel); padding: 8px 14px 16px; }
.hint { color: var(--muted); }
.dhead h2 { font-size: 14px; margin: 2px 0; font-family: var(--mono); font-weight: 600; }
.meta { color: var(--muted); }
.badge { display: inline-block; font: 11px/1.5 system-ui, sans-serif; padding: 0 6px; border-radius: 8px; background: #eee; vertical-align: 1px; }
.badge.ok { background: var(--ok-bg); color: var(--ok); } .badge.bad { background: var(--bad-bg); color: var(--bad); }
.badge.open { background: var(--open-bg); color: var(--open); }
.cols { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 16px; }
.part h3 { font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); margin: 12px 0 4px; }
.part h4 { font-size: 11px; color: var(--muted); margin: 6px 0 2px; font-weight: 600; }
pre { margin: 0; padding: 6px 8px; background: #f7f7f4; border: 1px solid var(--line); border-radius: 4px;
  font: 12px/1.45 var(--mono); white-space: pre-wrap; word-break: break-word; max-height: 28em; overflow: auto; }
pre.bad { color: var(--bad); }
.note { color: var(--muted); margin: 0; font-style: italic; }
pre.code .com { color: #8a8a84; font-style: italic; } pre.code .str { color: #2f7d3b; } pre.code .key { color: #8e44ad; }
pre.code .num { color: #b35c00; } pre.code .br { color: #8a8a84; } pre.code .sf { color: #1f5fbf; font-weight: 600; }
pre.code .tool { color: #c0392b; font-weight: 600; } pre.code .data { color: #007c80; }
table.requests { border-collapse: collapse; width: 100%; }
table.requests td { padding: 2px 6px; border-bottom: 1px solid var(--line); }
td.num { text-align: right; white-space: nowrap; } td.bad { color: var(--bad); }
details.call { border-bottom: 1px solid var(--line); padding: 2px 0; }
details.call summary { cursor: pointer; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
details.call.err .tool { color: var(--bad); }
.idx { color: var(--muted); display: inline-block; min-width: 2.5em; }
.tool { font-family: var(--mono); font-size: 12px; }
.args { font-family: var(--mono); font-size: 12px; color: var(--muted); }
button.link { font: 12px var(--mono); color: #1f5fbf; background: none; border: none; padding: 0 4px 0 0; cursor: pointer; text-decoration: underline; }
button.link.bad { color: var(--bad); }
.turnlinks { display: flex; flex-wrap: wrap; gap: 4px 10px; }
button.more { margin-top: 6px; font: inherit; cursor: pointer; }
`;
