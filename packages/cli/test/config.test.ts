// `mcpwire config lint` / `config show` on a sample file per host dialect, and the pieces under
// them: JSONC, ${VAR} references, what each entry means.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { runConfig } from '../src/config-command.js';
import { describeMeaning, interpretEntry, readConfigText } from '../src/config-dialects.js';
import { expandReferences, findReferences } from '../src/config-variables.js';
import { parseJsonc } from '../src/jsonc.js';
import { captureIo, fixture } from './cli-harness.js';

const sample = (name: string): string => fixture(`configs/${name}`);

/** [name, transport, meaning] for every entry of a sample file. */
function meanings(name: string): [string, string | undefined, string][] {
  return readConfigText(readFileSync(sample(name), 'utf8')).entries.map((entry) => {
    const meaning = interpretEntry(entry);
    return [entry.name, meaning.transport, describeMeaning(meaning)];
  });
}

test('Claude Desktop: "mcpServers", stdio by "command"', () => {
  assert.deepEqual(meanings('claude-desktop.json'), [
    ['calc', 'stdio', 'stdio: node examples/add-server.ts'],
    ['filesystem', 'stdio', 'stdio: npx -y @modelcontextprotocol/server-filesystem /Users/me/Desktop'],
  ]);
});

test('Claude Code: "type" is "http", "sse" or "stdio"', () => {
  assert.deepEqual(meanings('claude-code.mcp.json'), [
    ['github', 'streamable-http', 'Streamable HTTP: https://api.githubcopilot.com/mcp/'],
    ['linear', 'sse', 'legacy HTTP+SSE (2024-11-05): https://mcp.linear.app/sse'],
    ['db', 'stdio', "stdio: npx -y @bytebase/dbhub --dsn '${DB_URL:-postgres://localhost/dev}'"],
  ]);
});

test('VS Code: "servers" in JSON with comments and trailing commas', () => {
  assert.deepEqual(meanings('vscode-mcp.json'), [
    ['calc', 'stdio', 'stdio: node examples/add-server.ts'],
    ['remote', 'streamable-http', 'Streamable HTTP: https://example.com/mcp'],
    ['old', 'sse', 'legacy HTTP+SSE (2024-11-05): https://example.com/sse'],
  ]);
});

test('Cursor, Cline, Gemini CLI, Windsurf and ModelScope: their own fields and type names', () => {
  assert.deepEqual(meanings('cursor-mcp.json'), [
    ['remote', 'streamable-http', 'Streamable HTTP: https://example.com/mcp'],
    ['local', 'stdio', 'stdio: cmd /c npx -y mcp-server-time'],
  ]);
  assert.deepEqual(meanings('cline_mcp_settings.json'), [
    ['remote', 'streamable-http', 'Streamable HTTP: https://example.com/mcp'],
    ['legacy', 'sse', 'legacy HTTP+SSE (2024-11-05): https://example.com/sse'],
  ]);
  assert.deepEqual(meanings('gemini-settings.json').map(([name, transport]) => [name, transport]), [
    ['streamable', 'streamable-http'], ['sse', 'streamable-http'], ['local', 'stdio'],
  ]);
  assert.deepEqual(meanings('windsurf-mcp_config.json'), [['remote', 'streamable-http', 'Streamable HTTP: https://example.com/mcp']]);
  assert.deepEqual(meanings('modelscope.json').map(([name, transport]) => [name, transport]), [
    ['amap-maps', 'streamable-http'], ['fetch', 'sse'], ['example-service', 'streamable-http'], ['misconfigured', 'streamable-http'],
  ]);
});

test('config lint on the seed\'s ModelScope dialect: the whole report', async () => {
  const io = captureIo();
  const code = await runConfig(['lint', 'test/fixtures/configs/modelscope.json'], io);
  assert.equal(code, 1);
  assert.equal(io.out(), `test/fixtures/configs/modelscope.json: 4 servers in "mcpServers"
  read as strict JSON (JSON.parse), as the "mcpServers" hosts read it

amap-maps        Streamable HTTP: https://mcp.api-inference.modelscope.net/4a3c1e7f2b9d40/mcp
                 because "type": "streamable_http" (ModelScope)

fetch            legacy HTTP+SSE (2024-11-05): https://mcp.api-inference.modelscope.net/9f2e6d1c8b7a43/sse
                 because "type": "sse" (legacy HTTP+SSE: Claude Code, VS Code, Cline, ModelScope)
                 note: Legacy HTTP+SSE (2024-11-05) is deprecated since 2025-03-26; prefer the server's Streamable HTTP address if it has one

example-service  Streamable HTTP: <从服务页复制的当前 MCP 地址>
                 because "type": "streamable_http" (ModelScope)
                 error: The URL "<从服务页复制的当前 MCP 地址>" is a placeholder: copy the current address from the service page

misconfigured    Streamable HTTP: https://mcp.api-inference.modelscope.net/5b8d0a3e6f1c42/sse
                 because "type": "streamable_http" (ModelScope)
                 warning: The path ends in /sse, which usually names a legacy HTTP+SSE endpoint, but the entry says Streamable HTTP: use the service's Streamable HTTP (often /mcp) address or "type": "sse"

1 error, 1 warning, 1 note
`);
});

