// Doctor's connect, era and initialize steps: can the server be started or reached, and does `initialize` complete?
// stdio: the command starts (ENOENT, an early exit with its code and stderr), then answers
// initialize before --timeout. HTTP: the URL answers (DNS, TCP, TLS, status, content type; a
// legacy HTTP+SSE endpoint is recognised and named), then initialize completes.

import type { McpClient } from 'mcpwire/client';
import type { EraChoice } from 'mcpwire/client';
import { ConnectionClosedError, ProtocolError, RequestTimeoutError } from 'mcpwire/jsonrpc';
import { REVISION_2025_11_25 } from 'mcpwire/protocol';
import { HttpStatusError } from 'mcpwire/http';
import { buildTransport, createClient, openClient, suggestsLegacySse } from './connect.js';
import type { BuiltTransport } from './connect.js';
import type { ClientFeatures } from './client-features.js';
import { diagnoseAuth } from './doctor-auth.js';
import { diagnoseHostedToken } from './doctor-modelscope.js';
import { ServerEchoError } from './echo-guard.js';
import { step, stderrEvidence } from './doctor-steps.js';
import type { StepResult } from './doctor-steps.js';
import { StdoutRecorder } from './doctor-stdio.js';
import { describeFailure, statusFix } from './exit-codes.js';
import { formatCapabilities } from './list.js';
import { describeNetworkError } from './network-error.js';
import type { ServerTarget } from './server-target.js';
import type { TokenFile } from './token-file.js';
import type { TraceRecord, Tracer } from './trace.js';

/** How long a started process must stay up before the connect step calls it started. */
export const STARTUP_WATCH_MS = 300;

/** Options of the connection steps. */
export interface DoctorConnectOptions {
  tracer: Tracer;
  timeoutMs: number;
  /** stdio: how long to wait for an exit after closing stdin (the exit on stdin close step). */
  exitWaitMs: number;
  /** Tokens from `mcpwire login`, used for a URL that has some. */
  tokens?: TokenFile;
  /** Which revision: probe (auto, the default) or pinned. */
  era?: EraChoice;
  /** The client features of the command line: doctor is the same client as list and call. */
  features: ClientFeatures;
}

/** What connect, era and initialize leave for the rest: a ready client, or nothing. */
export interface DoctorLink {
  client?: McpClient;
  built?: BuiltTransport;
  /** stdio: every byte the server wrote to stdout (the stdout hygiene step). */
  stdout?: StdoutRecorder;
}

type Push = (result: StepResult) => void;

/** Runs connect, era and initialize, pushing their results. */
export async function checkConnection(target: ServerTarget, options: DoctorConnectOptions, push: Push): Promise<DoctorLink> {
  return target.kind === 'stdio' ? checkStdio(target, options, push) : checkHttp(target, options, push);
}

async function checkStdio(target: ServerTarget & { kind: 'stdio' }, options: DoctorConnectOptions, push: Push): Promise<DoctorLink> {
  const built = buildTransport(target, { tracer: options.tracer, shutdownGraceMs: options.exitWaitMs });
  const spawned = built.spawned!;
  const stdout = new StdoutRecorder();
  spawned.onstdout = (chunk) => stdout.push(chunk);
  const client = createClient(built, options);
  const started = Date.now();
  try {
    await spawned.start();
  } catch (error) {
    push(step('connect', 'failed', error instanceof Error ? error.message : String(error), [`command: ${target.label}`, ...(target.cwd ? [`cwd: ${target.cwd}`] : [])],
      'check the command name and PATH; a host started from a desktop icon often has a shorter PATH than your shell, so use an absolute path (e.g. from `which node`)'));
    return {};
  }
  while (Date.now() - started < STARTUP_WATCH_MS && exited(spawned) === undefined) await sleep(20);
  const early = exited(spawned);
  if (early !== undefined) {
    push(step('connect', 'failed', `the process started (pid ${spawned.pid}) but ${early} within ${Date.now() - started} ms, before mcpwire sent anything`,
      stderrEvidence(spawned.stderrTail()), 'run the command in a terminal to see why it stops; a missing file, module or environment variable is the usual cause'));
    return { built, stdout };
  }
  push(step('connect', 'passed', `process ${spawned.pid} started and was still running after ${STARTUP_WATCH_MS} ms`));
  const begun = Date.now();
  try {
    await openClient(client, options.features);
  } catch (error) {
    if (eraFailure(client, error, push)) return { built, stdout };
    push(initializeFailure(error, Date.now() - begun, options.timeoutMs, () => {
      const gone = exited(spawned);
      return gone === undefined
        ? [`the process (pid ${spawned.pid}) is still running`, `stdout so far: ${stdout.lineCount} line(s)`, ...stderrEvidence(spawned.stderrTail())]
        : stderrEvidence(spawned.stderrTail());
    }, () => exited(spawned)));
    return { built, stdout };
  }
  push(eraStep(client));
  push(initializeSuccess(client, Date.now() - begun));
  return { client, built, stdout };
}

