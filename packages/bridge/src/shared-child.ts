// `mcpwire bridge --port N --shared-child -- command`: one server process for every HTTP session.
// A stdio server believes it has one client, so the sessions' messages are multiplexed onto its pipe:
// - Ids. Two sessions may both send id 1, and the server's answers carry only the id (JSON-RPC 2.0
//   §5), so every host request goes to the server under a number of the bridge's own, and its answer
//   comes back to the session that asked, under that session's id. A progress token is renumbered
//   the same way (basic/utilities/progress: tokens MUST be unique across active requests), and so is
//   the request a notifications/cancelled names (basic/utilities/cancellation).
// - The server's own requests (sampling, elicitation, roots/list, ping) keep its ids, which it makes
//   unique; each goes to the session of the newest host request still open (a stdio server sends its
//   requests while it handles one), else to the newest session, and only that session's answer is
//   passed back. A session that ends first leaves them answered -32603, so the server waits for nothing.
// - initialize happens once (basic/lifecycle#initialization): the first session's goes to the server;
//   every later session is answered the server's first answer, and only the first
//   notifications/initialized is passed on. The server so sees the first client's capabilities only.
// - The server's notifications: progress goes to the session whose request it names; a list change or
//   a resources/updated goes to every session; the rest (logging) with the newest open request, else
//   to every session.
// Each session still has its own Relay (relay-servable.ts): the relay talks to a SharedChildPort, one
// per session, as it would to a server process of its own.

import { ConnectionClosedError, INTERNAL_ERROR } from 'mcpwire/jsonrpc';
import type { JSONRPCMessage, RequestId } from 'mcpwire/jsonrpc';
import { CLIENT_REQUESTS, NOTIFICATIONS } from 'mcpwire/protocol';
import type { McpTransport } from 'mcpwire/protocol';
import { SharedChildPort } from './shared-child-port.js';
import type { PortOwner } from './shared-child-port.js';

interface Fields {
  id?: unknown;
  method?: unknown;
  params?: { _meta?: { progressToken?: unknown }; progressToken?: unknown; requestId?: unknown };
  result?: unknown;
  error?: unknown;
}

/** A host request the server has not answered: the port that sent it, its own id and progress token. */
interface Open { port: SharedChildPort; id: RequestId; token: unknown }

/** Notifications about the server as a whole: every session hears them. */
const FOR_EVERY_SESSION: ReadonlySet<unknown> = new Set([
  NOTIFICATIONS.toolsListChanged, NOTIFICATIONS.resourcesListChanged, NOTIFICATIONS.promptsListChanged, NOTIFICATIONS.resourceUpdated,
]);

/** One server process shared by many sessions; `port()` is what each session's Relay talks to. */
export class SharedChild implements PortOwner {
  readonly #startServer: () => McpTransport;
  #server: McpTransport | undefined;
  #starting: Promise<McpTransport> | undefined;
  readonly #ports = new Set<SharedChildPort>();
  /** Host requests the server has not answered, by the id the server saw, oldest first. */
  readonly #open = new Map<number, Open>();
  /** Requests whose session ended: their late answers are dropped, expected. */
  readonly #abandoned = new Set<number>();
  #lastId = 0;
  /** The server's requests not yet answered, by its id, with the port that must answer. */
  readonly #asked = new Map<RequestId, SharedChildPort>();
  /** The server's initialize answer, once it came; before that, the sessions waiting for it. */
  #initialized: { result: unknown } | undefined;
  #initializing: { id: number; waiting: Array<{ port: SharedChildPort; id: RequestId }> } | undefined;
  #initializedSent = false;
  /** Ports whose host side cannot take more now: the server's output is not read meanwhile. */
  readonly #paused = new Set<SharedChildPort>();
  readonly #onproblem: (text: string) => void;

  constructor(startServer: () => McpTransport, onproblem: (text: string) => void = () => undefined) {
    this.#startServer = startServer;
    this.#onproblem = onproblem;
  }

  /** A new session's side: starting it starts the server if none runs. */
  port(): McpTransport {
    return new SharedChildPort(this);
  }

  /** Ends the server process (the bridge stops); every port closes with it. */
  async close(): Promise<void> {
    await this.#server?.close();
  }

