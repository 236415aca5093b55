// The README and docs/library.md state which revision a client speaks by default: the library's
// (DEFAULT_ERA, what McpClient.connect() does without `era`) and the CLI's (`--era` left out).
// Both statements are read out of the documents and compared with the code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_ERA } from '../../src/client/era-open.js';
import { ERA_CHOICES, McpClient } from '../../src/client/index.js';
import { eraOption, parseArgs } from '../../packages/cli/src/args.js';
import { McpServer } from '../../src/server/index.js';
import { createLinkedPair } from '../../src/transport/in-memory.js';
import { REPO } from '../package/built-package.js';

const README = readFileSync(join(REPO, 'README.md'), 'utf8').replace(/\s+/g, ' ');
const LIBRARY = readFileSync(join(REPO, 'docs/library.md'), 'utf8').replace(/\s+/g, ' ');

const cliDefault = eraOption(parseArgs([], ['--era']));

test('the README states the CLI default and the library default, each as the code has it', () => {
  assert.deepStrictEqual({
    cli: /The `mcpwire` commands default to `--era ([\w-]+)`/.exec(README)?.[1],
    library: /`McpClient\.connect\(\)` defaults to `era: '([\w-]+)'`/.exec(README)?.[1],
  }, { cli: cliDefault, library: DEFAULT_ERA });
});

test('docs/library.md names the option, each of its values, which one is the default, and the CLI default', () => {
  const section = LIBRARY.slice(LIBRARY.indexOf('## Which revision a client speaks'), LIBRARY.indexOf('## Typed tools'));
  assert.ok(section.includes('`McpClient.connect(transport, { era })`'), 'the option is named');
  const listed = [...readFileSync(join(REPO, 'docs/library.md'), 'utf8').matchAll(/^- `era: '([\w-]+)'`( \(the default\))?/gm)].map((m) => ({ value: m[1], isDefault: m[2] !== undefined }));
  assert.deepStrictEqual(
    [...listed].sort((a, b) => String(a.value).localeCompare(String(b.value))),
    [...ERA_CHOICES].sort().map((value) => ({ value, isDefault: value === DEFAULT_ERA })),
  );
  assert.equal(/The `mcpwire` commands default to `--era ([\w-]+)`/.exec(section)?.[1], cliDefault);
});

test('without `era`, McpClient.connect() speaks DEFAULT_ERA, even to a server that speaks both', async () => {
  const [clientSide, serverSide] = createLinkedPair();
  const server = new McpServer({ name: 'both', version: '1.0.0' });
  await server.connect(serverSide);
  const client = await McpClient.connect(clientSide);
  try {
    assert.deepStrictEqual({ era: client.era, protocolVersion: client.protocolVersion, eraReason: client.eraReason },
      { era: 'handshake', protocolVersion: DEFAULT_ERA, eraReason: `pinned to ${DEFAULT_ERA}: initialize` });
  } finally {
    await client.close();
    await server.close();
  }
});
