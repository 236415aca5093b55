// MCP Apps on the server side (ext-apps specification/2026-01-26/apps.mdx): a tool that names a
// `ui://` resource in `_meta.ui`, and that resource, an HTML page served as `text/html;profile=mcp-app`
// with its CSP in the contents' `_meta.ui`. Both are ordinary McpServer registrations: this file only
// writes the `_meta` the specification asks for, so the bytes on the wire stay plain MCP.

import { APP_MIME_TYPE } from './app-types.js';
import type { Resource, Tool } from 'mcpwire/protocol';
import type { AppResourceMeta } from './app-types.js';
import type { AppToolVisibility } from 'mcpwire/protocol';
import type { McpServer, RegisteredTool, ToolHandler } from 'mcpwire/server';

/** A tool rendered by an app: `resourceUri` names its view; `visibility` says who may call it (default both). */
export interface AppToolDefinition extends Tool {
  resourceUri: string;
  visibility?: AppToolVisibility[];
}

/** An app's view: its `ui://` URI, name, HTML and what its CSP allows. */
export interface AppResourceDefinition extends Omit<Resource, 'mimeType'> {
  html: string | (() => string | Promise<string>);
  ui?: AppResourceMeta;
}

function requireUiUri(uri: string, what: string): void {
  // apps#content-requirements: the URI MUST start with ui:// (a mistake in the server's own code: thrown at registration).
  if (!uri.startsWith('ui://')) throw new TypeError(`${what} must be a ui:// URI, got "${uri}"`);
}

/**
 * Registers a tool whose results an MCP App renders (apps#resource-discovery): the definition goes on
 * the wire with `_meta.ui = { resourceUri, visibility }` beside any `_meta` it already has. A tool with
 * `visibility: ['app']` is for its view only: hosts keep it from the model.
 */
export function appTool(server: McpServer, definition: AppToolDefinition, handler: ToolHandler): RegisteredTool {
  const { resourceUri, visibility, ...tool } = definition;
  requireUiUri(resourceUri, `The resourceUri of tool ${tool.name}`);
  const ui = visibility === undefined ? { resourceUri } : { resourceUri, visibility: [...visibility] };
  return server.tool({ ...tool, _meta: { ...tool._meta, ui } }, handler);
}

/**
 * Registers an app's view (apps#ui-resource-format): `resources/read` answers with the HTML as
 * `text/html;profile=mcp-app` and the CSP and permissions in the contents' `_meta.ui`, which the
 * host turns into the view's Content-Security-Policy.
 */
export function appResource(server: McpServer, definition: AppResourceDefinition): { remove(): void } {
  const { html, ui, ...resource } = definition;
  requireUiUri(resource.uri, 'An app resource');
  return server.resource({ ...resource, mimeType: APP_MIME_TYPE }, async (uri) => {
    const text = typeof html === 'string' ? html : await html();
    return { contents: [{ uri, mimeType: APP_MIME_TYPE, text, ...(ui === undefined ? {} : { _meta: { ui } }) }] };
  });
}