/** `config lint --json` findings as [server, severity, start of message]. */
async function findings(name: string, env: Record<string, string> = {}): Promise<{ code: number; found: [string | null, string, string][] }> {
  const io = captureIo({ env });
  const code = await runConfig(['lint', sample(name), '--json'], io);
  const report = JSON.parse(io.out()) as { findings: { server?: string; severity: string; message: string }[] };
  return { code, found: report.findings.map((f) => [f.server ?? null, f.severity, f.message.slice(0, 60)]) };
}

test('entries other hosts would misread: both command and url, neither, unknown type, wrong value types', async () => {
  const { code, found } = await findings('conflicts.json');
  assert.equal(code, 1);
  assert.deepEqual(found, [
    ['both', 'error', 'Has both "command" and "url": hosts pick differently (some s'],
    ['neither', 'error', 'Has neither "command" (stdio) nor "url" / "httpUrl" / "serve'],
    ['unknown-type', 'error', 'Unknown "type": "websocket". Known values: "stdio", "http", '],
    ['unknown-type', 'error', 'The URL scheme must be http or https, not wss:'],
    ['stdio-with-url', 'error', '"type": "stdio" needs "command"'],
    ['bad-env', 'error', '"args" must be an array of strings (Claude Desktop and VS Co'],
    ['bad-env', 'error', '"env" must be an object of string values (a number or boolea'],
  ]);
});

test('a bare url, npx without cmd /c, and unset ${VAR} / ${env:VAR} / $VAR references are flagged', async () => {
  assert.deepEqual((await findings('cursor-mcp.json')).found, [
    ['remote', 'warning', 'A bare "url" with no "type" is read differently by each host'],
    ['remote', 'warning', 'headers.API_KEY references ${env:EXAMPLE_API_KEY}, which is '],
  ]);
  assert.deepEqual((await findings('claude-desktop.json')).found, [
    ['filesystem', 'note', 'On Windows, "npx" is a .cmd batch file that hosts spawning w'],
  ]);
  assert.deepEqual((await findings('gemini-settings.json')).found, [
    ['sse', 'warning', 'A bare "url" with no "type" is read differently by each host'],
    ['sse', 'warning', 'The path ends in /sse, which usually names a legacy HTTP+SSE'],
    ['local', 'warning', 'env.API_KEY uses $WEATHER_KEY: only Gemini CLI expands $VAR;'],
  ]);
  // Set, the variables are no longer a problem; ${DB_URL:-…} has a default either way.
  assert.deepEqual((await findings('claude-code.mcp.json', { GITHUB_TOKEN: 'x' })).found, [
    ['linear', 'note', 'Legacy HTTP+SSE (2024-11-05) is deprecated since 2025-03-26;'],
    ['db', 'note', 'On Windows, "npx" is a .cmd batch file that hosts spawning w'],
  ]);
  assert.deepEqual((await findings('vscode-mcp.json')).found, [
    ['remote', 'note', 'headers.Authorization uses ${input:api-key}: VS Code prompts'],
    ['old', 'note', 'Legacy HTTP+SSE (2024-11-05) is deprecated since 2025-03-26;'],
  ]);
});

test('config lint: a file that is not JSON names the line and column', async () => {
  const io = captureIo();
  assert.equal(await runConfig(['lint', 'test/fixtures/configs/not-json.json'], io), 1);
  assert.equal(io.out(), "error: test/fixtures/configs/not-json.json: Not valid JSON: Expected ',' or '}' after property value in JSON at position 52 (line 3, column 33)\n");
});

test('config show: one entry, credentials hidden, references shown as written', async () => {
  const io = captureIo({ env: { GITHUB_TOKEN: 'x' } });
  assert.equal(await runConfig(['show', 'test/fixtures/configs/claude-code.mcp.json', 'github'], io), 0);
  assert.equal(io.out(), `server     github (in "mcpServers")
transport  Streamable HTTP, because "type": "http" (Claude Code, VS Code)
url        https://api.githubcopilot.com/mcp/ (from "url")
header     Authorization: Bearer \${GITHUB_TOKEN}
try it     mcpwire doctor --config test/fixtures/configs/claude-code.mcp.json github
findings   none
`);
  const secret = captureIo();
  await runConfig(['show', sample('windsurf-mcp_config.json'), 'remote', '--json'], secret);
  assert.deepEqual(JSON.parse(secret.out()).headers, { Authorization: 'Bearer ${env:WINDSURF_TOKEN}' });
});

