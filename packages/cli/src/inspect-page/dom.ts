// The part of the browser's DOM the inspector's page uses, typed here: the repo type-checks without
// the DOM library (its code must run in any runtime), so the page names what it touches. Everything
// is built with `el()`, which sets text as text and attributes as attributes: peer strings (tool
// names, descriptions, results) never become markup.

/** An element, with the properties of the kinds the page makes (input, select, textarea, iframe, form). */
export interface DomElement {
  textContent: string | null;
  innerHTML: string;
  value: string;
  checked: boolean;
  disabled: boolean;
  hidden: boolean;
  open: boolean;
  src: string;
  scrollTop: number;
  scrollHeight: number;
  readonly style: Record<string, string>;
  readonly contentWindow: DomWindow | null;
  readonly parentElement: DomElement | null;
  setAttribute(name: string, value: string): void;
  getAttribute(name: string): string | null;
  removeAttribute(name: string): void;
  append(...children: (DomElement | string)[]): void;
  replaceChildren(...children: (DomElement | string)[]): void;
  remove(): void;
  querySelector(selectors: string): DomElement | null;
  querySelectorAll(selectors: string): ArrayLike<DomElement>;
  closest(selectors: string): DomElement | null;
  addEventListener(type: string, listener: (event: DomEvent) => void): void;
}

/** An event, with the parts of the kinds the page handles (submit, input, click, message). */
export interface DomEvent {
  readonly target: unknown;
  readonly data: unknown;
  readonly origin: string;
  readonly source: unknown;
  preventDefault(): void;
}

/** A window: the page's own, its parent, or a frame's. */
export interface DomWindow {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** A server-sent event stream. */
export interface DomEventSource {
  onmessage: ((event: { data: string }) => void) | null;
  onerror: (() => void) | null;
  close(): void;
}

/** The globals of a browser page the inspector uses. */
export interface BrowserGlobals {
  document: {
    body: DomElement;
    createElement(tag: string): DomElement;
    querySelector(selectors: string): DomElement | null;
  };
  location: { pathname: string; origin: string; hash: string };
  parent: DomWindow;
  addEventListener(type: string, listener: (event: DomEvent) => void): void;
  postMessage(message: unknown, targetOrigin: string): void;
  EventSource: new (url: string) => DomEventSource;
}

/** The browser's globals, as typed above. */
export const browser = globalThis as unknown as BrowserGlobals;

type Attributes = Record<string, string | number | boolean | undefined>;

/** Builds an element: attributes (false/undefined are left out, true is an empty attribute), then children as nodes or text. */
export function el(tag: string, attributes: Attributes = {}, ...children: (DomElement | string | undefined)[]): DomElement {
  const element = browser.document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  element.append(...children.filter((child): child is DomElement | string => child !== undefined));
  return element;
}

/** Pretty JSON for a `<pre>`. */
export function pretty(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? 'undefined';
}
