// ModelScopeClient against the loopback fake Plaza (fake-plaza.ts): every page within the
// 100-item cap, the filters as sent, the token only where it belongs, the refusals (403, 400,
// 401) and hostile answers, each error naming the field.

import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, test } from 'node:test';
import { ModelScopeClient, PlazaError } from '../src/index.js';
import { FAKE_TOKEN, samplePlaza, startFakePlaza } from './fake-plaza.js';
import type { FakePlaza } from './fake-plaza.js';

let plaza: FakePlaza;
const hostedUrl = (id: string, type: string): string => `https://mcp.api-inference.modelscope.net/${id.split('/')[1]}/${type === 'sse' ? 'sse' : 'mcp'}`;

before(async () => { plaza = await startFakePlaza({ servers: samplePlaza(), hostedUrl }); });
after(async () => { await plaza.close(); });

const client = (token?: string): ModelScopeClient => new ModelScopeClient({ baseUrl: plaza.url, ...(token !== undefined ? { token } : {}) });

/** What an async call throws, as {kind, status, message}. */
async function failure(run: () => Promise<unknown>): Promise<{ kind: string; status: number | undefined; message: string }> {
  try {
    await run();
  } catch (error) {
    if (!(error instanceof PlazaError)) throw error;
    return { kind: error.kind, status: error.status, message: error.message };
  }
  throw new Error('did not throw');
}

test('search reads every page within the 100-item cap and no further; the fake refuses past it with 403', async () => {
  plaza.requests.length = 0;
  const found = await client().search({ pageSize: 30 });
  assert.deepStrictEqual([found.totalCount, found.servers.length, found.more], [130, 90, true]);
  assert.deepStrictEqual(plaza.requests.map((r) => [r.method, (r.body as { page_number: number }).page_number, (r.body as { page_size: number }).page_size]), [['PUT', 1, 30], ['PUT', 2, 30], ['PUT', 3, 30]]);
  const past = await fetch(`${plaza.url}/openapi/v1/mcp/servers`, { method: 'PUT', body: JSON.stringify({ page_number: 4, page_size: 30 }) });
  assert.deepStrictEqual([past.status, await past.json()], [403, { success: false, message: 'page_number * page_size must not exceed 100' }]);
});

test('search sends the category, hosted and tag filters, and reads the seed example whole', async () => {
  plaza.requests.length = 0;
  const found = await client().search({ search: 'maps', category: 'location-services', hosted: true, tag: 'maps' });
  assert.deepStrictEqual(plaza.requests.map((r) => r.body), [{ search: 'maps', page_number: 1, page_size: 20, filter: { category: 'location-services', is_hosted: true, tag: 'maps' } }]);
  assert.deepStrictEqual(found, {
    totalCount: 1, more: false,
    servers: [{
      id: '@amap/amap-maps', name: 'amap-maps', chineseName: '高德地图', description: 'Maps: geocoding, routes, weather and places from AMap', tags: ['maps', 'location'],
      logoUrl: 'https://img.alicdn.com/amap.png', isHosted: true, isVerified: true,
      locales: { zh: { name: '高德地图', description: '地理编码、路线规划、天气与地点搜索' }, en: { name: 'AMap Maps', description: 'Maps: geocoding, routes, weather and places from AMap' } },
    }],
  });
});

