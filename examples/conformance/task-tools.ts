// The Tasks extension's test tools (SEP-2663), as the conformance suite's tasks-* scenarios name
// them, installed on the everything server with `registerTaskTools(server)`.

import { INTERNAL_ERROR, ProtocolError } from '../../src/jsonrpc/index.js';
import type { McpServer } from '../../src/server/index.js';
import { tasksExtension } from 'mcpwire-ext-tasks';

const NO_ARGUMENTS = { type: 'object' as const, properties: {} };

/** Resolves after `ms`, or rejects when `signal` fires first. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) { reject(signal.reason); return; }
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => { clearTimeout(timer); reject(signal.reason); }, { once: true });
  });
}

const CONFIRM = { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] } as const;

export function registerTaskTools(server: McpServer): void {
  server.tool({ name: 'greet', description: 'Greets by name (sync only)', inputSchema: { type: 'object', properties: { name: { type: 'string' } } } },
    ({ name }) => ({ content: [{ type: 'text', text: `Hello, ${String(name)}!` }] }));
  server.tool({
    name: 'slow_compute', description: 'Sleeps `seconds` then answers (task-supporting)', execution: { taskSupport: 'optional' },
    inputSchema: { type: 'object', properties: { seconds: { type: 'number' }, label: { type: 'string' } } },
  }, async ({ seconds, label }, context) => {
    // A second at a time, each one a progress message (a task's statusMessage); a cancelled task stops at once.
    const total = Math.min(Number(seconds) || 0, 600);
    for (let done = 0; done < total;) {
      const step = Math.min(1, total - done);
      await sleep(step * 1000, context.signal);
      done += step;
      await context.sendProgress({ progress: done, total, message: `computed ${done} of ${total} s` });
    }
    return { content: [{ type: 'text', text: `Computed ${String(label ?? '')} after ${Number(seconds) || 0}s` }] };
  });
  server.tool({ name: 'failing_job', description: 'Fails as a tool error after about a second (task required)', inputSchema: NO_ARGUMENTS, execution: { taskSupport: 'required' } },
    async (_args, context) => {
      await sleep(1000, context.signal);
      return { content: [{ type: 'text', text: 'The job failed' }], isError: true };
    });
  server.tool({ name: 'protocol_error_job', description: 'Fails with a protocol error (task-supporting)', inputSchema: NO_ARGUMENTS, execution: { taskSupport: 'optional' } },
    () => { throw new ProtocolError(INTERNAL_ERROR, 'protocol_error_job: internal failure'); });
  server.tool({
    name: 'confirm_delete', description: 'Asks to confirm, then deletes (task-supporting)', execution: { taskSupport: 'optional' },
    inputSchema: { type: 'object', properties: { filename: { type: 'string' } } },
  }, async ({ filename }, context) => {
    const answer = await context.elicit({ message: `Delete ${String(filename)}?`, requestedSchema: CONFIRM } as never, { key: 'confirm' });
    const yes = answer.action === 'accept' && answer.content?.confirm === true;
    return { content: [{ type: 'text', text: yes ? `Deleted ${String(filename)}` : `Kept ${String(filename)}` }] };
  });
  server.tool({ name: 'multi_input', description: 'Asks two questions at once (task-supporting)', inputSchema: NO_ARGUMENTS, execution: { taskSupport: 'optional' } },
    async (_args, context) => {
      const [a, b] = await Promise.all([
        context.elicit({ message: 'First?', requestedSchema: CONFIRM } as never, { key: 'first' }),
        context.elicit({ message: 'Second?', requestedSchema: CONFIRM } as never, { key: 'second' }),
      ]);
      return { content: [{ type: 'text', text: `Answers: ${a.action}, ${b.action}` }] };
    });
  // Each tool's task support is on its definition (execution.taskSupport); a task's changes reach listen streams.
  const tasks = tasksExtension();
  // tasks-mrtr-composition: the name is asked by an MRTR round first; the answered call becomes a task.
  server.tool({ name: 'test_tool_with_task', description: 'Asks a name (MRTR), then greets in a task', inputSchema: NO_ARGUMENTS },
    async (_args, context) => {
      const answer = await context.elicit({
        message: 'Your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      } as never, { key: 'name' });
      const name = String(answer.content?.name ?? 'stranger');
      return await tasks.runAsTask(context, async () => ({ content: [{ type: 'text', text: `Hello, ${name}!` }] })) as never;
    });
  server.extension(tasks);
}
