// The credentials check of doctor's connect step for a ModelScope hosted address
// (https://mcp.api-inference.modelscope.net/<id>/mcp or …/sse, what `modelscope deploy` returns).
// Such an address belongs to an account: it answers 401 to a request without that account's
// ModelScope access token as `Authorization: Bearer …`, and to one whose token is expired or
// revoked. No OAuth discovery applies, so the fix is the token, not `mcpwire login`. In the seed's
// order this comes after the expired address (404/410) and the transport type, before the tools.

/** The hosts of ModelScope's hosted MCP addresses. */
const HOSTED = /^mcp\.api-inference\.modelscope\.(net|cn)$/;

/** Is `url` one of ModelScope's hosted MCP addresses? */
export function isModelScopeHosted(url: string): boolean {
  try {
    return HOSTED.test(new URL(url).hostname);
  } catch {
    return false;
  }
}

/**
 * Evidence and fix for a 401/403 from a ModelScope hosted address, or undefined for any other URL.
 * `headers` are the ones the request carried (the entry's, after ${VAR} expansion, and -H): only
 * whether an Authorization header was among them is said, never its value.
 */
export function diagnoseHostedToken(url: string, headers: Record<string, string>, status: number): { evidence: string[]; fix: string } | undefined {
  if (!isModelScopeHosted(url)) return undefined;
  const sent = Object.entries(headers).find(([name]) => name.toLowerCase() === 'authorization');
  const header = '"headers": { "Authorization": "Bearer ${MODELSCOPE_API_TOKEN}" } in the entry (VS Code and Cursor write ${env:MODELSCOPE_API_TOKEN})';
  if (sent === undefined || sent[1].trim() === '' || /^Bearer\s*$/i.test(sent[1].trim())) {
    return {
      evidence: [`ModelScope hosted address: HTTP ${status} to a request ${sent === undefined ? 'with no Authorization header' : 'with an empty Authorization header'}: the token is missing`],
      fix: `a ModelScope hosted address needs your ModelScope access token (account settings, Access Tokens): set MODELSCOPE_API_TOKEN in the environment the host starts from, and put ${header}`,
    };
  }
  return {
    evidence: [`ModelScope hosted address: HTTP ${status} to a request with an Authorization header (not shown): the token was refused`],
    fix: 'ModelScope refused the token: it may be expired or revoked, or belong to another account than the one that deployed this address. Create a new one (account settings, Access Tokens), set MODELSCOPE_API_TOKEN to it, or deploy the service with your account (mcpwire modelscope deploy ID) and use that address',
  };
}
