// `mcpwire registry search|show|add` against a loopback fake of the MCP Registry's v0.1 API
// (test/fixtures/fake-registry.ts), the configs it writes read back by `config lint` and
// `doctor --config`, and malformed registry data that must never become a config entry.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { readConfigText } from '../src/config-dialects.js';
import { writeEntry } from '../src/config-write.js';
import { main } from '../src/main.js';
import { DIALECTS } from '../src/registry-entry.js';
import { captureIo, fixture, startHttpServer } from './cli-harness.js';
import { sampleEntries, startFakeRegistry } from '../../../test/fixtures/fake-registry.js';
import type { FakeRegistry } from '../../../test/fixtures/fake-registry.js';

let registry: FakeRegistry;
let showcase: { url: string; stop: () => Promise<void> };
const dir = mkdtempSync(join(tmpdir(), 'mcpwire-registry-'));
const SHOWCASE = fixture('cli-showcase-server.ts');

before(async () => {
  showcase = await startHttpServer(SHOWCASE, ['--http']);
  registry = await startFakeRegistry(sampleEntries(showcase.url));
});
after(async () => {
  await registry.close();
  await showcase.stop();
});

async function run(argv: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const io = captureIo({ env, cwd: dir });
  const code = await main(argv, io);
  return { code, stdout: io.out(), stderr: io.err() };
}

const reg = (...words: string[]): string[] => ['registry', ...words, '--registry', registry.url];

test('search follows the cursor across three pages up to --limit, latest versions only', async () => {
  registry.requests.length = 0;
  const { code, stdout } = await run(reg('search', '--limit', '25', '--json'));
  assert.equal(code, 0);
  const body = JSON.parse(stdout) as { servers: { name: string }[]; more: boolean };
  assert.deepStrictEqual([body.servers.length, body.servers[0]!.name, body.servers[24]!.name, body.more], [25, 'io.github.acme/weather', 'io.github.filler/tool-19', true]);
  assert.deepStrictEqual(registry.requests, [
    '/v0.1/servers?version=latest&limit=25',
    '/v0.1/servers?version=latest&cursor=io.github.filler%2Ftool-04&limit=15',
    '/v0.1/servers?version=latest&cursor=io.github.filler%2Ftool-14&limit=5',
  ]);
  assert.deepStrictEqual(await run(reg('search', 'acme')), {
    code: 0, stderr: '',
    stdout: 'io.github.acme/weather  2.1.0     Forecasts and alerts from OpenWeatherMap\nio.github.acme/notes    1.2.0     Notes, with search\n\n2 servers; details: mcpwire registry show NAME\n',
  });
});

test('show: repository, versions, each package with its command and the variables it needs, secrets marked', async () => {
  assert.deepStrictEqual(await run(reg('show', 'io.github.acme/weather')), { code: 0, stderr: '', stdout: `name        io.github.acme/weather
title       Weather
version     2.1.0 (latest)
description Forecasts and alerts from OpenWeatherMap
repository  https://github.com/acme/weather-mcp
package 1   npm @acme/weather-mcp 2.1.0, transport stdio
              runs      npx -y -- @acme/weather-mcp@2.1.0
              env       OPENWEATHER_API_KEY (secret, required): Your OpenWeatherMap API key
              env       WEATHER_UNITS (optional, left out of the entry): metric or imperial

add it: mcpwire registry add io.github.acme/weather --config FILE
` });
  const old = await run(reg('show', 'io.github.acme/notes', '--version', '1.0.0'));
  assert.deepStrictEqual(old.stdout.split('\n').slice(0, 3), ['name        io.github.acme/notes', 'version     1.0.0; versions: 1.2.0, 1.1.0, 1.0.0', 'description Notes, first release']);
  const pypi = await run(reg('show', 'io.github.pyco/sqlite-explorer'));
  assert.deepStrictEqual(pypi.stdout.split('\n').slice(4, 7), [
    'package 1   pypi sqlite-explorer-mcp 0.4.2, transport stdio, runtime hint uvx',
    "              runs      uvx sqlite-explorer-mcp==0.4.2 '--db-path=${DB_PATH}'",
    '              argument  DB_PATH (required): The SQLite file to open',
  ]);
  const remote = await run(reg('show', 'io.mcpwire.test/showcase-remote'));
  assert.deepStrictEqual(remote.stdout.split('\n').slice(3, 7), [
    'repository  https://github.com/mcpwire/mcpwire (test/fixtures)',
    `remote 1    streamable-http ${showcase.url}`,
    '              header    X_API_KEY (secret, required): sent as X-Api-Key: ${X_API_KEY}; Your showcase key',
    '',
  ]);
  const missing = await run(reg('show', 'io.github.nobody/none'));
  assert.deepStrictEqual(missing, { code: 3, stdout: '', stderr: 'mcpwire: the registry answered GET /v0.1/servers/io.github.nobody%2Fnone/versions/latest with HTTP 404: Server not found\n' });
});

