// Types of raw-node-http-client.js (plain JavaScript on purpose, see there).

export class RawNodeHttpClient {
  constructor(url: string);
  request(method: string, params?: object, headers?: Record<string, string>): Promise<Record<string, unknown>>;
  notify(method: string): Promise<void>;
  close(): void;
}
