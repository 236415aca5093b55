// Which tool doctor calls unasked (doctor-first-call.ts): only the one readOnlyHint tool that needs
// no arguments; otherwise none, and the step says why.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Tool } from 'mcpwire/protocol';
import { chooseFirstCall } from '../src/doctor-first-call.js';

const tool = (name: string, readOnlyHint?: boolean, required: string[] = []): Tool => ({
  name, inputSchema: { type: 'object', ...(required.length ? { required } : {}) }, ...(readOnlyHint === undefined ? {} : { annotations: { readOnlyHint } }),
});

test('the one readOnlyHint tool without required arguments is called; nothing else is, and the reason is given', () => {
  assert.deepStrictEqual(chooseFirstCall([tool('write', false), tool('get'), tool('cities', true), tool('weather', true, ['city'])]), {
    call: 'cities', why: 'cities is the one tool marked readOnlyHint (the server\'s claim, not a guarantee) that needs no arguments',
  });
  assert.deepStrictEqual(chooseFirstCall([tool('write', false), tool('get')]), {
    skip: 'no tool is marked readOnlyHint, so none is called unasked: read each tool\'s description and inputSchema (mcpwire list --schema), then --call NAME [--args …]',
  });
  assert.deepStrictEqual(chooseFirstCall([tool('read', true), tool('peek', true), tool('write', false)]), {
    skip: '2 tools marked readOnlyHint need no arguments (read, peek): no obvious first one; choose with --call NAME',
  });
  assert.deepStrictEqual(chooseFirstCall([tool('add', true, ['a', 'b']), tool('weather', true, ['city']), tool('reset', false)]), {
    skip: 'every tool marked readOnlyHint needs arguments (add needs a, b; weather needs city): call one with --call NAME --args …',
  });
});
