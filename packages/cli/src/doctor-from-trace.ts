// `mcpwire doctor --from-trace F`: the troubleshooting order walked over what a real host did,
// recorded by `mcpwire tap` (or any --trace-file): connected? which era? initialized? tools
// capability? tools/list returned the tool? a tools/call sent? answered with a JSON-RPC error or
// isError? The steps, their numbers and the exit code are live doctor's (doctor-steps.ts); the
// evidence is the recorded messages. `send` records are the host's, `receive` the server's.
// `--html FILE` also draws them as the seam page `trace view` writes (recording-view.ts). The file
// is read by trace-file.ts.

import { CLIENT_REQUESTS, NOTIFICATIONS } from 'mcpwire/protocol';
import { quote, step } from './doctor-steps.js';
import type { StepResult } from './doctor-steps.js';
import type { Recording, Wire } from './trace-file.js';

/** Tool names shown in one evidence line. */
const SHOWN_NAMES = 20;

/** The steps over a recording; `expected` is --tool NAME. */
export function diagnoseTrace(trace: Recording, expected: string | undefined): StepResult[] {
  const { messages, notes, stderr } = trace;
  const results: StepResult[] = [];
  const skipRest = (why: string): StepResult[] => {
    for (const title of ['connect', 'era', 'initialize', 'tools capability', 'tools/list', 'host exposure', 'trial call'] as const) {
      if (!results.some((result) => result.title === title)) results.push(step(title, 'skipped', why));
    }
    return finish();
  };
  const finish = (): StepResult[] => {
    const unpassed = notes.filter((note) => note.startsWith('from the server: not passed on'));
    results.push(unpassed.length === 0
      ? step('stdout hygiene', 'passed', 'every line the server wrote was a message')
      : step('stdout hygiene', 'failed', `the server wrote ${unpassed.length} line(s) that are not messages`, unpassed.slice(0, 5).map((note) => quote(note)),
        'stdout of a stdio server carries only JSON-RPC messages (basic/transports#stdio): send logs to stderr'));
    results.push(step('exit on stdin close', 'skipped', 'a recording does not show it: run mcpwire doctor -- command'));
    return results;
  };
  const hosts = messages.filter((entry) => entry.from === 'host');
  const servers = messages.filter((entry) => entry.from === 'server');
  const stderrEvidence = stderr.length === 0 ? [] : [`server stderr (last ${Math.min(5, stderr.length)} lines):`, ...stderr.slice(-5).map((line) => `  ${line}`)];
  if (hosts.length === 0) {
    results.push(step('connect', 'failed', 'the host sent nothing', stderrEvidence, 'check that the host\'s config starts the server through mcpwire tap, and look at the host\'s log'));
    return skipRest('not reached: the host sent nothing');
  }
  if (servers.length === 0) {
    results.push(step('connect', 'failed', `the host sent ${hosts.length} message(s); the server answered none`, stderrEvidence, 'the server did not answer: look at its stderr (in the trace, and the host\'s log)'));
    return skipRest('not reached: the server answered nothing');
  }
  results.push(step('connect', 'passed', `${hosts.length} message(s) from the host, ${servers.length} from the server`));

  const answerTo = (request: Wire): Wire | undefined =>
    servers.find((entry) => entry.message.method === undefined && entry.message.id === request.id)?.message;
  const opening = hosts.find((entry) => entry.message.method === CLIENT_REQUESTS.initialize || entry.message.method === CLIENT_REQUESTS.discover)?.message;
  if (opening === undefined) {
    results.push(step('era', 'failed', 'the host sent neither initialize nor server/discover', [`first from the host: ${quote(JSON.stringify(hosts[0]!.message))}`]));
    return skipRest('not reached: no initialize');
  }
  const answer = answerTo(opening);
  const stateless = opening.method === CLIENT_REQUESTS.discover;
  results.push(step('era', 'passed', stateless ? 'the host spoke 2026-07-28 (server/discover, no handshake)' : `the host offered ${String(opening.params?.protocolVersion)} in initialize`));
  if (answer === undefined || answer.error !== undefined || answer.result === undefined) {
    const what = answer === undefined ? `the server never answered ${String(opening.method)}` : `the server answered ${String(opening.method)} with ${describeError(answer)}`;
    results.push(step('initialize', 'failed', what, stderrEvidence));
    return skipRest(`not reached: ${String(opening.method)} failed`);
  }
  if (stateless) {
    results.push(step('initialize', 'skipped', '2026-07-28 has no handshake'));
  } else {
    const initialized = hosts.some((entry) => entry.message.method === NOTIFICATIONS.initialized);
    results.push(initialized
      ? step('initialize', 'passed', `the server answered with ${String(answer.result.protocolVersion)}; the host sent notifications/initialized`)
      : step('initialize', 'failed', `the server answered with ${String(answer.result.protocolVersion)}, but the host never sent notifications/initialized`, [],
        'the host MUST send notifications/initialized before anything else (basic/lifecycle#initialization): did it reject the revision or the capabilities?'));
    if (!initialized) return skipRest('not reached: the handshake did not finish');
  }
  const tools = answer.result.capabilities?.tools;
  if (tools === undefined) {
    results.push(step('tools capability', 'failed', 'the server does not declare the "tools" capability', [`capabilities: ${JSON.stringify(answer.result.capabilities ?? {})}`],
      'a server that offers tools MUST declare the "tools" capability (server/tools#capabilities); hosts do not call tools/list otherwise'));
    return skipRest('not reached: the server declares no tools');
  }
  results.push(step('tools capability', 'passed', `the server declares tools ${JSON.stringify(tools)}`));
  return diagnoseTools(hosts.map((entry) => entry.message), answerTo, expected, results, finish, skipRest);
}