test('getServer: without a token no Authorization is sent and no hosted URL comes; deploy needs a token and an explicit type', async () => {
  plaza.requests.length = 0;
  const anonymous = await client().getServer('@amap/amap-maps');
  assert.deepStrictEqual([anonymous.operationalUrls, plaza.requests.map((r) => [r.path, r.authorization])], [[], [['/openapi/v1/mcp/servers/@amap/amap-maps', undefined]]]);
  assert.deepStrictEqual({ ...anonymous, readme: undefined }, {
    id: '@amap/amap-maps', name: 'amap-maps', chineseName: '高德地图', author: 'amap', description: 'Maps: geocoding, routes, weather and places from AMap', tags: ['maps', 'location'],
    locales: { zh: { name: '高德地图', description: '地理编码、路线规划、天气与地点搜索' }, en: { name: 'AMap Maps', description: 'Maps: geocoding, routes, weather and places from AMap' } },
    localConfigs: [{ name: 'amap-maps', command: 'npx', args: ['-y', '@amap/amap-maps-mcp-server'], env: { AMAP_MAPS_API_KEY: 'your-api-key' } }],
    env: [{ name: 'AMAP_MAPS_API_KEY', description: 'The AMap Web Service key', required: true, secret: true }],
    isHosted: true, isVerified: true, operationalUrls: [], sourceUrl: 'https://github.com/amap/amap-maps-mcp-server', readme: undefined, githubStars: 1200,
  });
  plaza.requests.length = 0;
  assert.deepStrictEqual(await failure(() => client().deploy('@amap/amap-maps', 'streamable_http')), {
    kind: 'no-token', status: undefined, message: 'POST /openapi/v1/mcp/servers/@amap/amap-maps/deploy needs a ModelScope access token: set MODELSCOPE_API_TOKEN (from your account settings, Access Tokens)',
  });
  assert.deepStrictEqual(plaza.requests, []);
  const noType = await fetch(`${plaza.url}/openapi/v1/mcp/servers/@amap/amap-maps/deploy`, { method: 'POST', headers: { authorization: `Bearer ${FAKE_TOKEN}` }, body: '{}' });
  assert.deepStrictEqual([noType.status, await noType.json()], [400, { success: false, message: 'transport_type is required' }]);

  const hosted = await client(FAKE_TOKEN).deploy('@amap/amap-maps', 'sse');
  assert.deepStrictEqual(hosted, { url: 'https://mcp.api-inference.modelscope.net/amap-maps/sse', transportType: 'sse' });
  assert.deepStrictEqual((await client(FAKE_TOKEN).getServer('@amap/amap-maps')).operationalUrls, [hosted]);
  assert.deepStrictEqual(await client(FAKE_TOKEN).deployments(), [{ id: '@amap/amap-maps', name: 'amap-maps', operationalUrls: [hosted] }]);
  await client(FAKE_TOKEN).undeploy('@amap/amap-maps');
  assert.deepStrictEqual(await client(FAKE_TOKEN).deployments(), []);
});

test('a wrong token is a 401 refusal whose message never holds the token', async () => {
  const wrong = 'ms-wrong-token-1234567';
  const refused = await failure(() => client(wrong).deployments());
  assert.deepStrictEqual(refused, { kind: 'refused', status: 401, message: 'ModelScope answered GET /openapi/v1/mcp/servers/operational with HTTP 401 (no valid token: set MODELSCOPE_API_TOKEN): login required' });
});

test('hostile answers: each refused, naming the field; one bad list item spoils no page', async () => {
  const server = (data: Record<string, unknown>) => ({ status: 200, body: JSON.stringify({ success: true, data: { id: '@evil/x', name: 'x', ...data } }) });
  const cases: Record<string, Record<string, unknown>> = {
    '@evil/sse-as-http': { operational_urls: [{ url: 'https://mcp.example.net/x/sse', transport_type: 'streamable_http' }] },
    '@evil/no-type': { operational_urls: [{ url: 'https://mcp.example.net/x/mcp' }] },
    '@evil/plain-http': { operational_urls: [{ url: 'http://mcp.example.net/x/mcp', transport_type: 'streamable_http' }] },
    '@evil/source': { source_url: 'javascript:alert(1)' },
    '@evil/env-name': { env_schema: { type: 'object', properties: { 'A B': { type: 'string' } } } },
    '@evil/args': { server_config: [{ mcpServers: { x: { command: 'npx', args: ['-y', 7] } } }] },
  };
  const raw = Object.fromEntries(Object.entries(cases).map(([id, data]) => [`/openapi/v1/mcp/servers/${id}`, server({ ...data, id })]));
  raw['/openapi/v1/mcp/servers'] = { status: 200, body: JSON.stringify({ success: true, data: { total_count: 2, mcp_server_list: [{ id: '--call=sh', name: 'x' }, { id: '@ok/fine', name: 'fine' }] } }) };
  const hostile = await startFakePlaza({ servers: [], hostedUrl, raw });
  const reader = new ModelScopeClient({ baseUrl: hostile.url });
  try {
    const messages: string[] = [];
    for (const id of Object.keys(cases)) messages.push((await failure(() => reader.getServer(id))).message);
    assert.deepStrictEqual(messages, [
      'malformed ModelScope answer: data.operational_urls[0].transport_type says "streamable_http" for https://mcp.example.net/x/sse, an SSE address',
      'malformed ModelScope answer: data.operational_urls[0].transport_type is missing; the Plaza hosts "sse" and "streamable_http"',
      'malformed ModelScope answer: data.operational_urls[0].url "http://mcp.example.net/x/mcp" is not https',
      'malformed ModelScope answer: data.source_url "javascript:alert(1)" is not an http(s) URL',
      'malformed ModelScope answer: data.env_schema.properties["A B"] is not an environment variable name',
      'malformed ModelScope answer: data.server_config[0].mcpServers["x"].args[1] is not a string',
    ]);
    assert.deepStrictEqual((await reader.search()).servers, [
      { id: '--call=sh', problem: 'malformed ModelScope answer: data.mcp_server_list[0].id "--call=sh" is not a Plaza id (@owner/name)' },
      { id: '@ok/fine', name: 'fine', description: '', tags: [], locales: {} },
    ]);
  } finally {
    await hostile.close();
  }
});

