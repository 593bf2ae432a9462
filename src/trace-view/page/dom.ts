/**
 * The part of the browser's DOM the page's script uses, typed here: the project compiles
 * without the DOM library (the runtime must not see `document` or `window`), and the
 * script is type-checked against exactly what it calls.
 */

export interface PageClassList {
  add(...names: string[]): void;
  remove(...names: string[]): void;
  toggle(name: string, force?: boolean): boolean;
  contains(name: string): boolean;
}

export interface PageEvent {
  readonly target: unknown;
  readonly key?: string;
  readonly clientX?: number;
  readonly deltaY?: number;
  readonly ctrlKey?: boolean;
  readonly metaKey?: boolean;
  preventDefault(): void;
  stopPropagation(): void;
}

export interface PageElement {
  textContent: string | null;
  className: string;
  title: string;
  hidden: boolean;
  /** Of a `<details>` element. */
  open: boolean;
  scrollTop: number;
  readonly clientWidth: number;
  readonly clientHeight: number;
  readonly classList: PageClassList;
  /** Inline style properties by their camel-case names (`left`, `width`, `paddingLeft`). */
  readonly style: Record<string, string>;
  readonly dataset: Record<string, string | undefined>;
  append(...nodes: (PageElement | string)[]): void;
  replaceChildren(...nodes: (PageElement | string)[]): void;
  setAttribute(name: string, value: string): void;
  addEventListener(type: string, listener: (e: PageEvent) => void, options?: { readonly passive?: boolean }): void;
  querySelector(selectors: string): PageElement | null;
  closest(selectors: string): PageElement | null;
  getBoundingClientRect(): {
    readonly left: number;
    readonly top: number;
    readonly width: number;
    readonly height: number;
  };
  scrollIntoView(options?: { readonly block?: "nearest" | "center" | "start" }): void;
  focus(): void;
}

export interface PageDocument {
  readonly body: PageElement;
  getElementById(id: string): PageElement | null;
  createElement(tag: string): PageElement;
  addEventListener(type: string, listener: (e: PageEvent) => void): void;
}

export interface PageWindow {
  requestAnimationFrame(callback: () => void): number;
  addEventListener(type: string, listener: (e: PageEvent) => void): void;
  readonly location: { readonly hash: string };
  readonly history: { replaceState(data: null, unused: string, url: string): void };
}
