// The page as the host of an MCP App (ext-apps apps.mdx): when a called tool names a `ui://`
// resource, the page reads it and renders it the way the specification asks of a web host
// (§Sandbox proxy): an outer frame on the inspector's *other* origin (127.0.0.1 ⇄ localhost, same
// server) with allow-scripts allow-same-origin, which loads the view in an inner srcdoc frame with
// sandbox="allow-scripts" only (an opaque origin) under the resource's CSP (sandbox-proxy.ts). The
// page is the host side of the JSON-RPC bridge: it answers ui/initialize, sends nothing before
// ui/notifications/initialized, then the tool's input and result; it forwards the view's tools/call
// (only tools the app may see: the inspector checks) and resources/read, and shows ui/message.
// Every bridge message is recorded for the sequence diagram before it is acted on.

import { APP_METHODS, APP_MIME_TYPE, APP_PROTOCOL_VERSION, SANDBOX_METHOD_PREFIX } from 'mcpwire-ext-apps';
import { CLIENT_REQUESTS, NOTIFICATIONS } from 'mcpwire/protocol';
import type { Tool } from 'mcpwire/protocol';
import { browser, el, pretty } from './dom.js';
import type { DomElement, DomEvent } from './dom.js';
import { api, nextCallId } from './page-api.js';
import { renderBlock } from './result-view.js';

type Json = Record<string, unknown>;

/** The largest bridge message the page accepts from a view, in JSON characters. */
const MAX_MESSAGE_CHARS = 4 * 1024 * 1024;
/** The tallest the page lets a view make its frame. */
const MAX_HEIGHT = 1600;

/** Where the page puts what views say to the user (ui/message). */
export interface AppViewHooks {
  showMessage(from: string, content: unknown): void;
}

let recording: Promise<unknown> = Promise.resolve();

/** Records one bridge message with the inspector, in order; resolves once it is recorded. */
function record(direction: 'to-host' | 'to-app', message: unknown): Promise<unknown> {
  recording = recording.then(() => api('app-message', { direction, message }));
  return recording;
}

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One rendered view of one tool call. */
export class AppView {
  readonly #tool: Tool;
  readonly #args: Record<string, unknown>;
  readonly #hooks: AppViewHooks;
  readonly #sandboxOrigin: string;
  readonly #frame: DomElement;
  readonly #status: DomElement;
  #html: string | undefined;
  #csp: unknown;
  #initialized = false;
  #answer: Json | undefined;
  #resultSent = false;

