// Where each spec method is handled, one grep finds it: every place in src/ that registers a handler
// (setRequestHandler, setNotificationHandler, onRequest, the server's handler table) or routes a method
// by comparing it (the MessageRouter files) names the method as a string literal, and that literal is
// one of the spec's method names (src/protocol/methods.ts), so a typo cannot hide behind `string`.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CLIENT_REQUESTS, NOTIFICATIONS, SERVER_REQUESTS } from '../src/protocol/methods.js';
import { sourceTexts } from './src-files.js';

/** The generic pass-throughs: they forward a caller's method, whatever it is. */
const PASS_THROUGH = [
  'server/tool-server.ts: this.#handlers.set(method',
  'protocol/mcp-peer.ts: this.peer.setRequestHandler(method',
  'client/mcp-client.ts: this.mcp.onRequest(method',
  'client/mcp-client.ts: this.mcp.peer.setNotificationHandler(method',
];

/** The files that route methods by comparing them (MessageRouter implementations and the stateless dispatcher). */
const ROUTERS = ['server/server-connection.ts', 'protocol/mcp-peer.ts', 'server/stateless-dispatch.ts'];

const REQUESTS_TO_SERVER = new Set<string>(Object.values(CLIENT_REQUESTS));
const REQUESTS_TO_CLIENT = new Set<string>(Object.values(SERVER_REQUESTS));
const NOTIFICATION_NAMES = new Set<string>(Object.values(NOTIFICATIONS));

/** Which spec names a method registered or routed in `file` may be: requests to this side, or notifications. */
function knownNames(file: string, notification: boolean): ReadonlySet<string> {
  if (notification) return NOTIFICATION_NAMES;
  return file.startsWith('client/') ? REQUESTS_TO_CLIENT : REQUESTS_TO_SERVER;
}

/** Each registration or routing of a method that is not a spec name written as a literal, as `file:line: call`. */
export function unnamedMethods(files: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [file, code] of Object.entries(files)) {
    const lines = code.split('\n');
    lines.forEach((line, index) => {
      if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
      const where = `${file}:${index + 1}`;
      const calls = /(?<![\w#])((?:[\w.#]+\.)?(setRequestHandler|setNotificationHandler|onRequest)|this\.#handlers\.set)\(\s*([^,)]*)/g;
      for (const match of line.matchAll(calls)) {
        const [, call, name, argument] = match as unknown as [string, string, string | undefined, string];
        if (/^\w+\s*:/.test(argument)) continue; // the declaration of the method itself: `setRequestHandler(method: string, …)`
        if (PASS_THROUGH.includes(`${file}: ${call}(${argument}`)) continue;
        check(where, `${call}(${argument}`, argument, knownNames(file, name === 'setNotificationHandler'));
      }
      if (!ROUTERS.includes(file)) return;
      for (const match of line.matchAll(/\bmethod\s*[!=]==\s*([^\s)&|;?]+)/g)) {
        const argument = match[1]!;
        check(where, match[0], argument, knownNames(file, /notification/i.test(argument) || argument.startsWith("'notifications/")));
      }
    });
  }
  return found;

  function check(where: string, text: string, argument: string, known: ReadonlySet<string>): void {
    const literal = /^'([^']*)'$/.exec(argument.trim());
    if (!literal) found.push(`${where}: ${text} (not a string literal)`);
    else if (!known.has(literal[1]!)) found.push(`${where}: ${text} (not a spec method name)`);
  }
}

test('every handler registration and method route in src/ names a spec method as a string literal', () => {
  assert.deepStrictEqual(unnamedMethods(sourceTexts()), []);
});

test('the literal check catches a constant, a typo and a request registered on the wrong side', () => {
  assert.deepStrictEqual(unnamedMethods({
    'server/x.ts': [
      "this.setRequestHandler(CLIENT_REQUESTS.toolsList, (params) => list(params));",
      "this.setRequestHandler('tools/lsit', (params) => list(params));",
      "this.setRequestHandler('tools/list', (params) => list(params));",
      '  setRequestHandler(method: string, handler: ServerRequestHandler): void {',
      "// this.setRequestHandler(NAME, handler) in a comment",
    ].join('\n'),
    'client/y.ts': [
      "mcp.onRequest('tools/call', handler);",
      "peer.setNotificationHandler(NOTIFICATIONS.message, handler);",
      "peer.setNotificationHandler('notifications/message', handler);",
      'this.mcp.onRequest(method, handler);',
    ].join('\n'),
    'server/server-connection.ts': "if (method === CLIENT_REQUESTS.ping) return {};\nif (method === 'ping') return {};",
  }), [
    'server/x.ts:1: this.setRequestHandler(CLIENT_REQUESTS.toolsList (not a string literal)',
    "server/x.ts:2: this.setRequestHandler('tools/lsit' (not a spec method name)",
    "client/y.ts:1: mcp.onRequest('tools/call' (not a spec method name)",
    'client/y.ts:2: peer.setNotificationHandler(NOTIFICATIONS.message (not a string literal)',
    'client/y.ts:4: this.mcp.onRequest(method (not a string literal)',
    'server/server-connection.ts:1: method === CLIENT_REQUESTS.ping (not a string literal)',
  ]);
});