/** What each dialect writes for the npm package (stdio) and the two remotes. */
const WRITTEN: Record<string, { weather: unknown; remote: (url: string) => unknown; issues: unknown; section: string }> = {
  'claude-desktop': { section: 'mcpServers', weather: { command: 'npx', args: ['-y', '--', '@acme/weather-mcp@2.1.0'], env: { OPENWEATHER_API_KEY: '${OPENWEATHER_API_KEY}' } }, remote: (url) => ({ type: 'http', url, headers: { 'X-Api-Key': '${X_API_KEY}' } }), issues: { type: 'sse', url: 'https://mcp.linear-like.dev/sse' } },
  'claude-code': { section: 'mcpServers', weather: { type: 'stdio', command: 'npx', args: ['-y', '--', '@acme/weather-mcp@2.1.0'], env: { OPENWEATHER_API_KEY: '${OPENWEATHER_API_KEY}' } }, remote: (url) => ({ type: 'http', url, headers: { 'X-Api-Key': '${X_API_KEY}' } }), issues: { type: 'sse', url: 'https://mcp.linear-like.dev/sse' } },
  vscode: { section: 'servers', weather: { type: 'stdio', command: 'npx', args: ['-y', '--', '@acme/weather-mcp@2.1.0'], env: { OPENWEATHER_API_KEY: '${env:OPENWEATHER_API_KEY}' } }, remote: (url) => ({ type: 'http', url, headers: { 'X-Api-Key': '${env:X_API_KEY}' } }), issues: { type: 'sse', url: 'https://mcp.linear-like.dev/sse' } },
  cursor: { section: 'mcpServers', weather: { command: 'npx', args: ['-y', '--', '@acme/weather-mcp@2.1.0'], env: { OPENWEATHER_API_KEY: '${env:OPENWEATHER_API_KEY}' } }, remote: (url) => ({ url, headers: { 'X-Api-Key': '${env:X_API_KEY}' } }), issues: { url: 'https://mcp.linear-like.dev/sse' } },
  cline: { section: 'mcpServers', weather: { command: 'npx', args: ['-y', '--', '@acme/weather-mcp@2.1.0'], env: { OPENWEATHER_API_KEY: '${OPENWEATHER_API_KEY}' } }, remote: (url) => ({ type: 'streamableHttp', url, headers: { 'X-Api-Key': '${X_API_KEY}' } }), issues: { type: 'sse', url: 'https://mcp.linear-like.dev/sse' } },
  gemini: { section: 'mcpServers', weather: { command: 'npx', args: ['-y', '--', '@acme/weather-mcp@2.1.0'], env: { OPENWEATHER_API_KEY: '${OPENWEATHER_API_KEY}' } }, remote: (url) => ({ httpUrl: url, headers: { 'X-Api-Key': '${X_API_KEY}' } }), issues: { url: 'https://mcp.linear-like.dev/sse' } },
  modelscope: { section: 'mcpServers', weather: { command: 'npx', args: ['-y', '--', '@acme/weather-mcp@2.1.0'], env: { OPENWEATHER_API_KEY: '${OPENWEATHER_API_KEY}' } }, remote: (url) => ({ type: 'streamable_http', url, headers: { 'X-Api-Key': '${X_API_KEY}' } }), issues: { type: 'sse', url: 'https://mcp.linear-like.dev/sse' } },
};

