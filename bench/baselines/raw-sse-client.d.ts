// Types of raw-sse-client.js (plain JavaScript on purpose, see there).

export class RawSseClient {
  constructor(url: string);
  request(method: string, params?: object): Promise<Record<string, unknown>>;
  close(): void;
}
