// Every shell transcript in README.md and docs/*.md is run as written (the built package, real
// processes) and must print what the document shows, masked by the rules in transcripts.ts.
// (The transcripts of a stage, the fake Plaza's, are checked by transcripts-fake-plaza.test.ts.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { commandLine, mask, shellWords, transcripts } from './transcripts.js';
import { allRuns, checkTranscripts } from './transcript-runner.js';

test('the transcript reader: commands, outputs, exit codes; unmarked shell blocks are reported', () => {
  const doc = [
    '<!-- transcript -->', '```text', '$ mcpwire call add a=19 b=23 -- node s.js', '42', '[exit code 0]',
    "$ mcpwire prompt p text='a b'", 'user:', '[exit code 3]', '```',
    '```text', '$ mcpwire list', 'x', '```', '```text', '$ npx tsx client.ts', 'y', '```', '```ts', 'const a = 1;', '```', '',
  ].join('\n');
  assert.deepStrictEqual(transcripts('README.md', doc), {
    runs: [
      { doc: 'README.md', command: 'mcpwire call add a=19 b=23 -- node s.js', output: '42\n', exitCode: 0 },
      { doc: 'README.md', command: "mcpwire prompt p text='a b'", output: 'user:\n', exitCode: 3 },
    ],
    unmarked: ['README.md: $ mcpwire list'],
  });
  assert.throws(() => transcripts('README.md', '<!-- transcript -->\n```text\n$ mcpwire list\nx\n```\n'), /README\.md: "\$ mcpwire list" must end with an \[exit code N\] line/);
  assert.deepStrictEqual(transcripts('docs/cli.md', '<!-- transcript: fake-plaza -->\n```text\n$ LANG=zh_CN.UTF-8 mcpwire modelscope search 地图\n地图\n[exit code 0]\n```\n').runs, [
    { doc: 'docs/cli.md', command: 'LANG=zh_CN.UTF-8 mcpwire modelscope search 地图', output: '地图\n', exitCode: 0, stage: 'fake-plaza' },
  ]);
  assert.throws(() => transcripts('docs/cli.md', '<!-- transcript: fake-registry -->\n```text\n$ mcpwire list\n[exit code 0]\n```\n'), /^Error: docs\/cli\.md: unknown transcript stage "fake-registry" \(known: fake-plaza\)$/);
  assert.deepStrictEqual(commandLine("LANG=zh_CN.UTF-8 MODELSCOPE_API_TOKEN= mcpwire modelscope search 'a b' X=1"),
    { env: { LANG: 'zh_CN.UTF-8', MODELSCOPE_API_TOKEN: '' }, program: 'mcpwire', args: ['modelscope', 'search', 'a b', 'X=1'] });
  assert.deepStrictEqual(shellWords(`mcpwire call add '{"a":19,"b":"23"}' text='MCP in one' "x y"z --`), ['mcpwire', 'call', 'add', '{"a":19,"b":"23"}', 'text=MCP in one', 'x yz', '--']);
  assert.equal(
    mask('22:14:19.816  answered in 8 ms, process 10136, 127.0.0.1:36803/sse?sessionId=99d3bb64-b2d2-4bd9-a1cc-edcd2940ef3c at 2026-11-30T00:45:54.952Z'),
    'HH:MM:SS.mmm  answered in N ms, process PID, 127.0.0.1:PORT/sse?sessionId=UUID at TIMESTAMP');
});

test('README.md and docs/ mark every shell transcript, so each one is checked', () => {
  const { runs, unmarked } = allRuns();
  assert.deepStrictEqual(unmarked, []);
  assert.ok(runs.some((r) => r.doc === 'README.md' && r.command === 'mcpwire demo'), 'the README shows the demo as a transcript');
});

checkTranscripts('every transcript without a stage prints what its document shows, with the exit code it shows', (run) => run.stage === undefined);