  async attach(port: SharedChildPort): Promise<void> {
    this.#ports.add(port);
    try {
      await (this.#starting ??= this.#start());
    } catch (error) {
      this.#ports.delete(port);
      throw error;
    }
  }

  async #start(): Promise<McpTransport> {
    const server = this.#startServer();
    server.onmessage = (message) => this.#fromServer(message);
    server.onerror = (error) => this.#onproblem(`from the server: ${error.message}`);
    server.onclose = (reason) => this.#serverEnded(server, reason);
    try {
      await server.start();
    } catch (error) {
      this.#starting = undefined;
      throw error;
    }
    this.#server = server;
    return server;
  }

  /** A message the host of `port` sent. Rejects as the server's pipe does, so the relay answers a request that did not go. */
  fromPort(port: SharedChildPort, message: JSONRPCMessage): Promise<void> {
    const fields = message as Fields;
    if (typeof fields.method !== 'string') return this.#answerFromPort(port, message, fields);
    if (isId(fields.id)) {
      if (fields.method === CLIENT_REQUESTS.initialize && this.#initialized !== undefined) {
        port.ready = true;
        port.deliver({ jsonrpc: '2.0', id: fields.id, result: this.#initialized.result });
        return Promise.resolve();
      }
      if (fields.method === CLIENT_REQUESTS.initialize && this.#initializing !== undefined) {
        this.#initializing.waiting.push({ port, id: fields.id });
        return Promise.resolve();
      }
      return this.#request(port, message, fields, fields.id);
    }
    if (fields.method === NOTIFICATIONS.initialized) {
      if (this.#initializedSent) return Promise.resolve(); // the server was initialized once, by the first session
      this.#initializedSent = true;
    }
    if (fields.method === NOTIFICATIONS.cancelled) {
      const id = port.sent.get(fields.params?.requestId as RequestId);
      if (id === undefined) return Promise.resolve(); // answered already, or never sent: nothing to cancel
      return this.#send({ ...message, params: { ...fields.params, requestId: id } } as JSONRPCMessage);
    }
    return this.#send(message);
  }

  #request(port: SharedChildPort, message: JSONRPCMessage, fields: Fields, hostId: RequestId): Promise<void> {
    const id = ++this.#lastId;
    const token = fields.params?._meta?.progressToken;
    const renumbered = token === undefined
      ? { ...message, id }
      : { ...message, id, params: { ...fields.params, _meta: { ...fields.params!._meta, progressToken: id } } };
    this.#open.set(id, { port, id: hostId, token });
    port.sent.set(hostId, id);
    if (fields.method === CLIENT_REQUESTS.initialize) this.#initializing = { id, waiting: [] };
    return this.#send(renumbered as JSONRPCMessage).catch((error: unknown) => {
      this.#forget(id);
      if (this.#initializing?.id === id) this.#initializing = undefined;
      throw error;
    });
  }

  /** The host's answer to a request of the server's: passed on only from the session it was asked of. */
  #answerFromPort(port: SharedChildPort, message: JSONRPCMessage, fields: Fields): Promise<void> {
    if (!isId(fields.id) || this.#asked.get(fields.id) !== port) {
      return Promise.reject(new Error(`an answer to no request the server sent this session (id ${JSON.stringify(fields.id ?? null)})`));
    }
    this.#asked.delete(fields.id);
    return this.#send(message);
  }

  #fromServer(message: unknown): void {
    const fields = (typeof message === 'object' && message !== null ? message : {}) as Fields;
    if (fields.method === undefined) return this.#answer(message as JSONRPCMessage, fields);
    if (typeof fields.method !== 'string') return this.#onproblem(`from the server: a message with no string method, not passed on: ${JSON.stringify(message)}`);
    if (isId(fields.id)) {
      const port = this.#newestOpen()?.port ?? [...this.#ports].filter((each) => each.ready).at(-1);
      if (port === undefined) {
        void this.#send({ jsonrpc: '2.0', id: fields.id, error: { code: INTERNAL_ERROR, message: 'mcpwire bridge: no client session is connected to answer this request' } }).catch(() => undefined);
        return;
      }
      this.#asked.set(fields.id, port);
      port.deliver(message);
      return;
    }
    if (fields.method === NOTIFICATIONS.progress) {
      const open = typeof fields.params?.progressToken === 'number' ? this.#open.get(fields.params.progressToken) : undefined;
      if (open === undefined || open.token === undefined) return; // its request was answered or abandoned
      open.port.deliver({ ...message as object, params: { ...fields.params, progressToken: open.token } });
      return;
    }
    if (fields.method === NOTIFICATIONS.cancelled) {
      const port = this.#asked.get(fields.params?.requestId as RequestId);
      this.#asked.delete(fields.params?.requestId as RequestId);
      port?.deliver(message);
      return;
    }
    const newest = FOR_EVERY_SESSION.has(fields.method) ? undefined : this.#newestOpen();
    if (newest !== undefined) return newest.port.deliver(message);
    const ready = [...this.#ports].filter((port) => port.ready);
    if (ready.length === 0) return this.#onproblem(`from the server: ${fields.method} while no session is initialized, not passed on`);
    for (const port of ready) port.deliver(message);
  }