/** Steps 5 to 7: tools/list, whether the host called a tool, and how the calls ended. */
function diagnoseTools(hosts: Wire[], answerTo: (request: Wire) => Wire | undefined, expected: string | undefined, results: StepResult[],
  finish: () => StepResult[], skipRest: (why: string) => StepResult[]): StepResult[] {
  const lists = hosts.filter((message) => message.method === CLIENT_REQUESTS.toolsList);
  if (lists.length === 0) {
    results.push(step('tools/list', 'failed', 'the host never sent tools/list', [], 'the host did not ask for the tools: is the server enabled in the host? Many hosts list only at start: restart it'));
    return skipRest('not reached: no tools/list');
  }
  const names = new Set<string>();
  const failures: string[] = [];
  for (const list of lists) {
    const answer = answerTo(list);
    if (answer?.result === undefined) failures.push(answer === undefined ? 'a tools/list was never answered' : `tools/list answered with ${describeError(answer)}`);
    else if (Array.isArray(answer.result.tools)) for (const tool of answer.result.tools as { name?: unknown }[]) if (typeof tool.name === 'string') names.add(tool.name);
  }
  const shown = [...names].slice(0, SHOWN_NAMES).join(', ') + (names.size > SHOWN_NAMES ? `, … (${names.size} in all)` : '');
  if (names.size === 0 || (expected !== undefined && !names.has(expected))) {
    const summary = names.size === 0 ? 'tools/list returned no tool' : `tools/list did not return "${expected}"`;
    results.push(step('tools/list', 'failed', summary, [...failures, `listed: ${shown || '(none)'}`]));
    return skipRest('not reached: the tool was not listed');
  }
  results.push(step('tools/list', failures.length > 0 ? 'warning' : 'passed', `tools/list returned ${names.size} tool(s)${expected === undefined ? '' : `, "${expected}" among them`}`, [...failures, `listed: ${shown}`]));
  const calls = hosts.filter((message) => message.method === CLIENT_REQUESTS.toolsCall && (expected === undefined || message.params?.name === expected));
  if (calls.length === 0) {
    results.push(step('host exposure', 'failed', `the host listed the tools but never sent tools/call${expected === undefined ? '' : ` for "${expected}"`}`, [],
      'the model never chose the tool, or the host did not offer it to the model: check the tool is enabled in the host, and that its name and description say when to use it'));
    results.push(step('trial call', 'skipped', 'not reached: no tools/call'));
    return finish();
  }
  results.push(step('host exposure', 'passed', `the host sent ${calls.length} tools/call`));
  const outcomes = calls.map((call) => {
    const answer = answerTo(call);
    const what = `tools/call ${quote(String(call.params?.name))} (id ${JSON.stringify(call.id)})`;
    if (answer === undefined) return { failed: true, line: `${what}: never answered` };
    if (answer.result === undefined) return { failed: true, line: `${what}: JSON-RPC error ${describeError(answer)}` };
    if (answer.result.isError === true) return { failed: true, line: `${what}: isError, the tool reported a failure: ${quote(JSON.stringify(answer.result.content ?? []))}` };
    return { failed: false, line: `${what}: a result` };
  });
  const failed = outcomes.filter((outcome) => outcome.failed);
  results.push(failed.length === 0
    ? step('trial call', 'passed', `every tools/call got a result (${calls.length})`, outcomes.map((outcome) => outcome.line))
    : step('trial call', 'failed', `${failed.length} of ${calls.length} tools/call failed`, outcomes.map((outcome) => outcome.line),
      'a JSON-RPC error is a protocol failure (unknown tool, bad request); isError is the tool\'s own failure, which the model sees'));
  return finish();
}

function describeError(answer: Wire): string {
  return answer.error === undefined ? 'no result' : `${String(answer.error.code)} ${quote(String(answer.error.message))}`;
}