test('config show masks a literal secret', async () => {
  const io = captureIo();
  const file = fixture('configs/literal-secret.json');
  await runConfig(['show', file, 'api', '--json'], io);
  assert.deepEqual(JSON.parse(io.out()).env, { API_KEY: '<hidden, 20 characters>', REGION: 'eu-west-1' });
});

test('JSONC: comments and trailing commas go, strings with // stay, offsets are kept', () => {
  assert.deepEqual(parseJsonc('{\n  // c\n  "url": "http://x//y", /* block */\n  "list": [1, 2,],\n}'), { url: 'http://x//y', list: [1, 2] });
  assert.throws(() => parseJsonc('{\n  "a": 1\n  "b": 2\n}'), { message: /\(line 3, column 3\)$/ });
});

test('${VAR}, ${VAR:-default} and ${env:VAR} expand; ${input:id} and unset variables are reported', () => {
  assert.deepEqual(expandReferences('Bearer ${TOKEN} ${env:REGION} ${PORT:-8080}', { TOKEN: 't', REGION: 'eu' }), { text: 'Bearer t eu 8080', missing: [] });
  assert.deepEqual(expandReferences('${MISSING} ${input:key}', {}), { text: '${MISSING} ${input:key}', missing: ['${MISSING}', '${input:key}'] });
  assert.deepEqual(findReferences('$HOME/${env:X}').map((r) => [r.kind, r.name]), [['env', 'X'], ['bare', 'HOME']]);
});

