// Headless Chromium driven through the DevTools protocol over --remote-debugging-pipe (NUL-ended
// JSON on file descriptors 3 and 4: no WebSocket, no port, no dependency). Enough for a test to open
// a page, run script in it and in its frames (out-of-process ones too: targets are auto-attached),
// wait for a condition, and take a screenshot. Every wait is bounded.

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

/** How long one DevTools command may take. */
const COMMAND_MS = 30_000;

type Json = Record<string, unknown>;

/** One execution context of one frame: the session it lives in and its id. */
interface FrameContext { sessionId: string; contextId: number }

/** A running Chromium. */
export class Chromium {
  readonly #child: ChildProcess;
  readonly #input: Writable;
  readonly #profile: string;
  #nextId = 0;
  readonly #pending = new Map<number, { resolve(value: Json): void; reject(error: Error): void }>();
  readonly #listeners: ((method: string, params: Json, sessionId: string | undefined) => void)[] = [];
  stderr = '';

  private constructor(child: ChildProcess, profile: string) {
    this.#child = child;
    this.#profile = profile;
    this.#input = child.stdio[3] as Writable;
    let buffered = '';
    (child.stdio[4] as Readable).setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      for (let end = buffered.indexOf('\0'); end !== -1; end = buffered.indexOf('\0')) {
        const message = JSON.parse(buffered.slice(0, end)) as { id?: number; result?: Json; error?: { message: string }; method?: string; params?: Json; sessionId?: string };
        buffered = buffered.slice(end + 1);
        if (message.id !== undefined) {
          const waiting = this.#pending.get(message.id);
          this.#pending.delete(message.id);
          if (message.error) waiting?.reject(new Error(message.error.message));
          else waiting?.resolve(message.result ?? {});
        } else if (message.method) {
          for (const listener of this.#listeners) listener(message.method, message.params ?? {}, message.sessionId);
        }
      }
    });
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => { this.stderr = (this.stderr + chunk).slice(-4000); });
  }

  /** Starts headless Chromium (the Debian package; CHROMIUM names another binary). */
  static launch(): Chromium {
    const profile = mkdtempSync(join(tmpdir(), 'mcpwire-cdp-'));
    const child = spawn(process.env.CHROMIUM ?? 'chromium', [
      '--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--no-default-browser-check', '--hide-scrollbars',
      '--remote-debugging-pipe', `--user-data-dir=${profile}`, 'about:blank',
    ], { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
    child.on('error', (error) => { throw new Error(`chromium could not be run (install the Debian package "chromium"; .ci/run does): ${error.message}`); });
    return new Chromium(child, profile);
  }

  /** Sends one command (to a target's session when `sessionId` is given). */
  send(method: string, params: Json = {}, sessionId?: string): Promise<Json> {
    const id = ++this.#nextId;
    return new Promise<Json>((resolve, reject) => {
      const timer = setTimeout(() => { this.#pending.delete(id); reject(new Error(`${method}: no answer within ${COMMAND_MS} ms\n${this.stderr}`)); }, COMMAND_MS);
      this.#pending.set(id, { resolve: (value) => { clearTimeout(timer); resolve(value); }, reject: (error) => { clearTimeout(timer); reject(error); } });
      this.#input.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });
  }

  /** Hears every event. */
  on(listener: (method: string, params: Json, sessionId: string | undefined) => void): void {
    this.#listeners.push(listener);
  }

  /** Opens a new page at `url`. */
  async open(url: string): Promise<BrowserPage> {
    const { targetId } = await this.send('Target.createTarget', { url: 'about:blank' }) as { targetId: string };
    const { sessionId } = await this.send('Target.attachToTarget', { targetId, flatten: true }) as { sessionId: string };
    const page = new BrowserPage(this, sessionId);
    await page.attach(sessionId);
    await this.send('Page.navigate', { url }, sessionId);
    return page;
  }

  /** Ends the browser (Browser.close, else SIGKILL after 10 s) and removes its profile. */
  async close(): Promise<void> {
    const exited = new Promise((resolve) => this.#child.once('exit', resolve));
    const force = setTimeout(() => this.#child.kill('SIGKILL'), 10_000);
    this.send('Browser.close').catch(() => this.#child.kill('SIGKILL'));
    await exited;
    clearTimeout(force);
    // Its helper processes may still be writing to the profile for a moment.
    rmSync(this.#profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}

/** A page and every frame in it, whichever process runs them. */
export class BrowserPage {
  readonly #browser: Chromium;
  readonly sessionId: string;
  /** Default execution contexts by frame id (a frame's newest one wins). */
  readonly #contexts = new Map<string, FrameContext>();

  constructor(browser: Chromium, sessionId: string) {
    this.#browser = browser;
    this.sessionId = sessionId;
    browser.on((method, params, session) => {
      if (session === undefined) return;
      if (method === 'Runtime.executionContextCreated') {
        const context = params.context as { id: number; auxData?: { frameId?: string; isDefault?: boolean } };
        if (context.auxData?.isDefault && context.auxData.frameId) this.#contexts.set(context.auxData.frameId, { sessionId: session, contextId: context.id });
      } else if (method === 'Target.attachedToTarget') {
        void this.attach((params as { sessionId: string }).sessionId).catch(() => undefined);
      }
    });
  }

  /** Enables what the page needs in one target's session, and attaches its child frames (out-of-process iframes) too. */
  async attach(sessionId: string): Promise<void> {
    await this.#browser.send('Runtime.enable', {}, sessionId);
    await this.#browser.send('Page.enable', {}, sessionId).catch(() => undefined);
    await this.#browser.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: true }, sessionId);
  }

  /** Runs `expression` in the page's main frame; resolves with its (JSON) value. */
  evaluate<T>(expression: string): Promise<T> {
    return this.#evaluate<T>(expression, this.sessionId);
  }

  async #evaluate<T>(expression: string, sessionId: string, contextId?: number): Promise<T> {
    const answer = await this.#browser.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true, ...(contextId === undefined ? {} : { contextId }) }, sessionId) as
      { result: { value?: T }; exceptionDetails?: { text: string; exception?: { description?: string } } };
    if (answer.exceptionDetails) throw new Error(`${expression}: ${answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text}`);
    return answer.result.value as T;
  }

  /** Runs `expression` in every frame whose location starts with `prefix`; resolves with the first frame's value. */
  async evaluateInFrame<T>(prefix: string, expression: string): Promise<T | undefined> {
    for (const { sessionId, contextId } of this.#contexts.values()) {
      const href = await this.#evaluate<string>('location.href', sessionId, contextId).catch(() => '');
      if (href.startsWith(prefix)) return this.#evaluate<T>(expression, sessionId, contextId);
    }
    return undefined;
  }

  /** Waits until `check()` resolves with something other than undefined, false or '' (polled; at most `ms`). */
  async waitFor<T>(what: string, check: () => Promise<T | undefined | false>, ms = 30_000): Promise<T> {
    const until = Date.now() + ms;
    let last: unknown;
    for (;;) {
      try {
        const value = await check();
        if (value !== undefined && value !== false && value !== '') return value as T;
      } catch (error) {
        last = error;
      }
      if (Date.now() > until) throw new Error(`waited ${ms} ms for ${what}${last ? `: ${last instanceof Error ? last.message : String(last)}` : ''}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** A PNG of the page at this size, as bytes. */
  async screenshot(width: number, height: number): Promise<Buffer> {
    await this.#browser.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: false }, this.sessionId);
    const { data } = await this.#browser.send('Page.captureScreenshot', { format: 'png', captureBeyondViewport: false }, this.sessionId) as { data: string };
    return Buffer.from(data, 'base64');
  }
}