  constructor(tool: Tool, args: Record<string, unknown>, into: DomElement, hooks: AppViewHooks) {
    this.#tool = tool;
    this.#args = args;
    this.#hooks = hooks;
    this.#sandboxOrigin = browser.document.body.getAttribute('data-sandbox-origin')!;
    this.#status = el('p', { class: 'app-status', 'data-app-status': '' }, 'reading the view…');
    this.#frame = el('iframe', { 'data-app-proxy': '', sandbox: 'allow-scripts allow-same-origin', title: `MCP App of ${tool.name}`, referrerpolicy: 'no-referrer' });
    into.replaceChildren(this.#status, this.#frame);
    browser.addEventListener('message', (event) => { void this.#onMessage(event); });
  }

  /** Reads the view's resource and loads the sandbox proxy with its CSP. */
  async start(uri: string): Promise<void> {
    const answer = await api('read', { uri });
    const contents = isRecord(answer.result) && Array.isArray(answer.result.contents) ? answer.result.contents : [];
    const part = contents.find((content): content is Json => isRecord(content) && typeof content.mimeType === 'string' && content.mimeType.replace(/\s/g, '') === APP_MIME_TYPE);
    if (answer.error || part === undefined) {
      this.#status.textContent = `cannot show the app: ${answer.error ? answer.error.message : `${uri} has no ${APP_MIME_TYPE} contents`}`;
      return;
    }
    this.#html = typeof part.text === 'string' ? part.text : typeof part.blob === 'string' ? decodeBase64(part.blob) : '';
    const ui = isRecord(part._meta) && isRecord(part._meta.ui) ? part._meta.ui : {};
    this.#csp = ui.csp ?? {};
    this.#status.textContent = `${uri}: sandboxed view (opaque origin), CSP from the resource`;
    // The proxy is served under the same token by the same server, on the other origin.
    this.#frame.src = `${this.#sandboxOrigin}${browser.location.pathname}sandbox?csp=${encodeURIComponent(JSON.stringify(this.#csp))}`;
  }

  /** The call's answer: sent to the view as ui/notifications/tool-result once it is initialized and has its input. */
  result(answer: Json): void {
    this.#answer = answer;
    this.#sendResult();
  }

  #send(message: Json): void {
    void record('to-app', message).then(() => this.#frame.contentWindow?.postMessage(message, this.#sandboxOrigin));
  }

  #sendResult(): void {
    if (!this.#initialized || this.#answer === undefined || this.#resultSent) return;
    this.#resultSent = true;
    if (this.#answer.error) {
      this.#send({ jsonrpc: '2.0', method: APP_METHODS.toolCancelled, params: { reason: (this.#answer.error as { message: string }).message } });
    } else {
      this.#send({ jsonrpc: '2.0', method: APP_METHODS.toolResult, params: this.#answer.result });
    }
  }

  async #onMessage(event: DomEvent): Promise<void> {
    // Only what comes from this view's proxy frame, on the sandbox origin.
    if (event.source !== this.#frame.contentWindow || event.origin !== this.#sandboxOrigin) return;
    const message = event.data;
    let size: number;
    try {
      size = JSON.stringify(message).length;
    } catch {
      return;
    }
    if (!isRecord(message) || message.jsonrpc !== '2.0' || size > MAX_MESSAGE_CHARS) return; // apps#mitigations: reject malformed messages
    await record('to-host', message);
    const method = typeof message.method === 'string' ? message.method : undefined;
    const id = message.id;
    if (method === undefined) return; // a response: the page sends the view no requests
    if (method === APP_METHODS.sandboxProxyReady) {
      this.#send({ jsonrpc: '2.0', method: APP_METHODS.sandboxResourceReady, params: { html: this.#html ?? '', csp: this.#csp } });
      return;
    }
    if (method.startsWith(SANDBOX_METHOD_PREFIX)) return;
    if (typeof id !== 'string' && typeof id !== 'number') {
      this.#notification(method, message.params);
      return;
    }
    try {
      this.#send({ jsonrpc: '2.0', id, result: await this.#request(method, isRecord(message.params) ? message.params : {}) });
    } catch (error) {
      const failure = error as { code?: number; message?: string };
      this.#send({ jsonrpc: '2.0', id, error: { code: typeof failure.code === 'number' ? failure.code : -32603, message: failure.message ?? String(error) } });
    }
  }

  #notification(method: string, params: unknown): void {
    if (method === APP_METHODS.initialized) {
      if (this.#initialized) return;
      this.#initialized = true;
      // apps#notifications-host-view: the complete arguments first (MUST), then the result.
      this.#send({ jsonrpc: '2.0', method: APP_METHODS.toolInput, params: { arguments: this.#args } });
      this.#sendResult();
    } else if (method === APP_METHODS.sizeChanged && isRecord(params) && typeof params.height === 'number' && Number.isFinite(params.height)) {
      this.#frame.style.height = `${Math.max(40, Math.min(MAX_HEIGHT, Math.ceil(params.height)))}px`;
    } else if (method === NOTIFICATIONS.message && isRecord(params)) {
      this.#hooks.showMessage(`${this.#tool.name} app log [${String(params.level)}]`, { type: 'text', text: typeof params.data === 'string' ? params.data : pretty(params.data) });
    }
  }

  async #request(method: string, params: Json): Promise<Json> {
    switch (method) {
      case APP_METHODS.initialize: return {
        protocolVersion: APP_PROTOCOL_VERSION,
        hostInfo: { name: 'mcpwire-inspect', version: '0.1.0' },
        hostCapabilities: { serverTools: {}, serverResources: {}, logging: {}, message: { text: {} }, sandbox: { permissions: {}, csp: this.#csp } },
        hostContext: {
          toolInfo: { tool: this.#tool }, theme: 'light', displayMode: 'inline', availableDisplayModes: ['inline'],
          containerDimensions: { maxHeight: MAX_HEIGHT }, platform: 'web', locale: 'en-US',
        },
      };
      case CLIENT_REQUESTS.ping: return {};
      case CLIENT_REQUESTS.toolsCall: {
        // The inspector refuses a tool whose visibility leaves out "app" (caller: app).
        const answer = await api('call', { name: params.name, arguments: isRecord(params.arguments) ? params.arguments : {}, callId: nextCallId('app'), caller: 'app' });
        if (answer.error) throw answer.error;
        return answer.result as Json;
      }
      case CLIENT_REQUESTS.resourcesRead: {
        const answer = await api('read', { uri: params.uri });
        if (answer.error) throw answer.error;
        return answer.result as Json;
      }
      case APP_METHODS.message: {
        // The package's types say content is a list of blocks, the specification's example one block.
        const blocks = Array.isArray(params.content) ? params.content : [params.content];
        for (const block of blocks) this.#hooks.showMessage(`${this.#tool.name} app (ui/message, role ${String(params.role)})`, block);
        return {};
      }
      case APP_METHODS.updateModelContext: return {};
      case APP_METHODS.requestDisplayMode: return { mode: 'inline' };
      default: throw { code: -32601, message: `Method not found: ${method} (the inspector does not offer it to views)` };
    }
  }
}

/** A base64 blob as text (an app's HTML may come as a blob: apps#content-requirements). */
function decodeBase64(data: string): string {
  const binary = atob(data);
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/** A ui/message block for the page's list of what views said. */
export function renderAppMessage(from: string, content: unknown): DomElement {
  return el('div', { class: 'app-message', 'data-app-message': '' }, el('strong', {}, from), renderBlock(content));
}