async function checkHttp(target: ServerTarget & { kind: 'http' }, options: DoctorConnectOptions, push: Push): Promise<DoctorLink> {
  const exchanges: string[] = [];
  options.tracer.observe((record: TraceRecord) => {
    if (record.kind === 'http' && record.eventId === undefined) {
      const headers = Object.entries(record.headers).map(([name, value]) => `${name}: ${value}`).join('; ');
      exchanges.push(`${record.method} ${record.url} → ${record.status}${headers ? ` (${headers})` : ''}`);
    }
  });
  const attempt = async (legacy: boolean): Promise<{ client?: McpClient | undefined; built: BuiltTransport; error?: unknown; ms: number; eraReason?: string | undefined }> => {
    const built = buildTransport(target, { tracer: options.tracer, tokens: options.tokens, timeoutMs: options.timeoutMs }, legacy);
    const client = createClient(built, options);
    const begun = Date.now();
    try {
      await openClient(client, options.features);
      return { client, built, ms: Date.now() - begun };
    } catch (error) {
      await client.close().catch(() => undefined);
      return { client: undefined, built, error, ms: Date.now() - begun, eraReason: client.eraReason };
    }
  };
  const result = await attempt(target.legacy);
  if (!target.legacy && suggestsLegacySse(result.error)) {
    const refusal = result.error;
    const legacy = await attempt(true);
    const endpoint = legacy.built.legacy?.endpoint;
    if (endpoint === undefined) {
      push(step('connect', 'failed', `${target.url} refused Streamable HTTP (${refusal.message}) and is not a legacy SSE endpoint either`, exchanges, statusFix(refusal.status, refusal.message)));
      return {};
    }
    push(step('connect', 'failed', `${target.url} is a legacy HTTP+SSE endpoint (2024-11-05), not Streamable HTTP`,
      withEndpoint(exchanges, endpoint),
      'declare it as "type": "sse" in the host config (ModelScope: "sse"), or use the server\'s Streamable HTTP address; a host configured for Streamable HTTP ("http", "streamable_http") cannot use this URL'));
    if (!legacy.client) { push(initializeFailure(legacy.error, legacy.ms, options.timeoutMs, () => [])); return {}; }
    push(eraStep(legacy.client));
    push(initializeSuccess(legacy.client, legacy.ms));
    return { client: legacy.client, built: legacy.built };
  }
  if (result.client) {
    const endpoint = result.built.legacy?.endpoint;
    push(step('connect', 'passed', `${target.url} answered`, withEndpoint(exchanges, endpoint)));
    push(eraStep(result.client));
    push(initializeSuccess(result.client, result.ms));
    return { client: result.client, built: result.built };
  }
  const error = result.error;
  const network = describeNetworkError(error, target.url);
  if (network) {
    push(step('connect', 'failed', network.text, exchanges, network.fix));
  } else if (exchanges.length === 0 || error instanceof HttpStatusError || isTransportLevel(error)) {
    const failure = describeFailure(error, target.url);
    let fix = /Content-Type "text\/html"/.test(failure.text) ? 'the URL is a web page, not an MCP endpoint: copy the MCP address from the service page' : failure.fix;
    const evidence = [...exchanges];
    const hosted = error instanceof HttpStatusError && (error.status === 401 || error.status === 403) && !/\b(Host|Origin)\b/.test(error.message)
      ? diagnoseHostedToken(target.url, target.headers, error.status)
      : undefined;
    if (hosted) {
      // A ModelScope hosted address: the credential is the account's token, not an OAuth login.
      evidence.push(...hosted.evidence);
      fix = hosted.fix;
    } else if (error instanceof HttpStatusError && (error.status === 401 || error.status === 403)) {
      // The auth step: which part of OAuth discovery or registration works, and which does not.
      const auth = await diagnoseAuth(target.url, { timeoutMs: options.timeoutMs }, await options.tokens?.load(target.url), error.message);
      evidence.push(...auth.evidence);
      fix = auth.fix;
    }
    push(step('connect', 'failed', exchanges.length === 0 && error instanceof RequestTimeoutError ? `no HTTP response from ${target.url} within ${options.timeoutMs} ms` : failure.text, evidence, fix));
  } else {
    push(step('connect', 'passed', `${target.url} answered`, exchanges));
    if (!eraFailure({ eraReason: result.eraReason }, error, push)) push(initializeFailure(error, result.ms, options.timeoutMs, () => []));
  }
  return {};
}

