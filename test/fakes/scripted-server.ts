// A transport whose far side answers each request with `answer(method, params)`, on the next
// microtask, and records what was sent (CapturedTransport): a server scripted in one function.

import type { JSONRPCMessage } from '../../src/jsonrpc/index.js';
import { CapturedTransport } from './captured-transport.js';

export class ScriptedServer extends CapturedTransport {
  /** Told the negotiated revision, as a Streamable HTTP client would be (a test may set it to watch). */
  setProtocolVersion?: (version: string) => void;
  answer: (method: string, params: any) => object;
  constructor(answer: (method: string, params: any) => object) {
    super();
    this.answer = answer;
  }
  override async send(message: JSONRPCMessage): Promise<void> {
    await super.send(message);
    if ('method' in message && 'id' in message) {
      const result = this.answer(message.method, message.params);
      queueMicrotask(() => this.receive({ jsonrpc: '2.0', id: message.id, result }));
    }
  }
}