test('the token never leaves the ModelScope origin: a redirect elsewhere is refused before it is followed', async () => {
  const seen: (string | undefined)[] = [];
  const elsewhere = createServer((req, res) => { seen.push(req.headers.authorization); res.end('{}'); });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  const other = `http://localhost:${(elsewhere.address() as { port: number }).port}/steal`;
  const redirecting = createServer((_req, res) => { res.writeHead(302, { location: other }); res.end(); });
  await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
  try {
    const base = `http://127.0.0.1:${(redirecting.address() as { port: number }).port}`;
    const refused = await failure(() => new ModelScopeClient({ baseUrl: base, token: FAKE_TOKEN }).deployments());
    assert.deepStrictEqual([refused.kind, refused.message.includes(FAKE_TOKEN), seen], ['data', false, []]);
    assert.match(refused.message, /is not ModelScope's origin/);
  } finally {
    elsewhere.close();
    redirecting.close();
  }
});

test('options: an unknown key is refused, naming it; a base URL that is not https is refused', () => {
  assert.throws(() => new ModelScopeClient({ bogus: 1 } as never), { name: 'TypeError', message: 'new ModelScopeClient: unknown option "bogus"' });
  assert.throws(() => new ModelScopeClient({ baseUrl: 'http://modelscope.cn' }), { name: 'TypeError', message: 'new ModelScopeClient: baseUrl "http://modelscope.cn" must be https (http only on loopback)' });
});

test('deploy reads every form of the answer (the URL as a string, url + transport_type, operational_urls) and names the field otherwise', async () => {
  const base = 'https://mcp.api-inference.modelscope.net/4a3c1e7f2b9d40';
  const answers: Record<string, unknown> = {
    string: `${base}/mcp`,
    object: { url: `${base}/mcp`, transport_type: 'streamable_http' },
    list: { operational_urls: [{ url: `${base}/sse`, transport_type: 'sse' }, { url: `${base}/mcp`, transport_type: 'streamable_http' }] },
    'sse-string': `${base}/sse`,
    neither: { status: 'RUNNING' },
    number: 42,
    'other-type': { operational_urls: [{ url: `${base}/sse`, transport_type: 'sse' }] },
  };
  const raw = Object.fromEntries(Object.entries(answers).map(([name, data]) => [`/openapi/v1/mcp/servers/@shape/${name}/deploy`, { status: 200, body: JSON.stringify({ success: true, data }) }]));
  const shapes = await startFakePlaza({ servers: [], hostedUrl, raw });
  try {
    const deploy = (name: string) => new ModelScopeClient({ baseUrl: shapes.url, token: FAKE_TOKEN }).deploy(`@shape/${name}`, 'streamable_http');
    const hosted = { url: `${base}/mcp`, transportType: 'streamable_http' };
    assert.deepStrictEqual([await deploy('string'), await deploy('object'), await deploy('list')], [hosted, hosted, hosted]);
    const errors = [];
    for (const name of ['sse-string', 'neither', 'number', 'other-type']) errors.push(await failure(() => deploy(name)));
    assert.deepStrictEqual(errors.map((error) => [error.kind, error.message]), [
      ['data', `malformed ModelScope answer: data.transport_type says "streamable_http" for ${base}/sse, an SSE address`],
      ['data', 'malformed ModelScope answer: data has neither "url" nor "operational_urls" (its keys: ["status"]): no hosted URL came back'],
      ['data', 'malformed ModelScope answer: data is 42, not the hosted URL (a string) or an object with "url" or "operational_urls"'],
      ['data', 'malformed ModelScope answer: data holds no streamable_http URL (asked for transport_type "streamable_http")'],
    ]);
  } finally {
    await shapes.close();
  }
});