/** The exchanges, with the legacy `endpoint` event placed right after the GET that carried it. */
function withEndpoint(exchanges: readonly string[], endpoint: string | undefined): string[] {
  const lines = [...exchanges];
  if (endpoint === undefined) return lines;
  const get = lines.findIndex((line) => line.startsWith('GET '));
  lines.splice(get === -1 ? lines.length : get + 1, 0, `first SSE event: endpoint → ${endpoint}`);
  return lines;
}

/** Failures that mean the URL is not the right kind of endpoint, whatever the status. */
function isTransportLevel(error: unknown): boolean {
  return error instanceof Error && /^Unexpected Content-Type|not an SSE stream|not an HTTP\+SSE endpoint|no "endpoint" event/.test(error.message);
}

/**
 * The era step when connecting failed: failed (and initialize skipped) when the probe itself failed,
 * passed when it chose the handshake and initialize then failed. True when initialize is done with.
 */
function eraFailure(client: { eraReason: string | undefined }, error: unknown, push: Push): boolean {
  if (client.eraReason !== undefined) {
    push(step('era', 'passed', `handshake era: ${client.eraReason}`));
    return false;
  }
  if (error instanceof ConnectionClosedError || error instanceof RequestTimeoutError) {
    push(step('era', 'skipped', 'not decided: the server stopped answering during the server/discover probe'));
    return false;
  }
  push(step('era', 'failed', describeFailure(error).text, [], 'the server does not speak the revision --era pinned; try --era auto, which falls back to initialize'));
  push(step('initialize', 'skipped', 'not reached: no revision both sides speak'));
  return true;
}

function initializeSuccess(client: McpClient, ms: number): StepResult {
  const info = client.serverInfo;
  if (client.era === 'stateless') {
    return step('initialize', 'passed', `no initialize in ${client.protocolVersion}: server/discover answered in ${ms} ms, server ${info ? `${info.name} ${info.version}` : '(no serverInfo)'}`,
      [`capabilities: ${formatCapabilities(client.serverCapabilities)}`, ...(client.instructions ? [`instructions: ${client.instructions.length} characters`] : [])]);
  }
  const revision = client.protocolVersion === REVISION_2025_11_25
    ? `revision ${client.protocolVersion}`
    : `revision ${client.protocolVersion} (mcpwire offered ${REVISION_2025_11_25}; the server chose an older one it supports)`;
  return step('initialize', 'passed', `answered in ${ms} ms: ${revision}, server ${info ? `${info.name} ${info.version}` : '(no serverInfo)'}`,
    [`capabilities: ${formatCapabilities(client.serverCapabilities)}`, ...(client.instructions ? [`instructions: ${client.instructions.length} characters`] : [])]);
}

function initializeFailure(error: unknown, ms: number, timeoutMs: number, evidence: () => string[], ended?: () => string | undefined): StepResult {
  if (error instanceof RequestTimeoutError) {
    return step('initialize', 'failed', `no answer to initialize within ${timeoutMs} ms`, evidence(),
      'the server is running but silent: it may be waiting for something (a prompt, a port, a download), write its answer somewhere other than stdout, or be slow to start (raise --timeout). Look at --trace');
  }
  if (error instanceof ConnectionClosedError && error.cause instanceof ServerEchoError) {
    return step('initialize', 'failed', error.cause.message, evidence(), 'the command does not start an MCP server: check the command (and its arguments) that should start it');
  }
  if (error instanceof ConnectionClosedError) {
    const how = ended?.();
    return step('initialize', 'failed', how ? `the server process ${how} during initialize, ${ms} ms after it was sent` : `the connection closed during initialize (after ${ms} ms)`, evidence(),
      'the server stopped before answering initialize (while starting or handling it): its stderr above says why');
  }
  if (error instanceof ProtocolError) {
    return step('initialize', 'failed', `initialize was answered with a JSON-RPC error: ${describeFailure(error).text}`, evidence(),
      `the server refused the handshake; mcpwire offered revision ${REVISION_2025_11_25}, which a server should answer with a revision it supports instead of an error (basic/lifecycle#version-negotiation)`);
  }
  return step('initialize', 'failed', describeFailure(error).text, evidence());
}

/** The era step of a connected client: which revision, and why. */
function eraStep(client: McpClient): StepResult {
  return step('era', 'passed', `${client.era === 'stateless' ? 'stateless' : 'handshake'} era, revision ${client.protocolVersion}: ${client.eraReason ?? ''}`);
}

/** How the process ended, or undefined while it runs. */
function exited(spawned: { exitCode: number | null; signalCode: string | null }): string | undefined {
  if (spawned.signalCode !== null) return `was killed by ${spawned.signalCode}`;
  if (spawned.exitCode !== null) return `exited with code ${spawned.exitCode}`;
  return undefined;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
