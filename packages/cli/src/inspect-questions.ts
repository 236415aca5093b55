// What `mcpwire inspect` asks the person at its page, and waits for: a call the model wants to make
// (the Policy's confirm), and what the server asks of the client mid-request: a form to fill in
// (elicitation/create, client/elicitation) or a model reply to write (sampling/createMessage,
// client/sampling). Each question is an event for the page; the page's answer (POST api/answer)
// settles it, and an `answered` event takes it off every open page. Bounded: at most 16 wait at
// once (more are refused at once), each waits at most ten minutes, one too large for the page's
// event log is given up at once, a server that cancels its request takes its question back, and
// closing refuses whatever still waits.

import { ProtocolError } from 'mcpwire/jsonrpc';
import type { CreateMessageRequestParams, CreateMessageResult, ElicitRequestParams, ElicitResult, McpRequestContext, Tool } from 'mcpwire/protocol';
import type { InspectEvents } from './inspect-events.js';

/** How long a question waits for the page by default. */
export const ANSWER_TIMEOUT_MS = 10 * 60_000;
/** Questions waiting at once by default. */
const MAX_WAITING = 16;

/** The model name in a sampling reply the person wrote on the page. */
export const PAGE_SAMPLING_MODEL = 'mcpwire-inspect-user';

/** Bounds and where the questions go. */
export interface PageQuestionsOptions {
  events: InspectEvents;
  /** How long one question waits (default ANSWER_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Questions waiting at once (default 16). */
  maxWaiting?: number;
}

type ElicitContent = NonNullable<ElicitResult['content']>;

/** One waiting question: how to read the page's answer, and what it comes to when nobody gives one. */
interface Waiting {
  /** The page's answer read into the settled value, or a problem (the page got it wrong: the question still waits). */
  read(answer: Record<string, unknown>): { settle(): void; how: string } | string;
  /** Settles without an answer (timeout, server cancelled, closing), saying why. */
  giveUp(why: string): void;
}

/** A question as the page is told it (its id added). */
type QuestionEvent = { kind: 'confirm'; server: string; tool: string; arguments: unknown } | { kind: 'elicit'; params: unknown } | { kind: 'sample'; params: unknown };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The questions of one inspector run. */
export class PageQuestions {
  readonly #events: InspectEvents;
  readonly #timeoutMs: number;
  readonly #maxWaiting: number;
  readonly #waiting = new Map<string, Waiting & { end(): void }>();
  #count = 0;

  constructor(options: PageQuestionsOptions) {
    this.#events = options.events;
    this.#timeoutMs = options.timeoutMs ?? ANSWER_TIMEOUT_MS;
    this.#maxWaiting = options.maxWaiting ?? MAX_WAITING;
  }

