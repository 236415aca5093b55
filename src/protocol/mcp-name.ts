// Which body field the `Mcp-Name` header of a 2026-07-28 HTTP request repeats
// (26/basic/transports/streamable-http#custom-headers): the client writes the header from it and
// the server checks the header against it, so the rule is written once, here.

import type { Params } from '../jsonrpc/index.js';
import { TASKS_METHODS } from './tasks-extension.js';

/** The body value `Mcp-Name` repeats: `params.name` of tools/call and prompts/get, `params.uri` of resources/read, `params.taskId` of tasks/get, tasks/update and tasks/cancel; undefined for any other method. */
export function mcpNameOf(method: string, params: Params | undefined): unknown {
  if (method === 'tools/call' || method === 'prompts/get') return params?.name;
  if (method === 'resources/read') return params?.uri;
  // SEP-2663 (Streamable HTTP: Routing Headers): the Tasks extension's methods carry the task id.
  if (method === TASKS_METHODS.get || method === TASKS_METHODS.update || method === TASKS_METHODS.cancel) return params?.taskId;
  return undefined;
}
