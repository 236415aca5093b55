// The MCP Apps sandbox proxy (ext-apps apps.mdx §Sandbox proxy), inlined by the inspector into the
// page it serves on its second origin, so the host page and the sandbox never share an origin. It
// announces itself (sandbox-proxy-ready), takes the view's HTML from the host (sandbox-resource-
// ready), and loads it in an inner frame with sandbox="allow-scripts" only: an opaque origin, never
// allow-same-origin (a `sandbox` override in the message is ignored). The view is a srcdoc document,
// as the official app library expects (its location is about:srcdoc, its origin "null"): it
// inherits this page's Content-Security-Policy (the resource's, built by the inspector) and this
// page's base URL, which the server sets to the bare origin (`<base>`), so the view never sees the
// token; the same policy goes in a <meta> at its top. Then the proxy forwards everything else both
// ways, except its own `ui/notifications/sandbox-*` messages.
// It is an inline module with no imports: the method names come from data attributes the server
// writes from packages/ext-apps/src/app-types.ts.

/** The few DOM parts this script touches (the repo type-checks without the DOM library). */
interface ProxyFrame { contentWindow: ProxyWindow | null; setAttribute(name: string, value: string): void }
interface ProxyWindow { postMessage(message: unknown, targetOrigin: string): void }
interface ProxyGlobals {
  document: { body: { getAttribute(name: string): string | null; append(node: ProxyFrame): void }; createElement(tag: 'iframe'): ProxyFrame };
  parent: ProxyWindow;
  addEventListener(type: 'message', listener: (event: { source: unknown; origin: string; data: unknown }) => void): void;
}

const page = globalThis as unknown as ProxyGlobals;
const setting = (name: string): string => page.document.body.getAttribute(`data-${name}`) ?? '';
const hostOrigin = setting('host-origin');
const policy = setting('csp');
const readyMethod = setting('ready-method');
const resourceMethod = setting('resource-method');
const ownPrefix = setting('own-prefix');
let view: ProxyFrame | undefined;

function methodOf(data: unknown): string | undefined {
  const method = typeof data === 'object' && data !== null ? (data as { method?: unknown }).method : undefined;
  return typeof method === 'string' ? method : undefined;
}

/** The view's HTML with the policy as the first thing in its head. */
function withPolicy(html: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return `${html.slice(0, head.index + head[0].length)}${meta}${html.slice(head.index + head[0].length)}`;
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  return doctype ? `${doctype[0]}${meta}${html.slice(doctype[0].length)}` : `${meta}${html}`;
}

function load(html: string): void {
  view = page.document.createElement('iframe');
  view.setAttribute('sandbox', 'allow-scripts');
  view.setAttribute('data-app-view', '');
  view.setAttribute('srcdoc', withPolicy(html));
  page.document.body.append(view);
}

page.addEventListener('message', (event) => {
  const method = methodOf(event.data);
  if (event.source === page.parent && event.origin === hostOrigin) {
    if (method === resourceMethod) {
      const html = (event.data as { params?: { html?: unknown } }).params?.html;
      if (view === undefined && typeof html === 'string') load(html);
      return;
    }
    if (method !== undefined && method.startsWith(ownPrefix)) return;
    view?.contentWindow?.postMessage(event.data, '*'); // the view's origin is opaque: '*' is the only target that reaches it
  } else if (view !== undefined && event.source === view.contentWindow) {
    if (method !== undefined && method.startsWith(ownPrefix)) return; // a view may not speak for the proxy
    page.parent.postMessage(event.data, hostOrigin);
  }
});

page.parent.postMessage({ jsonrpc: '2.0', method: readyMethod, params: {} }, hostOrigin);
