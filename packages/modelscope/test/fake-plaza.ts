// A loopback ModelScope MCP Plaza for the tests, written from the OpenAPI shapes of issue 45:
//   PUT    /openapi/v1/mcp/servers                {search, page_number, page_size, filter: {category, is_hosted, tag}}
//                                                 → {success, data: {total_count, mcp_server_list}}; 403 when page_number × page_size > 100
//   GET    /openapi/v1/mcp/servers/{id}           → {success, data: server}; operational_urls only with a token and ?get_operational_url=true
//   POST   /openapi/v1/mcp/servers/{id}/deploy    {transport_type} → {success, data: {url, transport_type}}; 400 without it; 401 without a token
//   DELETE /openapi/v1/mcp/servers/{id}/undeploy  → {success}; 401 without a token
//   GET    /openapi/v1/mcp/servers/operational    → {success, data: {mcp_server_list}}; 401 without a token
// A service's hosted URL is whatever `hostedUrl(id, type)` says (the tests point it at a local
// mcpwire server). `raw` answers a path with a fixed body instead, for hostile answers.

import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A running fake Plaza. */
export interface FakePlaza {
  url: string;
  /** Every request: method, path with query, and the Authorization header it carried. */
  requests: { method: string; path: string; authorization: string | undefined; body: unknown }[];
  /** The deployed services: id → their hosted URLs, one per transport type. */
  deployed: Map<string, { url: string; transport_type: string }[]>;
  close(): Promise<void>;
}

/** The token the fake accepts. */
export const FAKE_TOKEN = 'ms-test-token-5f0e9a';

export interface FakePlazaOptions {
  servers: Record<string, unknown>[];
  hostedUrl: (id: string, type: string) => string;
  raw?: Record<string, { status: number; body: string }>;
}

/** Starts the fake on 127.0.0.1, port 0. */
export async function startFakePlaza(options: FakePlazaOptions): Promise<FakePlaza> {
  const requests: FakePlaza['requests'] = [];
  const deployed = new Map<string, { url: string; transport_type: string }[]>();
  const send = (res: ServerResponse, status: number, body: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const refuse = (res: ServerResponse, status: number, message: string): void => send(res, status, { success: false, message });
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    const body = text === '' ? undefined : JSON.parse(text) as Record<string, unknown>;
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ method: req.method ?? '', path: `${url.pathname}${url.search}`, authorization: req.headers.authorization, body });
    const raw = options.raw?.[url.pathname];
    if (raw) return send(res, raw.status, raw.body);
    const authorized = req.headers.authorization === `Bearer ${FAKE_TOKEN}`;
    const path = url.pathname;
    if (req.method === 'PUT' && path === '/openapi/v1/mcp/servers') {
      const page = Number(body?.page_number ?? 1);
      const size = Number(body?.page_size ?? 10);
      if (page * size > 100) return refuse(res, 403, 'page_number * page_size must not exceed 100');
      const search = String(body?.search ?? '').toLowerCase();
      const filter = (body?.filter ?? {}) as Record<string, unknown>;
      const matching = options.servers.filter((server) => (search === '' || JSON.stringify([server.name, server.chinese_name, server.description, server.tags]).toLowerCase().includes(search))
        && (filter.is_hosted === undefined || server.is_hosted === filter.is_hosted)
        && (filter.category === undefined || server.category === filter.category)
        && (filter.tag === undefined || (server.tags as string[] | undefined)?.includes(String(filter.tag))));
      const list = matching.slice((page - 1) * size, page * size).map(({ server_config: _c, env_schema: _e, readme: _r, operational_urls: _o, ...summary }) => summary);
      return send(res, 200, { success: true, data: { total_count: matching.length, mcp_server_list: list } });
    }
    if (req.method === 'GET' && path === '/openapi/v1/mcp/servers/operational') {
      if (!authorized) return refuse(res, 401, 'login required');
      return send(res, 200, { success: true, data: { mcp_server_list: [...deployed].map(([id, hosted]) => ({ id, name: id.split('/')[1], operational_urls: hosted })) } });
    }
    const match = /^\/openapi\/v1\/mcp\/servers\/(@[^/]+\/[^/]+?)(\/deploy|\/undeploy)?$/.exec(decodeURIComponent(path));
    const server = match ? options.servers.find((item) => item.id === match[1]) : undefined;
    if (!match || !server) return refuse(res, 404, 'mcp server not found');
    const id = match[1]!;
    if (match[2] === '/deploy' && req.method === 'POST') {
      if (!authorized) return refuse(res, 401, 'login required');
      const type = body?.transport_type;
      if (type !== 'sse' && type !== 'streamable_http') return refuse(res, 400, 'transport_type is required');
      const hosted = { url: options.hostedUrl(id, type), transport_type: type };
      deployed.set(id, [...(deployed.get(id) ?? []).filter((item) => item.transport_type !== type), hosted]);
      return send(res, 200, { success: true, data: hosted });
    }
    if (match[2] === '/undeploy' && req.method === 'DELETE') {
      if (!authorized) return refuse(res, 401, 'login required');
      deployed.delete(id);
      return send(res, 200, { success: true, data: null });
    }
    if (match[2] === undefined && req.method === 'GET') {
      const { operational_urls: _o, category: _c, ...detail } = server;
      const hosted = deployed.get(id);
      const operational = authorized && url.searchParams.get('get_operational_url') === 'true' ? { operational_urls: hosted ?? [] } : {};
      return send(res, 200, { success: true, data: { ...detail, ...operational } });
    }
    return refuse(res, 405, 'method not allowed');
  };
  const http = createServer((req, res) => { handle(req, res).catch((error: unknown) => refuse(res, 500, String(error))); });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    deployed,
    close: () => new Promise((resolve) => { http.closeAllConnections(); http.close(() => resolve()); }),
  };
}

/** The seed's example, a maps service, and fillers: 130 services, so that the 100-item cap shows. */
export function samplePlaza(): Record<string, unknown>[] {
  const amap = {
    id: '@amap/amap-maps',
    name: 'amap-maps',
    chinese_name: '高德地图',
    author: 'amap',
    description: 'Maps: geocoding, routes, weather and places from AMap',
    tags: ['maps', 'location'],
    category: 'location-services',
    logo_url: 'https://img.alicdn.com/amap.png',
    locales: { zh: { name: '高德地图', description: '地理编码、路线规划、天气与地点搜索' }, en: { name: 'AMap Maps', description: 'Maps: geocoding, routes, weather and places from AMap' } },
    server_config: [{ mcpServers: { 'amap-maps': { command: 'npx', args: ['-y', '@amap/amap-maps-mcp-server'], env: { AMAP_MAPS_API_KEY: 'your-api-key' } } } }],
    env_schema: { type: 'object', properties: { AMAP_MAPS_API_KEY: { type: 'string', description: 'The AMap Web Service key' } }, required: ['AMAP_MAPS_API_KEY'] },
    is_hosted: true,
    is_verified: true,
    source_url: 'https://github.com/amap/amap-maps-mcp-server',
    readme: '# AMap',
    github_stars: 1200,
  };
  const fillers = Array.from({ length: 129 }, (_, index) => ({
    id: `@filler/tool-${String(index).padStart(3, '0')}`,
    name: `tool-${String(index).padStart(3, '0')}`,
    description: `Filler service ${index}`,
    tags: ['filler'],
    category: 'developer-tools',
    is_hosted: index % 2 === 0,
    is_verified: false,
  }));
  return [amap, ...fillers];
}