test('add over every dialect: the entries each host reads, config lint finds no error, doctor --config passes', async () => {
  assert.deepStrictEqual(Object.keys(WRITTEN), [...DIALECTS]);
  for (const dialect of DIALECTS) {
    const file = `${dialect}.json`;
    for (const name of ['io.github.acme/weather', 'io.mcpwire.test/showcase-remote', 'io.github.linear-like/issues']) {
      const result = await run(reg('add', name, '--config', file, '--dialect', dialect));
      assert.equal(result.code, 0, `${dialect} ${name}: ${result.stderr}`);
      assert.match(result.stdout, /\nA registry listing is not a review: the registry stores metadata, hosts no code and vouches for no tool\.\n/);
      assert.ok(result.stdout.endsWith(`\nnext: mcpwire doctor --config ${file} ${name.split('/')[1]}\n`), result.stdout);
    }
    const written = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
    const expected = WRITTEN[dialect]!;
    assert.deepStrictEqual(written, { [expected.section]: { weather: expected.weather, 'showcase-remote': expected.remote(showcase.url), issues: expected.issues } }, dialect);
    const env = { OPENWEATHER_API_KEY: 'k', X_API_KEY: 'k' };
    assert.equal((await run(['config', 'lint', file], env)).code, 0, `${dialect} lint`);
    const doctor = await run(['doctor', '--config', file, 'showcase-remote'], env);
    assert.equal(doctor.code, 0, `${dialect} doctor: ${doctor.stdout}`);
    assert.ok(doctor.stdout.endsWith('every step passed (exit code 0)\n'), doctor.stdout);
    assert.ok(doctor.stdout.includes('\n[skip] 7 trial call           no trial call: every tool marked readOnlyHint needs arguments (add needs a, b): call one with --call NAME --args …\n'), doctor.stdout);
  }
});

test('add a local package, then doctor --config runs it as a real process (an npx on PATH that checks its arguments)', async () => {
  const result = await run(reg('add', 'io.mcpwire.test/showcase-local', '--config', 'local.json'));
  assert.equal(result.code, 0, result.stderr);
  assert.deepStrictEqual(JSON.parse(readFileSync(join(dir, 'local.json'), 'utf8')), {
    mcpServers: { 'showcase-local': { command: 'npx', args: ['-y', '--', '@mcpwire-test/showcase-local@1.0.0'], env: { SHOWCASE_TOKEN: '${SHOWCASE_TOKEN}' } } },
  });
  // This npx runs the showcase server when, and only when, it is given exactly the written arguments.
  const bin = mkdtempSync(join(tmpdir(), 'mcpwire-fake-npx-'));
  writeFileSync(join(bin, 'npx'), `#!/bin/sh\n[ "$*" = "-y -- @mcpwire-test/showcase-local@1.0.0" ] || { echo "fake npx got: $*" >&2; exit 64; }\nexec '${process.execPath}' --import tsx '${SHOWCASE}'\n`, { mode: 0o755 });
  const doctor = await run(['doctor', '--config', 'local.json', 'showcase-local', '-e', `PATH=${bin}:${process.env.PATH}`], { SHOWCASE_TOKEN: 't' });
  assert.equal(doctor.code, 0, doctor.stdout);
});

