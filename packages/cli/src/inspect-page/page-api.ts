// How the page talks to `mcpwire inspect`: POST api/OP with a JSON object, and one event stream.
// The URLs are relative to the page's own (/TOKEN/), so every request carries the token in its
// path, and each is same-origin, so the browser sends the page's Origin, which the server checks.

import { browser } from './dom.js';

/** What an operation answers: its fields, or `error` when the server (or the call) failed. */
export type ApiAnswer = Record<string, unknown> & { error?: { message: string; code?: number; data?: unknown } };

/** Runs one operation of the inspector's API. */
export async function api(op: string, body: Record<string, unknown> = {}): Promise<ApiAnswer> {
  const response = await fetch(`api/${op}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) return { error: { message: `HTTP ${response.status}: ${text}` } };
  return JSON.parse(text) as ApiAnswer;
}

/** Hands every event of the run (the ones before this page opened first) to `onevent`. */
export function subscribe(onevent: (event: Record<string, unknown>) => void): void {
  const source = new browser.EventSource('events');
  source.onmessage = (message) => onevent(JSON.parse(message.data) as Record<string, unknown>);
}

let counter = 0;

/** A fresh id for a call the page starts (its progress events and its cancel name it). */
export function nextCallId(prefix: string): string {
  return `${prefix}-${++counter}`;
}