  /** The Policy's `confirm`: may the model's call run? (false when not answered) */
  confirm(server: string, tool: Tool, args: Record<string, unknown>): Promise<boolean> {
    return new Promise((resolve) => {
      const asked = this.#ask('c', { kind: 'confirm', server, tool: tool.name, arguments: args }, undefined, {
        read: (answer) => (typeof answer.yes === 'boolean' ? { settle: () => resolve(answer.yes as boolean), how: answer.yes ? 'run' : 'refused' } : '"answer.yes" must be true or false'),
        giveUp: () => resolve(false),
      });
      if (!asked) resolve(false);
    });
  }

  /** The client's onElicitation: the page shows the form (or the URL) and answers accept, decline or cancel; nobody answering is cancel. */
  elicit(params: ElicitRequestParams, context?: Pick<McpRequestContext, 'signal'>): Promise<ElicitResult> {
    return new Promise((resolve) => {
      const asked = this.#ask('e', { kind: 'elicit', params }, context?.signal, {
        read: (answer) => {
          const action = answer.action;
          if (action === 'decline' || action === 'cancel') return { settle: () => resolve({ action }), how: action };
          if (action !== 'accept') return '"answer.action" must be accept, decline or cancel';
          if (params.mode === 'url') return { settle: () => resolve({ action }), how: action };
          const content = readContent(answer.content, params.requestedSchema?.properties ?? {});
          return typeof content === 'string' ? content : { settle: () => resolve({ action, content }), how: action };
        },
        // client/elicitation#response-actions: cancel is "dismissed without an explicit choice".
        giveUp: () => resolve({ action: 'cancel' }),
      });
      if (!asked) resolve({ action: 'decline' });
    });
  }

  /** The client's onSampling: the page shows the request and the person writes the reply, or refuses it (error -1, as on the terminal). */
  sample(params: CreateMessageRequestParams, context?: Pick<McpRequestContext, 'signal'>): Promise<CreateMessageResult> {
    return new Promise((resolve, reject) => {
      const refuse = (why: string): void => reject(new ProtocolError(-1, why));
      const asked = this.#ask('s', { kind: 'sample', params }, context?.signal, {
        read: (answer) => {
          if (answer.action === 'refuse') return { settle: () => refuse('Sampling refused by the user'), how: 'refused' };
          if (answer.action !== 'send') return '"answer.action" must be send or refuse';
          if (typeof answer.text !== 'string' || answer.text.trim() === '') return '"answer.text" must be the reply, a non-empty string';
          const text = answer.text;
          return { settle: () => resolve({ role: 'assistant', content: { type: 'text', text }, model: PAGE_SAMPLING_MODEL, stopReason: 'endTurn' }), how: 'sent' };
        },
        giveUp: (why) => refuse(`Sampling refused: ${why}`),
      });
      if (!asked) refuse(`Sampling refused: ${this.#maxWaiting} questions already wait on the inspector page`);
    });
  }

  /** The page's answer to question `id`; a problem (unknown id, wrong shape) is returned as text and the question keeps waiting. */
  answer(id: string, answer: unknown): string | undefined {
    const waiting = this.#waiting.get(id);
    if (waiting === undefined) return `no question "${id}" is waiting`;
    if (!isRecord(answer)) return '"answer" must be a JSON object';
    const read = waiting.read(answer);
    if (typeof read === 'string') return read;
    this.#settle(id, read.how);
    read.settle();
    return undefined;
  }

  /** Gives up every question still waiting (the inspector is closing). */
  closeAll(): void {
    for (const id of [...this.#waiting.keys()]) this.#giveUp(id, 'the inspector is closing');
  }

  /** Adds the question and its event; false when too many wait. */
  #ask(prefix: string, event: QuestionEvent, signal: AbortSignal | undefined, waiting: Waiting): boolean {
    if (this.#waiting.size >= this.#maxWaiting) return false;
    const id = `${prefix}${++this.#count}`;
    const timer = setTimeout(() => this.#giveUp(id, `nobody answered on the inspector page within ${Math.round(this.#timeoutMs / 1000)} s`), this.#timeoutMs);
    const withdrawn = (): void => this.#giveUp(id, 'the server cancelled its request');
    signal?.addEventListener('abort', withdrawn, { once: true });
    // However the question ends, its timer and its abort listener go with it.
    this.#waiting.set(id, { ...waiting, end: () => { clearTimeout(timer); signal?.removeEventListener('abort', withdrawn); } });
    // A question too large for the page's event log never reaches the page: given up at once, not after the timeout.
    if (!this.#events.add({ ...event, id })) this.#giveUp(id, 'the question is too large to show on the inspector page');
    else if (signal?.aborted) withdrawn();
    return true;
  }

  #giveUp(id: string, why: string): void {
    const waiting = this.#waiting.get(id);
    if (waiting === undefined) return;
    this.#settle(id, why);
    waiting.giveUp(why);
  }

  #settle(id: string, how: string): void {
    this.#waiting.get(id)?.end();
    this.#waiting.delete(id);
    this.#events.add({ kind: 'answered', id, how });
  }
}

/**
 * An accepted form's content: only fields the server asked for, each a string, number, boolean or
 * list of strings (client/elicitation#supported-schema-types); the page checked it against the schema.
 */
function readContent(content: unknown, properties: Record<string, unknown>): ElicitContent | string {
  if (!isRecord(content)) return '"answer.content" must be a JSON object';
  const out: ElicitContent = {};
  for (const [name, value] of Object.entries(content)) {
    if (!Object.hasOwn(properties, name)) return `"answer.content.${name}" is not a field the server asked for`;
    const fits = ['string', 'number', 'boolean'].includes(typeof value) || (Array.isArray(value) && value.every((item) => typeof item === 'string'));
    if (!fits) return `"answer.content.${name}" must be a string, number, boolean or list of strings`;
    // defineProperty: a field the server named "__proto__" stays a field.
    Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}