test('add keeps the file: JSONC comments, other keys, the existing entry; never overwrites without --force', async () => {
  const original = `// my VS Code MCP servers
{
    "inputs": [],
    "servers": {
        // the calculator
        "calc": { "command": "node", "args": ["add.js"] }, // keep me
    },
}
`;
  writeFileSync(join(dir, 'mcp.json'), original);
  assert.equal((await run(reg('add', 'io.github.linear-like/issues', '--config', 'mcp.json'))).code, 0);
  const added = readFileSync(join(dir, 'mcp.json'), 'utf8');
  assert.equal(added, `// my VS Code MCP servers
{
    "inputs": [],
    "servers": {
        // the calculator
        "calc": { "command": "node", "args": ["add.js"] }, // keep me
        "issues": {
            "type": "sse",
            "url": "https://mcp.linear-like.dev/sse"
        }
    },
}
`);
  const again = await run(reg('add', 'io.github.linear-like/issues', '--config', 'mcp.json'));
  assert.deepStrictEqual(again, { code: 2, stdout: '', stderr: 'mcpwire: mcp.json already has a server named "issues" in "servers": nothing written (--force replaces it)\nrun "mcpwire registry --help" for usage\n' });
  assert.equal(readFileSync(join(dir, 'mcp.json'), 'utf8'), added);
  assert.equal((await run(reg('add', 'io.github.linear-like/issues', '--config', 'mcp.json', '--force'))).code, 0);
  assert.equal(readFileSync(join(dir, 'mcp.json'), 'utf8'), added);
  const conflict = await run(reg('add', 'io.github.acme/weather', '--config', 'mcp.json', '--dialect', 'cursor'));
  assert.deepStrictEqual(conflict.code, 2);
  assert.match(conflict.stderr, /mcp\.json is written for vscode \("servers"\); --dialect cursor disagrees/);
});

test('writeEntry: an empty object, a one-line file, a file with no section yet', () => {
  const edit = { section: 'mcpServers', name: 'a', value: { url: 'https://a.dev/mcp' }, replace: false };
  assert.equal(writeEntry('{ "mcpServers": {} }', edit), '{ "mcpServers": {\n  "a": {\n    "url": "https://a.dev/mcp"\n  }\n} }');
  assert.deepStrictEqual(readConfigText(writeEntry('{"mcpServers":{"b":{"command":"x"}}}', edit)).entries.map((e) => e.name), ['b', 'a']);
  assert.equal(writeEntry('{\n  "theme": "dark"\n}\n', edit), '{\n  "theme": "dark",\n  "mcpServers": {\n    "a": {\n      "url": "https://a.dev/mcp"\n    }\n  }\n}\n');
  assert.equal(writeEntry('', { ...edit, section: 'mcp.servers' }), '{\n  "mcp": {\n    "servers": {\n      "a": {\n        "url": "https://a.dev/mcp"\n      }\n    }\n  }\n}\n');
});

test('malformed registry data is a clear error (exit 3) and never a config entry', async () => {
  const good = { name: 'io.github.bad/x', description: 'd', version: '1.0.0' };
  const bad = (server: Record<string, unknown>): string => JSON.stringify({ server: { ...good, ...server } });
  const path = '/v0.1/servers/io.github.bad%2Fx/versions/latest';
  const cases: [string, string][] = [
    [JSON.stringify({ server: { name: 'io.github.bad/x', version: '1.0.0' } }), 'malformed registry entry "io.github.bad/x": response.server.description is missing or not a string'],
    [bad({ remotes: [{ type: 'websocket', url: 'wss://x.dev/mcp' }] }), 'malformed registry entry "io.github.bad/x": response.server.remotes[0].type is "websocket"; the registry knows "stdio", "streamable-http" and "sse"'],
    [bad({ remotes: [{ type: 'streamable-http', url: 'https://{tenant}.acme.dev/mcp' }] }), 'registry entry "io.github.bad/x" has a remote URL with a placeholder ({tenant} has no value or default): "https://{tenant}.acme.dev/mcp"; a placeholder URL is never written to a config. Ask the publisher for the real URL'],
    [bad({ remotes: [{ type: 'sse', url: 'https://mcp.example.com/sse' }] }), 'registry entry "io.github.bad/x" has a remote URL with a placeholder (mcp.example.com is reserved for examples): "https://mcp.example.com/sse"; a placeholder URL is never written to a config. Ask the publisher for the real URL'],
    [bad({ packages: [{ registryType: 'npm', transport: { type: 'stdio' } }] }), 'malformed registry entry "io.github.bad/x": response.server.packages[0].identifier is missing'],
    ['<html>oops</html>', 'the registry answered GET /v0.1/servers/io.github.bad%2Fx/versions/latest with HTTP 200 and a body that is not JSON: "<html>oops</html>"'],
  ];
  for (const [body, message] of cases) {
    const fake = await startFakeRegistry([], { [path]: body });
    try {
      const result = await run(['registry', 'add', 'io.github.bad/x', '--config', 'never.json', '--registry', fake.url]);
      assert.deepStrictEqual(result, { code: 3, stdout: '', stderr: `mcpwire: ${message}\n` });
      assert.throws(() => readFileSync(join(dir, 'never.json')), /ENOENT/);
    } finally {
      await fake.close();
    }
  }
  const list = await startFakeRegistry([], { '/v0.1/servers': '{"servers": [{"server": {"name": "a/b"}}]}' });
  try {
    // A listing shows the entry it cannot use, marked; only show and add refuse it.
    assert.deepStrictEqual(await run(['registry', 'search', 'a', '--registry', list.url]), {
      code: 0, stderr: '',
      stdout: 'a/b  ?         \n               cannot be installed: malformed registry entry "a/b": servers[0].server.description is missing or not a string\n\n1 server (1 cannot be installed); details: mcpwire registry show NAME\n',
    });
  } finally {
    await list.close();
  }
});

