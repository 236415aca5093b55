// MCP Apps (SEP-1865, extension `io.modelcontextprotocol/ui`, ext-apps specification/2026-01-26/apps.mdx):
// a tool names a `ui://` resource whose HTML a host renders in a sandboxed iframe, and the two talk
// JSON-RPC over postMessage. Spelled as in the package's spec.types.d.ts. Only the names and the
// shapes mcpwire uses are here: the tool's `_meta.ui`, the resource's CSP, the bridge's methods.

import type { AppToolVisibility, Tool } from 'mcpwire/protocol';

/** The extension's identifier, as a client declares it under `capabilities.extensions`. */
export const APP_EXTENSION = 'io.modelcontextprotocol/ui';

/** The MIME type of an app's HTML resource (apps#ui-resource-format: MUST). */
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';

/** The revision of the Apps specification the host side speaks in `ui/initialize`. */
export const APP_PROTOCOL_VERSION = '2026-01-26';

/** The methods of the postMessage bridge between a view (the app) and its host. */
export const APP_METHODS = {
  /** View → host request: the handshake; the answer carries protocolVersion, hostInfo, hostCapabilities, hostContext. */
  initialize: 'ui/initialize',
  /** View → host: the handshake is done; before it the host MUST NOT send the view anything (apps#sandbox-proxy). */
  initialized: 'ui/notifications/initialized',
  /** Host → view: the tool's complete arguments (MUST, once, before the result). */
  toolInput: 'ui/notifications/tool-input',
  /** Host → view: the CallToolResult. */
  toolResult: 'ui/notifications/tool-result',
  /** Host → view: the call was cancelled. */
  toolCancelled: 'ui/notifications/tool-cancelled',
  /** View → host request: a message for the conversation. */
  message: 'ui/message',
  /** View → host request: open a URL. */
  openLink: 'ui/open-link',
  /** View → host request: what the model should know next turn. */
  updateModelContext: 'ui/update-model-context',
  /** View → host request: another display mode. */
  requestDisplayMode: 'ui/request-display-mode',
  /** View → host: its content's size changed. */
  sizeChanged: 'ui/notifications/size-changed',
  /** Sandbox proxy → host: ready for the HTML (web hosts only). */
  sandboxProxyReady: 'ui/notifications/sandbox-proxy-ready',
  /** Host → sandbox proxy: the HTML to load, with its CSP. */
  sandboxResourceReady: 'ui/notifications/sandbox-resource-ready',
} as const;

/** The prefix of the bridge methods the sandbox proxy answers itself and never forwards. */
export const SANDBOX_METHOD_PREFIX = 'ui/notifications/sandbox-';

/** A tool's `_meta.ui`. */
export interface AppToolMeta {
  resourceUri?: string;
  visibility?: AppToolVisibility[];
}

/** The origins an app's HTML may reach (apps#ui-resource-format), each mapped to CSP directives by the host. */
export interface AppResourceCsp {
  connectDomains?: string[];
  resourceDomains?: string[];
  frameDomains?: string[];
  baseUriDomains?: string[];
}

/** A resource's (or its contents') `_meta.ui`. */
export interface AppResourceMeta {
  csp?: AppResourceCsp;
  permissions?: { camera?: object; microphone?: object; geolocation?: object; clipboardWrite?: object };
  domain?: string;
  prefersBorder?: boolean;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : undefined;
}

/**
 * The `ui://` resource a tool's results are rendered with: `_meta.ui.resourceUri`, else the older flat
 * `_meta["ui/resourceUri"]` (deprecated, still accepted); undefined when the tool has no app.
 */
export function appResourceUri(tool: Pick<Tool, '_meta'>): string | undefined {
  const meta = record(tool._meta);
  if (meta === undefined) return undefined;
  const nested = Object.hasOwn(meta, 'ui') ? record(meta.ui)?.resourceUri : undefined;
  const uri = typeof nested === 'string' ? nested : Object.hasOwn(meta, 'ui/resourceUri') ? meta['ui/resourceUri'] : undefined;
  return typeof uri === 'string' && uri.startsWith('ui://') ? uri : undefined;
}

