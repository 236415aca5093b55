// doctor's connect step on a ModelScope hosted address that answers 401: the token is named as
// missing or refused, with the fix, and never shown (doctor-modelscope.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { diagnoseHostedToken, isModelScopeHosted } from '../src/doctor-modelscope.js';

const HOSTED = 'https://mcp.api-inference.modelscope.net/4a3c1e7f2b9d40/mcp';

test('only ModelScope\'s hosted addresses are recognised', () => {
  assert.deepStrictEqual(
    [HOSTED, 'https://mcp.api-inference.modelscope.net/9f2e6d1c8b7a43/sse', 'https://modelscope.cn/mcp', 'https://mcp.api-inference.modelscope.net.evil.dev/x/mcp', 'http://127.0.0.1:8080/mcp', 'not a url'].map(isModelScopeHosted),
    [true, true, false, false, false, false]);
  assert.equal(diagnoseHostedToken('http://127.0.0.1:8080/mcp', {}, 401), undefined);
});

test('no Authorization header: the token is missing, and the fix says where it goes', () => {
  const missing = {
    evidence: ['ModelScope hosted address: HTTP 401 to a request with no Authorization header: the token is missing'],
    fix: 'a ModelScope hosted address needs your ModelScope access token (account settings, Access Tokens): set MODELSCOPE_API_TOKEN in the environment the host starts from, and put "headers": { "Authorization": "Bearer ${MODELSCOPE_API_TOKEN}" } in the entry (VS Code and Cursor write ${env:MODELSCOPE_API_TOKEN})',
  };
  assert.deepStrictEqual(diagnoseHostedToken(HOSTED, { 'X-Other': 'a' }, 401), missing);
  assert.deepStrictEqual(diagnoseHostedToken(HOSTED, { authorization: 'Bearer ' }, 401), {
    ...missing, evidence: ['ModelScope hosted address: HTTP 401 to a request with an empty Authorization header: the token is missing'],
  });
});

test('an Authorization header that was refused: the token is named as refused, its value never shown', () => {
  const refused = diagnoseHostedToken(HOSTED, { Authorization: 'Bearer ms-secret-0123' }, 401);
  assert.deepStrictEqual(refused, {
    evidence: ['ModelScope hosted address: HTTP 401 to a request with an Authorization header (not shown): the token was refused'],
    fix: 'ModelScope refused the token: it may be expired or revoked, or belong to another account than the one that deployed this address. Create a new one (account settings, Access Tokens), set MODELSCOPE_API_TOKEN to it, or deploy the service with your account (mcpwire modelscope deploy ID) and use that address',
  });
  assert.ok(!JSON.stringify(refused).includes('ms-secret-0123'));
});
