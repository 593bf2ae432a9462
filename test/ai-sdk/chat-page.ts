/**
 * The chat page of the browser test, bundled by esbuild: what `useChat` does, without
 * React — the AI SDK's own `AbstractChat` with `DefaultChatTransport` posting to
 * `/api/agent`, its state re-rendered into the page on every change. Each part of the
 * assistant's message is one `<li class="part">`, worded by show.ts. The page notes on
 * `document.body.dataset` what the test waits for: `done` when the chat is ready again,
 * `streamed` when a text part was shown while still streaming.
 *
 * The few DOM names used are declared here (the test suite type-checks without the DOM
 * library, so that src/ cannot use it by mistake).
 */
import { AbstractChat, DefaultChatTransport, type ChatState, type ChatStatus } from "ai";
import type { PtccUIMessage } from "../../src/ai-sdk/index.js";
import { show } from "./show.js";

interface El {
  className: string;
  textContent: string | null;
  replaceChildren(...nodes: El[]): void;
  append(...nodes: El[]): void;
  dataset: Record<string, string | undefined>;
}
interface Doc {
  readonly body: El;
  getElementById(id: string): El | null;
  createElement(tag: string): El;
}
const doc = (globalThis as unknown as { document: Doc }).document;

type Message = PtccUIMessage<{ short: string }>;

function render(messages: readonly Message[], status: ChatStatus): void {
  const list = doc.getElementById("parts")!;
  const items: El[] = [];
  for (const m of messages) {
    if (m.role !== "assistant") continue;
    for (const part of m.parts) {
      const li = doc.createElement("li");
      li.className = "part";
      li.dataset["type"] = part.type;
      li.textContent = show(part);
      if (part.type === "text" && part.state === "streaming") doc.body.dataset["streamed"] = "1";
      items.push(li);
    }
  }
  list.replaceChildren(...items);
  doc.getElementById("status")!.textContent = status;
}

/** The chat's state, as a UI framework would keep it: every change re-renders. */
class PageState implements ChatState<Message> {
  private _status: ChatStatus = "ready";
  error: Error | undefined = undefined;
  private _messages: Message[] = [];

  get status(): ChatStatus {
    return this._status;
  }
  set status(s: ChatStatus) {
    this._status = s;
    render(this._messages, s);
  }
  get messages(): Message[] {
    return this._messages;
  }
  set messages(m: Message[]) {
    this._messages = m;
    render(m, this._status);
  }
  pushMessage = (m: Message): void => {
    this.messages = [...this._messages, m];
  };
  popMessage = (): void => {
    this.messages = this._messages.slice(0, -1);
  };
  replaceMessage = (i: number, m: Message): void => {
    this.messages = [...this._messages.slice(0, i), m, ...this._messages.slice(i + 1)];
  };
  snapshot = <T>(thing: T): T => structuredClone(thing);
}

class Chat extends AbstractChat<Message> {
  constructor() {
    super({
      state: new PageState(),
      transport: new DefaultChatTransport<Message>({ api: "/api/agent" }),
      onError: (e) => {
        doc.body.dataset["error"] = e.message;
      },
    });
  }
}

const chat = new Chat();
void chat.sendMessage({ text: "Summarize the customer" }).finally(() => {
  doc.body.dataset["done"] = "1";
});