  /** The server's answer to a host request: back to the session that asked, under its own id. */
  #answer(message: JSONRPCMessage, fields: Fields): void {
    const id = fields.id as number;
    const open = this.#open.get(id);
    this.#forget(id);
    const initializing = this.#initializing;
    if (initializing?.id === id) {
      this.#initializing = undefined;
      const ok = fields.result !== undefined;
      if (ok) this.#initialized = { result: fields.result };
      if (open !== undefined) open.port.ready = ok;
      // The sessions that waited get the same answer (an error too: each may then try again).
      for (const waiting of initializing.waiting) {
        waiting.port.ready = ok;
        waiting.port.deliver({ ...message, id: waiting.id } as JSONRPCMessage);
      }
    }
    if (open !== undefined) return open.port.deliver({ ...message, id: open.id } as JSONRPCMessage);
    if (this.#abandoned.delete(id)) return;
    this.#onproblem(`from the server: an answer to no open request (id ${JSON.stringify(fields.id ?? null)}), not passed on`);
  }

  #newestOpen(): Open | undefined {
    let newest: Open | undefined;
    for (const open of this.#open.values()) newest = open;
    return newest;
  }

  #forget(id: number): void {
    const open = this.#open.get(id);
    if (open === undefined) return;
    this.#open.delete(id);
    open.port.sent.delete(open.id);
  }

  #send(message: JSONRPCMessage): Promise<void> {
    if (this.#server === undefined) return Promise.reject(new ConnectionClosedError('the server process is not running'));
    return this.#server.send(message);
  }

  /** A session ended: the server stops what it did for it, and gets an answer to what it asked it. */
  detach(port: SharedChildPort): void {
    if (!this.#ports.delete(port)) return;
    this.setReading(port, true);
    for (const [id, open] of [...this.#open]) {
      if (open.port !== port) continue;
      this.#forget(id);
      this.#abandoned.add(id);
      void this.#send({ jsonrpc: '2.0', method: NOTIFICATIONS.cancelled, params: { requestId: id, reason: 'the client\'s session ended' } }).catch(() => undefined);
    }
    for (const [id, asked] of [...this.#asked]) {
      if (asked !== port) continue;
      this.#asked.delete(id);
      void this.#send({ jsonrpc: '2.0', id, error: { code: INTERNAL_ERROR, message: 'mcpwire bridge: the client\'s session ended before it answered' } }).catch(() => undefined);
    }
    if (this.#initializing) this.#initializing.waiting = this.#initializing.waiting.filter((waiting) => waiting.port !== port);
  }

  /** Backpressure: while any session cannot take more, the server's output is not read. */
  setReading(port: SharedChildPort, reading: boolean): void {
    const before = this.#paused.size;
    if (reading) this.#paused.delete(port); else if (this.#ports.has(port)) this.#paused.add(port);
    if ((before === 0) !== (this.#paused.size === 0)) this.#server?.setReading?.(this.#paused.size === 0);
  }

  #serverEnded(server: McpTransport, reason: Error | undefined): void {
    if (this.#server !== server && this.#starting === undefined) return;
    this.#server = undefined;
    this.#starting = undefined;
    this.#initialized = undefined;
    this.#initializing = undefined;
    this.#initializedSent = false;
    this.#open.clear();
    this.#abandoned.clear();
    this.#asked.clear();
    this.#paused.clear();
    const ports = [...this.#ports];
    this.#ports.clear();
    for (const port of ports) port.serverEnded(reason);
  }
}

function isId(value: unknown): value is RequestId {
  return typeof value === 'string' || typeof value === 'number';
}
