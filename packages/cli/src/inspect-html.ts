// The documents `mcpwire inspect` serves besides its scripts: the page's shell (it loads the page's
// browser bundle, built from src/inspect-page/), its stylesheet (the sequence diagram's, from
// trace-html.ts, plus the page's own), and the MCP Apps sandbox proxy with the view's policy. Each
// goes out with its Content-Security-Policy: the page may load only its own scripts and frame only
// the sandbox origin; the proxy may be framed only by the page, and runs under the view's policy.

import { APP_METHODS, SANDBOX_METHOD_PREFIX } from 'mcpwire-ext-apps';
import type { AppResourceCsp } from 'mcpwire-ext-apps';
import { appContentSecurityPolicy } from './app-csp.js';
import { TRACE_CSS, htmlText } from './trace-html.js';

/** The page's script, as served under assets/ (the path of its browser bundle below dist/bundle/src/). */
export const PAGE_MODULE = 'inspect-page/inspect-page.js';

/** The page's shell; `sandboxOrigin` is the inspector's other origin, where MCP Apps' sandbox proxy is served. */
export function inspectPageHtml(sandboxOrigin: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>mcpwire inspect</title>
<link rel="stylesheet" href="assets/inspect.css">
<script type="module" src="assets/${PAGE_MODULE}"></script>
</head>
<body data-sandbox-origin="${htmlText(sandboxOrigin)}"><main id="inspector"><p>loading…</p></main></body></html>
`;
}

/** The page's policy: its own scripts and styles, data: images, its own API, frames on the sandbox origin only. */
export function inspectPagePolicy(sandboxOrigin: string): string {
  return `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; media-src data:; connect-src 'self'; frame-src ${sandboxOrigin}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
}

/**
 * The sandbox proxy (apps#sandbox-proxy) served on `ownOrigin`: its script inlined, its settings in
 * data attributes, and its base URL the bare origin, which the view's srcdoc document inherits in place
 * of this page's own URL (that one holds the token).
 */
export function sandboxProxyHtml(hostOrigin: string, ownOrigin: string, policy: string, script: string): string {
  const data = (name: string, value: string): string => ` data-${name}="${htmlText(value)}"`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><base href="${htmlText(ownOrigin)}/"><title>MCP App sandbox</title>
<style>html, body { margin: 0; height: 100%; } iframe { border: 0; width: 100%; height: 100%; display: block; }</style></head>
<body${data('host-origin', hostOrigin)}${data('csp', policy)}${data('ready-method', APP_METHODS.sandboxProxyReady)}${data('resource-method', APP_METHODS.sandboxResourceReady)}${data('own-prefix', SANDBOX_METHOD_PREFIX)}>
<script type="module">${script.replace(/<\/(script)/gi, '<\\/$1')}</script>
</body></html>
`;
}

/**
 * The proxy's own policy: the view's (its srcdoc document inherits it), plus the proxy's own <base>
 * (base-uri), and framing by the page alone. The view's <meta> keeps base-uri as the resource says.
 */
export function sandboxProxyPolicy(csp: AppResourceCsp, hostOrigin: string, ownOrigin: string): string {
  const view = appContentSecurityPolicy(csp);
  return `${view.replace(/base-uri [^;]*/, `base-uri ${[`${ownOrigin}/`, ...(csp.baseUriDomains ?? [])].join(' ')}`)}; frame-ancestors ${hostOrigin}`;
}

/** The page's stylesheet. */
export const INSPECT_CSS = `${TRACE_CSS}
body { font: 14px system-ui, sans-serif; margin: 0; color: #1d232b; background: #fff; }
#inspector { display: grid; grid-template-columns: minmax(360px, 500px) 1fr; gap: 16px; padding: 12px 16px; }
.panel { min-width: 0; } .seam-view { min-width: 0; } svg[data-trace] { width: 100%; height: auto; }
h1 { font-size: 18px; margin: 0 0 8px; } h2 { font-size: 15px; margin: 16px 0 6px; border-bottom: 1px solid #d5dae1; } h3 { font-size: 14px; margin: 0 0 4px; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 10px; margin: 0; } dt { color: #555; } dd { margin: 0; } dd.instructions { white-space: pre-wrap; }
form.tool, .row { border: 1px solid #d5dae1; border-radius: 6px; padding: 8px 10px; margin: 8px 0; }
.field { display: grid; grid-template-columns: 110px 1fr; align-items: center; gap: 6px; margin: 4px 0; } .field small { grid-column: 2; color: #666; }
.field input[type=checkbox] { justify-self: start; } textarea, input[type=text], input[type=number], select { font: 13px ui-monospace, monospace; width: 100%; box-sizing: border-box; }
.description { color: #444; margin: 2px 0 6px; } .badge { display: inline-block; font-size: 11px; background: #eef1f5; border-radius: 4px; padding: 1px 5px; margin-right: 4px; }
.actions { display: flex; gap: 8px; align-items: center; margin-top: 6px; }
.result { border-left: 4px solid #23802f; padding-left: 8px; margin-top: 6px; } .result.is-error { border-color: #c0392b; }
.error { color: #c0392b; } .problems { color: #c0392b; margin: 4px 0; } .problems:empty { display: none; }
pre { font: 12.5px ui-monospace, monospace; background: #f6f8fa; padding: 6px; margin: 4px 0; }
.app-box iframe { width: 100%; height: 160px; border: 1px solid #8e44ad; border-radius: 6px; } .app-status { color: #8e44ad; font-size: 12px; margin: 6px 0 2px; } .app-box:empty { display: none; }
.app-message { border-left: 4px solid #8e44ad; padding-left: 8px; margin: 4px 0; }
ol.log { font: 12px ui-monospace, monospace; padding-left: 22px; max-height: 240px; overflow: auto; }
.confirm, form.question { background: #fff6e0; padding: 6px 10px; margin: 6px 0; border-radius: 6px; display: block; } .questions:empty { display: none; }
.system-prompt { white-space: pre-wrap; color: #444; }
p.help { color: #555; margin: 0 0 8px; }
`;
