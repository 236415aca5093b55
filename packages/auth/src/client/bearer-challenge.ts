// Reading a `WWW-Authenticate: Bearer …` (or `DPoP …`, RFC 9449 §7.1) challenge (RFC 6750 §3,
// RFC 9728 §5.1): the parameters the client acts on are resource_metadata, scope and error.

/** The parameters of a Bearer challenge, lower-cased names; undefined when the header has none. */
export interface BearerChallenge {
  resourceMetadata?: string;
  scope?: string;
  error?: string;
}

/** The Bearer challenge in a WWW-Authenticate header value (other schemes are ignored). */
export function parseBearerChallenge(header: string | null | undefined): BearerChallenge {
  return parseChallenge(header, 'Bearer') ?? parseChallenge(header, 'DPoP') ?? {};
}

/** The DPoP challenge (RFC 9449 §7.1), e.g. error="use_dpop_nonce". */
export function parseDpopChallenge(header: string | null | undefined): BearerChallenge {
  return parseChallenge(header, 'DPoP') ?? {};
}

/** True when the header holds a challenge of the DPoP scheme: the resource server takes DPoP-bound tokens (RFC 9449 §7.1). */
export function hasDpopChallenge(header: string | null | undefined): boolean {
  return parseChallenge(header, 'DPoP') !== undefined;
}

/** The parameters of the `scheme` challenge in `header`; undefined when there is none. */
function parseChallenge(header: string | null | undefined, scheme: 'Bearer' | 'DPoP'): BearerChallenge | undefined {
  if (!header) return undefined;
  const start = new RegExp(`(?:^|,)\\s*${scheme}(?:\\s+|$)`, 'i').exec(header);
  if (!start) return undefined;
  const params: Record<string, string> = {};
  const pattern = /\s*([A-Za-z0-9_-]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^\s,]*)\s*(,|$)/y;
  pattern.lastIndex = start.index + start[0].length;
  for (let guard = 0; guard < 64 && pattern.lastIndex < header.length; guard++) {
    const match = pattern.exec(header);
    if (!match) break;
    const raw = match[2]!;
    params[match[1]!.toLowerCase()] ??= raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
  }
  const challenge: BearerChallenge = {};
  if (params.resource_metadata) challenge.resourceMetadata = params.resource_metadata;
  if (params.scope) challenge.scope = params.scope;
  if (params.error) challenge.error = params.error;
  return challenge;
}
