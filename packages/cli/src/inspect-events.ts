// What `mcpwire inspect` tells its page, in order: every JSON-RPC message of the connection (from the
// tracer), the host's steps on the model-API side, what an MCP App's view and its host exchanged,
// logs, progress, the questions asked of the page (inspect-questions.ts) and their end. The page
// draws the sequence diagram from this one log, so a page opened late (or reloaded) sees the
// connection from its first message, and the questions still waiting. Bounded: a chatty
// server cannot grow it without end; the oldest events go first, and the page is told how many.

/** One event for the page. `seq` numbers them from 1 for the whole run. */
export type InspectEvent = { seq: number } & InspectEventBody;

/** What an event says. */
export type InspectEventBody =
  | { kind: 'wire'; direction: 'send' | 'receive'; message: unknown }
  | { kind: 'host'; event: unknown }
  | { kind: 'app'; direction: 'to-host' | 'to-app'; message: unknown }
  | { kind: 'log'; level: string; logger?: string; data: unknown }
  | { kind: 'progress'; callId: string; progress: number; total?: number; message?: string }
  | { kind: 'confirm'; id: string; server: string; tool: string; arguments: unknown }
  | { kind: 'elicit'; id: string; params: unknown }
  | { kind: 'sample'; id: string; params: unknown }
  | { kind: 'answered'; id: string; how: string }
  | { kind: 'changed'; what: 'tools' | 'resources' | 'prompts' }
  | { kind: 'stderr'; text: string }
  | { kind: 'note'; text: string };

/** Bounds of the log. */
export interface InspectEventLimits {
  /** Events kept (default 5,000). */
  maxEvents?: number;
  /** JSON characters kept, all events together (default 32 MiB). */
  maxChars?: number;
  /** One event's JSON above this is kept as a note saying so (default 4 MiB). */
  maxEventChars?: number;
}

/** The run's events, and who is listening. */
export class InspectEvents {
  readonly #kept: { event: InspectEvent; json: string }[] = [];
  readonly #listeners = new Set<(json: string) => void>();
  readonly #maxEvents: number;
  readonly #maxChars: number;
  readonly #maxEventChars: number;
  #chars = 0;
  #seq = 0;
  /** How many events were let go to stay within the bounds. */
  dropped = 0;

  constructor(limits: InspectEventLimits = {}) {
    this.#maxEvents = limits.maxEvents ?? 5000;
    this.#maxChars = limits.maxChars ?? 32 * 1024 * 1024;
    this.#maxEventChars = limits.maxEventChars ?? 4 * 1024 * 1024;
  }

  /** Adds an event and hands it to every listener; false when it was too large and a note went in its place. */
  add(body: InspectEventBody): boolean {
    const seq = ++this.#seq;
    let json = safeJson({ seq, ...body });
    const fits = json.length <= this.#maxEventChars;
    if (!fits) {
      json = JSON.stringify({ seq, kind: 'note', text: `a ${body.kind} event of ${json.length} characters was too large to show (limit ${this.#maxEventChars})` });
    }
    const event = JSON.parse(json) as InspectEvent;
    this.#kept.push({ event, json });
    this.#chars += json.length;
    while (this.#kept.length > this.#maxEvents || (this.#chars > this.#maxChars && this.#kept.length > 1)) {
      this.#chars -= this.#kept.shift()!.json.length;
      this.dropped++;
    }
    for (const listener of this.#listeners) listener(json);
    return fits;
  }

  /** The events kept, oldest first. */
  get events(): InspectEvent[] {
    return this.#kept.map(({ event }) => event);
  }

  /** Replays what is kept to `listener` (as JSON text), then hands it each new event; returns the way to stop. */
  subscribe(listener: (json: string) => void): () => void {
    for (const { json } of this.#kept) listener(json);
    this.#listeners.add(listener);
    return () => { this.#listeners.delete(listener); };
  }
}

/** JSON of an event whose parts may be Errors (shown by name and message) or hold cycles (refused as a note). */
function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value, (_key, part: unknown) => (part instanceof Error ? { name: part.name, message: part.message } : part));
  } catch (error) {
    const { seq } = value as { seq: number };
    return JSON.stringify({ seq, kind: 'note', text: `an event could not be shown: ${error instanceof Error ? error.message : String(error)}` });
  }
}