test('registry text is untrusted: control characters in names and descriptions are shown, not obeyed', async () => {
  const hostile = await startFakeRegistry([{ server: { name: 'io.github.evil/x', description: 'clears\u001b[2J the screen\nand forges a line', version: '1.0.0', repository: { url: 'https://github.com/evil/x\u0007', source: 'github' }, remotes: [{ type: 'sse', url: 'https://evil.dev/sse' }] }, isLatest: true }]);
  try {
    assert.deepStrictEqual(await run(['registry', 'search', 'evil', '--registry', hostile.url]), {
      code: 0, stderr: '',
      stdout: 'io.github.evil/x  1.0.0     clears\\u001b[2J the screen\\u000aand forges a line\n\n1 server; details: mcpwire registry show NAME\n',
    });
    const shown = await run(['registry', 'show', 'io.github.evil/x', '--registry', hostile.url]);
    assert.deepStrictEqual(shown.stdout.split('\n').slice(2, 4), ['description clears\\u001b[2J the screen\\u000aand forges a line', 'repository  https://github.com/evil/x\\u0007']);
  } finally {
    await hostile.close();
  }
});

test('registry fetches are bounded: a gzip page that inflates past the cap is too large (exit 3), an endless body times out under --timeout (exit 4)', async (t) => {
  const { createServer } = await import('node:http');
  const { gzipSync } = await import('node:zlib');
  const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20));
  const server = createServer((request, response) => {
    if (request.url?.includes('search=bomb')) {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(bomb);
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write('{"servers": [');
    const timer = setInterval(() => response.write(' '), 50); // an endless body
    response.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as import('node:net').AddressInfo).port}`;
  t.after(() => { server.closeAllConnections(); server.close(); });

  const before = process.memoryUsage().rss;
  const bombed = await run(['registry', 'search', 'bomb', '--registry', base]);
  assert.ok(process.memoryUsage().rss - before < 64 * 1024 * 1024, 'the page was not inflated whole');
  assert.deepEqual(bombed, { code: 3, stdout: '', stderr: `mcpwire: the registry at ${base} sent an unusable answer: the answer from ${base}/v0.1/servers?version=latest&search=bomb&limit=30 is larger than 4194304 bytes; not read further\n` });

  const started = Date.now();
  const endless = await run(['registry', 'search', 'endless', '--registry', base, '--timeout', '500']);
  assert.ok(Date.now() - started < 5_000, `took ${Date.now() - started} ms`);
  assert.deepEqual(endless, { code: 4, stdout: '', stderr: `mcpwire: cannot reach the registry at ${base}: ${base}/v0.1/servers?version=latest&search=endless&limit=30 did not answer in time (total timeout, 500 ms)\n` });
});

test('an unreachable registry is named with the cause (exit 4)', async () => {
  const { createServer } = await import('node:http');
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(closed.address() as import('node:net').AddressInfo).port}`;
  await new Promise((resolve) => closed.close(resolve));
  const result = await run(['registry', 'show', 'a/b', '--registry', base]);
  assert.equal(result.code, 4);
  assert.match(result.stderr, new RegExp(`^mcpwire: cannot reach the registry at ${base}: cannot reach ${base}/v0\\.1/servers/a%2Fb/versions/latest: ECONNREFUSED`));
});
