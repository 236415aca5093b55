// The base of every transport wrapper (tracing, draining): forwards all of McpTransport to the
// wrapped one, so a wrapper overrides only what it adds and never drops a member. It says what
// the wrapped transport is (kind, capabilities): a tap around stdio is still stdio, and defining
// openStandaloneStream does not make it Streamable HTTP. packages/cli/test/wrapper-contract.test.ts
// lists the members from the McpTransport type and checks each one is forwarded.

import type { JSONRPCMessage, SendOptions, TransportKind } from '../jsonrpc/index.js';
import type { TransportCapabilities } from '../jsonrpc/transport.js';
import type { McpMessageExtra, McpTransport, ParamHeaderSource } from '../protocol/mcp-transport.js';
import type { SessionState } from '../protocol/session-state.js';

/** A transport that forwards everything to `inner`; subclasses override `send` or `receive`. */
export class PassThroughTransport implements McpTransport {
  onmessage?: McpTransport['onmessage'];
  onerror?: McpTransport['onerror'];
  onclose?: McpTransport['onclose'];
  onabort?: McpTransport['onabort'];
  onauthchallenge?: McpTransport['onauthchallenge'];
  onsessionstate?: McpTransport['onsessionstate'];
  protected readonly inner: McpTransport;

  constructor(inner: McpTransport) {
    this.inner = inner;
    inner.onmessage = (message, extra) => this.receive(message, extra);
    inner.onerror = (error) => this.onerror?.(error);
    inner.onclose = (reason) => this.onclose?.(reason);
    inner.onabort = (requestId, reason) => this.onabort?.(requestId, reason);
    inner.onauthchallenge = () => this.onauthchallenge?.();
    inner.onsessionstate = (state) => this.onsessionstate?.(state);
  }

  /** Called for each inbound value; forwards it to `onmessage`. */
  protected receive(message: unknown, extra?: McpMessageExtra): void {
    this.onmessage?.(message, extra);
  }

  get kind(): TransportKind {
    return this.inner.kind;
  }

  get capabilities(): TransportCapabilities {
    return this.inner.capabilities;
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: SendOptions): Promise<void> {
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  setReading(reading: boolean): void {
    this.inner.setReading?.(reading);
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  openStandaloneStream(): Promise<boolean> {
    return this.inner.openStandaloneStream ? this.inner.openStandaloneStream() : Promise.resolve(false);
  }

  setParamHeaders(source: ParamHeaderSource): void {
    this.inner.setParamHeaders?.(source);
  }

  setMcpNames(names: Readonly<Record<string, string>>): void {
    this.inner.setMcpNames?.(names);
  }

  setMaxMessageBytes(bytes: number): void {
    this.inner.setMaxMessageBytes?.(bytes);
  }

  saveSessionState(state: SessionState): void {
    this.inner.saveSessionState?.(state);
  }
}