test('VS Code: --input NAME=value answers ${input:NAME}; ${workspaceFolder}, ${userHome}, ${pathSeparator}, ${cwd} are expanded; lint does not warn about them', async () => {
  const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
  const { tmpdir, homedir } = await import('node:os');
  const { basename, join, sep } = await import('node:path');
  const { parseArgs } = await import('../src/args.js');
  const { resolveTarget, TARGET_OPTIONS } = await import('../src/server-target.js');
  const dir = mkdtempSync(join(tmpdir(), 'mcpwire-vscode-'));
  try {
    writeFileSync(join(dir, 'mcp.json'), `{
      "inputs": [{ "type": "promptString", "id": "token", "password": true }],
      "servers": {
        "local": { "type": "stdio", "command": "node", "args": ["\${workspaceFolder}/server.js", "\${workspaceFolderBasename}", "\${userHome}\${pathSeparator}x", "\${cwd}"], "env": { "TOKEN": "\${input:token}" } },
        "remote": { "type": "http", "url": "https://example.com/mcp", "headers": { "Authorization": "Bearer \${input:token}" } },
      },
    }`);
    const io = captureIo({ cwd: dir });
    const resolve = (argv: string[]) => resolveTarget(parseArgs(argv, TARGET_OPTIONS), io).target;
    assert.deepStrictEqual(resolve(['--config', 'mcp.json', 'local', '--input', 'token=s3cret']), {
      kind: 'stdio', command: 'node', args: [`${dir}/server.js`, basename(dir), `${homedir()}${sep}x`, dir], env: { TOKEN: 's3cret' }, inheritEnv: false, cwd: undefined,
      label: `node ${dir}/server.js ${basename(dir)} ${homedir()}${sep}x ${dir}`,
    });
    assert.deepStrictEqual(resolve(['--config', 'mcp.json', 'remote', '--input=token=s3cret']), {
      kind: 'http', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer s3cret' }, legacy: false, label: 'https://example.com/mcp',
    });
    assert.throws(() => resolve(['--config', 'mcp.json', 'remote']), {
      name: 'ConfigError', message: 'Server "remote" in mcp.json references ${input:token}, which is not set: give --input token=VALUE',
    });
    assert.throws(() => resolve(['--input', 'token=x', 'https://example.com/mcp']), {
      name: 'UsageError', message: '--input answers a VS Code ${input:NAME} of a --config entry; there is no --config FILE NAME',
    });
    assert.throws(() => resolve(['--config', 'mcp.json', 'remote', '--input', 'token']), { name: 'UsageError', message: '--input needs NAME=VALUE, got "token"' });
    const lint = captureIo({ cwd: dir });
    assert.equal(await runConfig(['lint', 'mcp.json', '--json'], lint), 0);
    const findings = (JSON.parse(lint.out()) as { findings: { severity: string; message: string }[] }).findings;
    assert.deepStrictEqual(findings.filter((finding) => finding.severity !== 'note'), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a "mcpServers" file is read as JSON.parse reads it (Claude Desktop): comments and trailing commas are an error, in lint and in every command that takes --config', async () => {
  const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { parseArgs } = await import('../src/args.js');
  const { resolveTarget, TARGET_OPTIONS } = await import('../src/server-target.js');
  const dir = mkdtempSync(join(tmpdir(), 'mcpwire-claude-'));
  try {
    writeFileSync(join(dir, 'claude_desktop_config.json'), '{\n  // my servers\n  "mcpServers": {\n    "calc": { "command": "node", "args": ["server.js"] },\n  }\n}\n');
    const why = 'Not valid JSON: Expected property name or \'}\' in JSON at position 4 (line 2, column 3). A file with "mcpServers" is read as strict JSON (JSON.parse), as the "mcpServers" hosts read it: Claude Desktop and the others reject comments and trailing commas (only VS Code\'s "servers" files may have them)';
    const io = captureIo({ cwd: dir });
    assert.equal(await runConfig(['lint', 'claude_desktop_config.json'], io), 1);
    assert.equal(io.out(), `error: claude_desktop_config.json: ${why}\n`);
    // list, call, doctor, chat: the same reader, the same refusal.
    assert.throws(() => resolveTarget(parseArgs(['--config', 'claude_desktop_config.json', 'calc'], TARGET_OPTIONS), io), { name: 'ConfigError', message: `claude_desktop_config.json: ${why}` });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('config lint says which parser read the file: JSONC for VS Code "servers", strict JSON for "mcpServers"', async () => {
  const vscode = captureIo();
  assert.equal(await runConfig(['lint', 'test/fixtures/configs/vscode-mcp.json'], vscode), 0);
  assert.deepStrictEqual(vscode.out().split('\n').slice(0, 2), [
    'test/fixtures/configs/vscode-mcp.json: 3 servers in "servers"',
    '  read as JSONC (comments and trailing commas allowed), as VS Code reads it',
  ]);
  const claude = captureIo();
  await runConfig(['lint', sample('claude-desktop.json'), '--json'], claude);
  assert.equal(JSON.parse(claude.out()).parser, 'json');
});

test('config lint warns when a command is not on PATH, or a path to it is missing or not executable', async () => {
  const { chmodSync, mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { dirname, join } = await import('node:path');
  const dir = mkdtempSync(join(tmpdir(), 'mcpwire-path-'));
  try {
    writeFileSync(join(dir, 'ok.sh'), '#!/bin/sh\n', { mode: 0o755 });
    writeFileSync(join(dir, 'plain.sh'), '#!/bin/sh\n');
    chmodSync(join(dir, 'plain.sh'), 0o644);
    writeFileSync(join(dir, 'mcp.json'), JSON.stringify({ mcpServers: {
      typo: { command: 'nod', args: ['server.js'] },
      node: { command: 'node', args: ['server.js'] },
      script: { command: './ok.sh' },
      gone: { command: './gone.sh' },
      plain: { command: join(dir, 'plain.sh') },
      inFolder: { command: 'node', cwd: 'sub' },
    } }));
    const io = captureIo({ cwd: dir, env: { PATH: `${join(dir, 'empty')}:${dirname(process.execPath)}` } });
    assert.equal(await runConfig(['lint', 'mcp.json', '--json'], io), 0);
    assert.deepStrictEqual((JSON.parse(io.out()) as { findings: unknown[] }).findings, [
      { server: 'typo', severity: 'warning', message: '"command": "nod" is not on PATH here (not found in any PATH directory): a host would fail to start it (ENOENT); check the spelling, install it, or give its full path' },
      { server: 'gone', severity: 'warning', message: `"command": "./gone.sh" cannot be started here: ${join(dir, 'gone.sh')} does not exist` },
      { server: 'plain', severity: 'warning', message: `"command": ${JSON.stringify(join(dir, 'plain.sh'))} cannot be started here: ${join(dir, 'plain.sh')} is not executable (no x permission bit)` },
    ]);
    // Windows looks commands up with PATHEXT, which lint does not model: no word either way.
    const windows = captureIo({ cwd: dir, env: { PATH: join(dir, 'empty') } });
    windows.platform = 'win32';
    await runConfig(['lint', 'mcp.json', '--json'], windows);
    assert.deepStrictEqual((JSON.parse(windows.out()) as { findings: unknown[] }).findings, []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
