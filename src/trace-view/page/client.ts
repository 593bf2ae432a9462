/**
 * The script of the trace page, run by the browser. The page embeds this function's
 * source text (`tracePage.toString()`), so the function is self-contained: everything it
 * uses is declared inside it, and it reaches the page only through its two parameters.
 * It is type-checked here like the rest of ptcc (against src/trace-view/page/dom.ts).
 *
 * Lazy by design, so that a trace of hundreds of turns and thousands of tool calls stays
 * smooth: the timeline draws only the rows in view (a few dozen, whatever the trace's
 * size), the tool calls of a row are merged where they would share a pixel, and a turn's
 * details (its tool calls' arguments and results included) are built when it is selected
 * or opened. Text goes into the page as text nodes, never as markup.
 */
import type { PageCall, PageData, PageRun, PageTurn } from "./data.js";
import type { PageDocument, PageElement, PageEvent, PageWindow } from "./dom.js";

export function tracePage(doc: PageDocument, win: PageWindow): void {
  /** Height of a timeline row, and width of its label column, in pixels. */
  const ROW = 24;
  const LABEL = 240;
  /** Rows drawn beyond the visible ones, above and below. */
  const OVERSCAN = 10;
  /** Tool calls of a turn listed at first, and added by each "show more". */
  const CALLS_PAGE = 100;
  /** The least room between two labels of the time axis. */
  const TICK_PX = 90;
  const SPECIAL = new Set(
    (
      "def defn defn- fn fn* let letfn if if-let if-some when when-let when-not when-some when-first cond condp case do " +
      "loop recur for doseq dotimes and or not -> ->> as-> some-> some->> cond-> cond->> return fail quote var doc"
    ).split(" "),
  );
  const TOKEN =
    /(;[^\n]*)|(#?"(?:[^"\\]|\\[\s\S])*"?)|(::?[^\s,()[\]{}"';@^`~\\]+)|(\\(?:newline|space|tab|return|backspace|formfeed|u[0-9a-fA-F]{4}|\S))|(#\{|#\(|[()[\]{}])|([\s,]+)|([^\s,()[\]{}"';]+)|([\s\S])/y;

  // ── small helpers ──────────────────────────────────────────────────────────

  const el = (tag: string, cls = "", text?: string): PageElement => {
    const e = doc.createElement(tag);
    if (cls !== "") e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const byId = (id: string): PageElement => {
    const e = doc.getElementById(id);
    if (e === null) throw new Error(`the page has no #${id}`);
    return e;
  };
  const grouped = (n: number): string => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const duration = (ms: number): string => {
    if (ms < 10) return `${ms.toFixed(1)} ms`;
    if (ms < 1000) return `${Math.round(ms)} ms`;
    if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
    const s = Math.round(ms / 1000);
    return `${Math.floor(s / 60)} min ${s % 60} s`;
  };
  /** A time on the axis: `250 ms`, `1.5 s`, `2 min 30 s` (no trailing zeros). */
  const tickLabel = (ms: number): string => {
    if (ms === 0) return "0";
    if (ms < 1000) return `${Number(ms.toPrecision(6))} ms`;
    if (ms < 60_000) return `${Number((ms / 1000).toPrecision(6))} s`;
    const s = Math.round(ms / 1000);
    return s % 60 === 0 ? `${s / 60} min` : `${Math.floor(s / 60)} min ${s % 60} s`;
  };
  const plural = (n: number, one: string): string => `${grouped(n)} ${one}${n === 1 ? "" : "s"}`;
  const json = (v: unknown): string => (v === undefined ? "(none)" : (JSON.stringify(v, null, 2) ?? String(v)));
  const short = (v: unknown, max: number): string => {
    const s = v === undefined ? "" : (JSON.stringify(v) ?? String(v));
    return s.length > max ? `${s.slice(0, max)}…` : s;
  };
  const tokens = (t: { input: number; cached: number; output: number }): string =>
    `${grouped(t.input)} input (${grouped(t.cached)} cached) · ${grouped(t.output)} output tokens`;
  /** The class of a turn's outcome: ok (it returned or went on), bad (error, fail, invalid), open (did not end). */
  const outcomeClass = (t: PageTurn): string =>
    t.outcome === undefined ? "open" : t.outcome === "continue" || t.outcome === "return" ? `ok ${t.outcome}` : "bad";
  const STATUS_ICON: Record<string, string> = { ok: "✓", failed: "✗", unfinished: "…" };

  // ── the data ───────────────────────────────────────────────────────────────

  const data = JSON.parse(byId("trace-data").textContent ?? "{}") as PageData;
  const runs = new Map<string, PageRun>();
  for (const r of data.runs) runs.set(r.id, r);
  const total = Math.max(data.totals.wallMs, 0.001);

  // ── the header ─────────────────────────────────────────────────────────────

  {
    const t = data.totals;
    byId("file").textContent = data.file;
    byId("totals").textContent =
      `${plural(t.runs, "run")} · ${plural(t.turns, "turn")} · ${plural(t.llmRequests, "model request")} · ` +
      `${plural(t.toolCalls, "tool call")} · ${duration(t.wallMs)} · ${tokens(t.tokens)}` +
      (data.startedAt !== undefined ? ` · started ${data.startedAt.replace("T", " ").replace(/\.\d+Z$/, " UTC")}` : "");
    const notices = byId("notices");
    notices.hidden = data.notices.length === 0;
    for (const n of data.notices) notices.append(el("li", "", n));
  }

  // ── the rows of the timeline: each run, its turns, and after each turn the runs it started ──

  type Row =
    | { readonly kind: "run"; readonly run: PageRun }
    | { readonly kind: "turn"; readonly run: PageRun; readonly turn: PageTurn };
  const collapsed = new Set<string>();
  let rows: Row[] = [];
  const buildRows = (): void => {
    rows = [];
    // Depth first, without recursion: a stack of rows to emit and runs to open up.
    const stack: (Row | PageRun)[] = data.runs.filter((r) => r.parent === null || !runs.has(r.parent)).reverse();
    for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
      if ("kind" in item) {
        rows.push(item);
        continue;
      }
      const r = item;
      rows.push({ kind: "run", run: r });
      if (collapsed.has(r.id)) continue;
      const items: (Row | PageRun)[] = [];
      const placed = new Set<string>();
      const child = (id: string): void => {
        const c = runs.get(id);
        if (c === undefined || placed.has(id)) return;
        placed.add(id);
        items.push(c);
      };
      for (const t of r.turns) {
        items.push({ kind: "turn", run: r, turn: t });
        t.children.forEach(child);
      }
      r.children.forEach(child);
      for (let i = items.length - 1; i >= 0; i--) stack.push(items[i]!);
    }
  };
  buildRows();

  // ── the view: which stretch of time, which turn ────────────────────────────

  let v0 = 0;
  let v1 = total;
  let selected: { readonly run: string; readonly n: number | null } | null = null;
  const rowsBox = byId("rows");
  const spacer = byId("spacer");
  const axis = byId("axis");
  const detail = byId("detail");
  const laneWidth = (): number => Math.max(60, rowsBox.clientWidth - LABEL - 16);
  const xOf = (t: number, w: number): number => ((t - v0) / (v1 - v0)) * w;

  const bar = (start: number, end: number, cls: string, w: number, title: string): PageElement | null => {
    const x0 = xOf(start, w);
    const x1 = xOf(end, w);
    if (x1 < -2 || x0 > w + 2) return null;
    const left = Math.max(-2, x0);
    const b = el("div", cls);
    b.style.left = `${left}px`;
    b.style.width = `${Math.max(1, Math.min(w + 2, x1) - left)}px`;
    b.title = title;
    return b;
  };

  /** A turn's tool calls as bars, those that would share a pixel merged into one (at most one bar per pixel). */
  const callBars = (calls: readonly PageCall[], w: number): PageElement[] => {
    const out: PageElement[] = [];
    let g: { x0: number; x1: number; n: number; err: boolean; first: PageCall } | null = null;
    const flush = (): void => {
      if (g === null || g.x1 < -2 || g.x0 > w + 2) return;
      const b = el("div", g.err ? "bar call err" : "bar call");
      const left = Math.max(-2, g.x0);
      b.style.left = `${left}px`;
      b.style.width = `${Math.max(1, Math.min(w + 2, g.x1) - left)}px`;
      b.title =
        g.n === 1
          ? `tool/${g.first.tool} · ${duration(g.first.end - g.first.start)}${g.first.error !== undefined ? " · failed" : ""}`
          : `${g.n} tool calls`;
      out.push(b);
    };
    for (const c of calls) {
      const x0 = xOf(c.start, w);
      const x1 = Math.max(xOf(c.end, w), x0 + 1);
      if (g !== null && x0 <= g.x1) {
        g.x1 = Math.max(g.x1, x1);
        g.n++;
        g.err ||= c.error !== undefined;
      } else {
        flush();
        g = { x0, x1, n: 1, err: c.error !== undefined, first: c };
      }
    }
    flush();
    return out;
  };

  const renderRow = (row: Row, i: number, w: number): PageElement => {
    const r = row.run;
    const div = el("div", `row ${row.kind}`);
    div.style.top = `${i * ROW}px`;
    div.dataset["i"] = String(i);
    const label = el("div", "label");
    label.style.paddingLeft = `${6 + Math.min(r.depth, 16) * 16 + (row.kind === "turn" ? 16 : 0)}px`;
    const lane = el("div", "lane");
    lane.style.left = `${LABEL}px`;
    lane.style.width = `${w}px`;
    if (row.kind === "run") {
      div.dataset["run"] = r.id;
      const caret = el("span", "caret", collapsed.has(r.id) ? "▸" : "▾");
      caret.dataset["toggle"] = r.id;
      label.append(caret, el("span", `status ${r.status}`, STATUS_ICON[r.status] ?? "?"), el("span", "name", r.id));
      label.title = `${r.agent} · ${r.status}${r.failure !== undefined ? ` (${r.failure.kind})` : ""} · ${plural(r.turns.length, "turn")} · ${duration(r.durationMs)}`;
      const b = bar(r.start, r.end, `bar run ${r.status}`, w, label.title);
      if (b !== null) lane.append(b);
      if (selected !== null && selected.run === r.id && selected.n === null) div.classList.add("selected");
    } else {
      const t = row.turn;
      div.dataset["turn"] = `${r.id}:${t.n}`;
      label.append(
        el("span", `dot ${outcomeClass(t)}`),
        el("span", "name", `turn ${t.n}`),
        el("span", "muted", ` ${t.outcome ?? "did not end"}${t.errorKind !== undefined ? ` (${t.errorKind})` : ""}`),
      );
      const tb = bar(t.start, t.end, `bar turn ${outcomeClass(t)}`, w, `turn ${t.n} · ${duration(t.end - t.start)}`);
      if (tb !== null) lane.append(tb);
      for (const q of t.requests) {
        const qb = bar(
          q.start,
          q.end,
          q.error !== undefined ? "bar req err" : "bar req",
          w,
          `model request${q.model !== undefined ? ` ${q.model}` : ""} · ${duration(q.end - q.start)}`,
        );
        if (qb !== null) lane.append(qb);
      }
      lane.append(...callBars(t.calls, w));
      if (selected !== null && selected.run === r.id && selected.n === t.n) div.classList.add("selected");
    }
    div.append(label, lane);
    return div;
  };

  const renderAxis = (w: number): void => {
    const span = v1 - v0;
    const raw = (span * TICK_PX) / w;
    const pow = 10 ** Math.floor(Math.log10(raw));
    const step = [1, 2, 5, 10].map((m) => m * pow).find((s) => s >= raw) ?? 10 * pow;
    const ticks: PageElement[] = [];
    for (let t = Math.ceil(v0 / step) * step; t <= v1 && ticks.length < 100; t += step) {
      const tick = el("div", "tick", tickLabel(t));
      tick.style.left = `${LABEL + xOf(t, w)}px`;
      ticks.push(tick);
    }
    axis.replaceChildren(...ticks);
  };

  let scheduled = false;
  const render = (): void => {
    scheduled = false;
    spacer.style.height = `${rows.length * ROW}px`;
    const first = Math.max(0, Math.floor(rowsBox.scrollTop / ROW) - OVERSCAN);
    const last = Math.min(rows.length, Math.ceil((rowsBox.scrollTop + rowsBox.clientHeight) / ROW) + OVERSCAN);
    const w = laneWidth();
    const out: PageElement[] = [];
    for (let i = first; i < last; i++) out.push(renderRow(rows[i]!, i, w));
    spacer.replaceChildren(...out);
    renderAxis(w);
  };
  const schedule = (): void => {
    if (scheduled) return;
    scheduled = true;
    win.requestAnimationFrame(render);
  };

  // ── the detail pane ────────────────────────────────────────────────────────

  const pre = (text: string, cls = ""): PageElement => el("pre", cls === "" ? "text" : `text ${cls}`, text);
  const note = (text: string): PageElement => el("p", "note", text);
  const section = (title: string, ...body: PageElement[]): PageElement => {
    const s = el("section", "part");
    s.append(el("h3", "", title), ...body);
    return s;
  };
  const runLink = (id: string): PageElement => {
    const b = el("button", "link", id);
    b.dataset["run"] = id;
    return b;
  };

  /** A program with its syntax coloured: comments, strings, keywords, numbers, special forms, tool/ and data/ names. */
  const code = (source: string): PageElement => {
    const out = el("pre", "code");
    let plain = "";
    const span = (cls: string, text: string): void => {
      if (plain !== "") out.append(plain);
      plain = "";
      out.append(el("span", cls, text));
    };
    TOKEN.lastIndex = 0;
    for (let m = TOKEN.exec(source); m !== null && m[0] !== ""; m = TOKEN.exec(source)) {
      const text = m[0];
      if (m[1] !== undefined) span("com", text);
      else if (m[2] !== undefined || m[4] !== undefined) span("str", text);
      else if (m[3] !== undefined) span("key", text);
      else if (m[5] !== undefined) span("br", text);
      else if (m[7] !== undefined) {
        if (/^[+-]?\d/.test(text)) span("num", text);
        else if (text === "nil" || text === "true" || text === "false") span("num", text);
        else if (/^(tool|ctx)\//.test(text)) span("tool", text);
        else if (/^data\//.test(text)) span("data", text);
        else if (SPECIAL.has(text)) span("sf", text);
        else plain += text;
      } else plain += text;
    }
    if (plain !== "") out.append(plain);
    return out;
  };

  const callItem = (c: PageCall, i: number): PageElement => {
    const d = el("details", c.error !== undefined ? "call err" : "call");
    const s = el("summary");
    s.append(
      el("span", "idx", `${i + 1}.`),
      el("span", "tool", `tool/${c.tool}`),
      el("span", "muted", ` ${duration(c.end - c.start)} `),
    );
    // The child run before the arguments, which are cut to the line.
    if (c.child !== undefined) s.append("→ ", runLink(c.child), " ");
    s.append(el("span", "args", short(c.args, 120)));
    d.append(s);
    let filled = false;
    d.addEventListener("toggle", () => {
      if (filled || !d.open) return;
      filled = true;
      d.append(el("h4", "", "arguments"), pre(json(c.args)));
      if (c.error !== undefined) d.append(el("h4", "", "error"), pre(c.error, "bad"));
      else d.append(el("h4", "", "result"), pre(json(c.result)));
    });
    return d;
  };

  const callList = (calls: readonly PageCall[]): PageElement => {
    const box = el("div", "calls");
    const list = el("div");
    const more = el("button", "more");
    let shown = 0;
    const page = (): void => {
      const end = Math.min(calls.length, shown + CALLS_PAGE);
      const items: PageElement[] = [];
      for (; shown < end; shown++) items.push(callItem(calls[shown]!, shown));
      list.append(...items);
      const rest = calls.length - shown;
      more.hidden = rest === 0;
      more.textContent = `show ${Math.min(CALLS_PAGE, rest)} more (${rest} left)`;
    };
    more.addEventListener("click", page);
    page();
    box.append(list, more);
    return box;
  };

  const head = (title: string, badges: readonly [string, string][], meta: string): PageElement => {
    const h = el("div", "dhead");
    const h2 = el("h2", "", title);
    for (const [cls, text] of badges) h2.append(" ", el("span", `badge ${cls}`, text));
    h.append(h2, el("div", "meta", meta));
    return h;
  };

  const showTurn = (r: PageRun, t: PageTurn): void => {
    const badges: [string, string][] = [[outcomeClass(t), t.outcome ?? "did not end"]];
    if (t.errorKind !== undefined) badges.push(["bad", t.errorKind]);
    if (t.staticCheck === true) badges.push(["bad", "rejected by the tool-call check"]);
    if (t.replayed === true) badges.push(["open", "replayed"]);
    const models = [...new Set(t.requests.map((q) => q.model).filter((m): m is string => m !== undefined))];
    const left = el("div", "col");
    const right = el("div", "col");
    for (const c of t.compactions) left.append(note(`The ${c}.`));
    left.append(
      section(
        "Program",
        t.program === undefined
          ? note("The trace has no program event for this turn.")
          : t.program === null
            ? note("The reply held no program.")
            : code(t.program),
      ),
    );
    if (t.result !== undefined) left.append(section("Output", pre(t.result)));
    left.append(
      section(
        t.feedbackSentIn !== null ? `Feedback, as sent with turn ${t.feedbackSentIn}'s request` : "Feedback",
        t.feedback === "" ? note("None: the run ended with this turn.") : pre(t.feedback),
      ),
    );
    const requests = el("table", "requests");
    for (const q of t.requests) {
      const tr = el("tr");
      tr.append(
        el("td", "", q.model ?? "model"),
        el("td", "num", duration(q.end - q.start)),
        el("td", "", tokens(q.tokens)),
        el("td", q.error !== undefined ? "bad" : "muted", q.error ?? q.finishReason ?? ""),
      );
      requests.append(tr);
    }
    right.append(section(`Model requests (${t.requests.length})`, requests));
    right.append(section(`Tool calls (${t.calls.length})`, t.calls.length === 0 ? note("None.") : callList(t.calls)));
    if (t.children.length > 0) right.append(section("Child runs", ...t.children.map(runLink)));
    right.append(section("Reply", t.reply === null ? note("The trace holds no reply.") : pre(t.reply)));
    if (t.other.length > 0) {
      right.append(section(`Events of unknown types (${t.other.length})`, ...t.other.map((o) => pre(json(o)))));
    }
    const body = el("div", "cols");
    body.append(left, right);
    detail.replaceChildren(
      head(
        `${r.id} · turn ${t.n} of ${r.turns.length}`,
        badges,
        `agent ${r.agent} · depth ${r.depth} · at ${duration(t.start)} · ${duration(t.end - t.start)} · ` +
          `${tokens(t.tokens)}${models.length > 0 ? ` · ${models.join(", ")}` : ""}`,
      ),
      body,
    );
    detail.scrollTop = 0;
  };

  const showRun = (r: PageRun): void => {
    const left = el("div", "col");
    const right = el("div", "col");
    if (r.failure !== undefined) left.append(section(`Failure (${r.failure.kind})`, pre(r.failure.reason, "bad")));
    if (r.return !== undefined) left.append(section("Return value", pre(json(r.return))));
    left.append(section("Input", pre(json(r.input))));
    const turns = el("div", "turnlinks");
    for (const t of r.turns) {
      const b = el("button", `link ${outcomeClass(t)}`, `turn ${t.n}: ${t.outcome ?? "did not end"}`);
      b.dataset["run"] = r.id;
      b.dataset["turn"] = String(t.n);
      turns.append(b);
    }
    right.append(section(`Turns (${r.turns.length})`, r.turns.length === 0 ? note("None.") : turns));
    if (r.parent !== null)
      right.append(
        section("Parent run", runs.has(r.parent) ? runLink(r.parent) : note(`${r.parent} (not in this trace)`)),
      );
    if (r.children.length > 0) right.append(section(`Child runs (${r.children.length})`, ...r.children.map(runLink)));
    const body = el("div", "cols");
    body.append(left, right);
    detail.replaceChildren(
      head(
        r.id,
        [
          [r.status === "ok" ? "ok" : r.status === "failed" ? "bad" : "open", r.status],
          ...(r.answer === "fallback"
            ? [["open", "the last value: turns ran out"] as [string, string]]
            : r.answer === "partial"
              ? [["open", "partial: over budget"] as [string, string]]
              : []),
        ],
        `agent ${r.agent} · depth ${r.depth} · ${plural(r.turns.length, "turn")} · ${plural(r.requests, "model request")} · ` +
          `${plural(r.toolCalls, "tool call")} · ${duration(r.durationMs)} · ${tokens(r.tokens)}` +
          (r.replayedTurns > 0 ? ` · ${plural(r.replayedTurns, "turn")} replayed from its journal` : "") +
          (r.continued > 0 ? ` · continued ${r.continued}×` : ""),
      ),
      body,
    );
    detail.scrollTop = 0;
  };

  // ── the run tree ───────────────────────────────────────────────────────────

  const tree = byId("tree");
  const treeItems = new Map<string, PageElement>();
  {
    const list = el("ul");
    for (const r of data.runs) {
      const li = el("li", `run ${r.status}`);
      li.style.paddingLeft = `${8 + Math.min(r.depth, 16) * 14}px`;
      li.dataset["run"] = r.id;
      li.append(
        el("span", `status ${r.status}`, STATUS_ICON[r.status] ?? "?"),
        el("span", "name", r.id),
        el("span", "muted", ` ${plural(r.turns.length, "turn")} · ${duration(r.durationMs)}`),
      );
      if (r.failure !== undefined) li.title = `${r.failure.kind}: ${r.failure.reason}`;
      treeItems.set(r.id, li);
      list.append(li);
    }
    tree.append(list);
  }

  // ── selecting ──────────────────────────────────────────────────────────────

  const setHash = (hash: string): void => {
    try {
      win.history.replaceState(null, "", `#${hash}`);
    } catch {
      // Some browsers refuse to change the address of a file page; the selection still works.
    }
  };
  const reveal = (runId: string, n: number | null): void => {
    // A collapsed ancestor (or the run itself, for a turn) is opened so that the row exists.
    for (let r = runs.get(runId); r !== undefined; r = r.parent === null ? undefined : runs.get(r.parent)) {
      if (r.id !== runId || n !== null) collapsed.delete(r.id);
    }
    buildRows();
    const i = rows.findIndex((row) => row.run.id === runId && (row.kind === "run" ? n === null : row.turn.n === n));
    if (i < 0) return;
    const top = i * ROW;
    if (top < rowsBox.scrollTop || top + ROW > rowsBox.scrollTop + rowsBox.clientHeight) {
      rowsBox.scrollTop = Math.max(0, top - rowsBox.clientHeight / 3);
    }
  };
  const markTree = (runId: string): void => {
    for (const [id, li] of treeItems) li.classList.toggle("selected", id === runId);
  };
  const selectTurn = (r: PageRun, t: PageTurn): void => {
    selected = { run: r.id, n: t.n };
    showTurn(r, t);
    markTree(r.id);
    reveal(r.id, t.n);
    setHash(`turn=${encodeURIComponent(r.id)}:${t.n}`);
    schedule();
  };
  const selectRun = (r: PageRun): void => {
    selected = { run: r.id, n: null };
    showRun(r);
    markTree(r.id);
    reveal(r.id, null);
    setHash(`run=${encodeURIComponent(r.id)}`);
    schedule();
  };
  /** The run an address names: its id, else the first run of the agent of that name. */
  const selectByName = (name: string, n: number | null): boolean => {
    const r = runs.get(name) ?? data.runs.find((x) => x.agent === name);
    if (r === undefined) return false;
    const t = n === null ? undefined : r.turns.find((x) => x.n === n);
    if (t !== undefined) selectTurn(r, t);
    else selectRun(r);
    return true;
  };

  // ── zoom ───────────────────────────────────────────────────────────────────

  const zoomTo = (a: number, b: number): void => {
    const pad = (b - a) * 0.02;
    v0 = Math.max(0, a - pad);
    v1 = Math.min(total, b + pad);
    if (v1 - v0 < 0.01) v1 = v0 + 0.01;
    schedule();
  };
  const zoomBy = (factor: number, at: number): void => {
    const span = Math.min(total, Math.max(0.01, (v1 - v0) * factor));
    let a = at - (at - v0) * (span / (v1 - v0));
    a = Math.min(Math.max(0, a), total - span);
    v0 = a;
    v1 = a + span;
    schedule();
  };

  // ── events ─────────────────────────────────────────────────────────────────

  const target = (e: PageEvent): PageElement | null => {
    const t = e.target as PageElement | null;
    return t !== null && typeof t.closest === "function" ? t : null;
  };
  rowsBox.addEventListener("scroll", schedule);
  win.addEventListener("resize", schedule);
  spacer.addEventListener("click", (e) => {
    const t = target(e);
    const toggle = t?.closest("[data-toggle]");
    if (toggle !== null && toggle !== undefined) {
      const id = toggle.dataset["toggle"]!;
      if (collapsed.has(id)) collapsed.delete(id);
      else collapsed.add(id);
      buildRows();
      schedule();
      return;
    }
    const rowEl = t?.closest(".row");
    const row = rowEl === null || rowEl === undefined ? undefined : rows[Number(rowEl.dataset["i"])];
    if (row === undefined) return;
    if (row.kind === "turn") selectTurn(row.run, row.turn);
    else selectRun(row.run);
  });
  spacer.addEventListener("dblclick", (e) => {
    const rowEl = target(e)?.closest(".row");
    const row = rowEl === null || rowEl === undefined ? undefined : rows[Number(rowEl.dataset["i"])];
    if (row === undefined) return;
    if (row.kind === "turn") zoomTo(row.turn.start, row.turn.end);
    else zoomTo(row.run.start, row.run.end);
  });
  rowsBox.addEventListener(
    "wheel",
    (e) => {
      if (e.ctrlKey !== true && e.metaKey !== true) return;
      e.preventDefault();
      const w = laneWidth();
      const x = (e.clientX ?? 0) - rowsBox.getBoundingClientRect().left - LABEL;
      const at = v0 + (Math.min(Math.max(0, x), w) / w) * (v1 - v0);
      zoomBy((e.deltaY ?? 0) < 0 ? 0.8 : 1.25, at);
    },
    { passive: false },
  );
  const onLink = (e: PageEvent): void => {
    const link = target(e)?.closest("[data-run]");
    if (link === null || link === undefined) return;
    const turn = link.dataset["turn"];
    const r = runs.get(link.dataset["run"]!);
    if (r === undefined) return;
    const t = turn !== undefined ? r.turns.find((x) => x.n === Number(turn)) : undefined;
    if (t !== undefined) selectTurn(r, t);
    else selectRun(r);
  };
  detail.addEventListener("click", onLink);
  tree.addEventListener("click", onLink);
  byId("fit").addEventListener("click", () => zoomTo(0, total));
  byId("zoom-in").addEventListener("click", () => zoomBy(0.5, (v0 + v1) / 2));
  byId("zoom-out").addEventListener("click", () => zoomBy(2, (v0 + v1) / 2));
  byId("fit-run").addEventListener("click", () => {
    const r = selected === null ? undefined : runs.get(selected.run);
    if (r !== undefined) zoomTo(r.start, r.end);
  });
  doc.addEventListener("keydown", (e) => {
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    const turnRows = rows.filter((r): r is Extract<Row, { kind: "turn" }> => r.kind === "turn");
    if (turnRows.length === 0) return;
    const at =
      selected === null ? -1 : turnRows.findIndex((r) => r.run.id === selected!.run && r.turn.n === selected!.n);
    const next = turnRows[Math.min(turnRows.length - 1, Math.max(0, at + (e.key === "ArrowDown" ? 1 : -1)))]!;
    e.preventDefault();
    selectTurn(next.run, next.turn);
  });

  // ── start: the turn or run the address names, else the first turn ──────────

  const hash = /^#(turn|run)=([^:]*)(?::(\d+))?$/.exec(win.location.hash);
  let chosen = false;
  if (hash !== null) {
    try {
      chosen = selectByName(
        decodeURIComponent(hash[2]!),
        hash[1] === "turn" && hash[3] !== undefined ? Number(hash[3]) : null,
      );
    } catch {
      chosen = false;
    }
  }
  if (!chosen) {
    const firstTurn = rows.find((r) => r.kind === "turn");
    if (firstTurn !== undefined && firstTurn.kind === "turn") selectTurn(firstTurn.run, firstTurn.turn);
  }
  render();
  doc.body.dataset["ready"] = "1";
}
