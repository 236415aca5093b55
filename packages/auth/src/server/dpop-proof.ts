// The resource server's check of a DPoP proof (RFC 9449 §4.3, §7.1): a compact JWS of typ
// dpop+jwt signed by the public key in its own header (read by the one JWS mechanism, packages/auth/src/jws),
// for this method and URL, recent, bound to the access token (ath) and to the key the token was
// issued for (cnf.jkt), and not seen before. Seen jtis are kept in memory, bounded in count and
// forgotten once their proof is too old to be accepted anyway.

import { JWS_ALGORITHMS, importJwsKey, parseCompactJws, verifyJwsSignature } from '../jws/compact-jws.js';
import { jwkThumbprint, sha256Base64Url } from '../jws/jws-sign.js';
import type { DpopExpectation, DpopVerifier } from 'mcpwire/http';

/** Seconds a proof's iat may be from now, either way. */
export const DPOP_PROOF_WINDOW_SEC = 300;
/** Proofs remembered at most; when full, the oldest is forgotten (a replay after that is a flood's cost). */
export const MAX_REMEMBERED_PROOFS = 10_000;

/** The jtis of proofs already accepted, each with the time it may be forgotten (ms). */
export class DpopReplayCache {
  readonly #seen = new Map<string, number>();
  readonly #max: number;
  constructor(max = MAX_REMEMBERED_PROOFS) {
    this.#max = max;
  }

  /** False when `jti` was seen (a replay); else remembers it until `forgetAt`. */
  remember(jti: string, forgetAt: number, now: number): boolean {
    for (const [seen, until] of this.#seen) {
      if (until > now) break; // insertion order is about forgetAt order: the sweep stops at the first one still kept
      this.#seen.delete(seen);
    }
    if (this.#seen.has(jti)) return false;
    if (this.#seen.size >= this.#max) this.#seen.delete(this.#seen.keys().next().value!);
    this.#seen.set(jti, forgetAt);
    return true;
  }

  get size(): number {
    return this.#seen.size;
  }
}

/**
 * The DPoP check of one endpoint's bound tokens (TokenVerifier.dpop): checkDpopProof with its own
 * replay cache. Opt-in, so an endpoint without DPoP-bound tokens bundles none of the JWS code.
 */
export function dpopVerifier(maxRemembered = MAX_REMEMBERED_PROOFS): DpopVerifier {
  const replay = new DpopReplayCache(maxRemembered);
  return { check: (proof, expected) => checkDpopProof(proof, expected, replay) };
}

/** Resolves when `proof` is a valid, fresh DPoP proof for `expected`; throws an Error saying why not. */
export async function checkDpopProof(proof: string | undefined, expected: DpopExpectation, replay: DpopReplayCache, now = Date.now()): Promise<void> {
  if (proof === undefined || proof === '') throw new Error('the request has no DPoP proof (DPoP header)');
  if (proof.includes(',')) throw new Error('the request has more than one DPoP header');
  const jws = parseCompactJws(proof, JWS_ALGORITHMS);
  if (jws.header.typ !== 'dpop+jwt') throw new Error('the DPoP proof\'s typ is not "dpop+jwt"');
  const jwk = jws.header.jwk;
  if (typeof jwk !== 'object' || jwk === null || Object.hasOwn(jwk, 'd')) throw new Error('the DPoP proof has no public jwk in its header');
  const key = await importJwsKey(jwk, jws.alg);
  if (!await verifyJwsSignature(jws, key)) throw new Error('the DPoP proof\'s signature does not verify');
  const { jti, htm, htu, iat, ath } = jws.payload;
  if (typeof jti !== 'string' || jti === '' || jti.length > 256) throw new Error('the DPoP proof has no jti');
  if (htm !== expected.method) throw new Error(`the DPoP proof is for method ${String(htm).slice(0, 10)}, not ${expected.method}`);
  if (typeof htu !== 'string' || withoutQuery(htu) !== withoutQuery(expected.url)) throw new Error('the DPoP proof is for another URL (htu)');
  const nowSec = Math.floor(now / 1000);
  if (typeof iat !== 'number' || Math.abs(nowSec - iat) > DPOP_PROOF_WINDOW_SEC) throw new Error('the DPoP proof is too old or from the future (iat)');
  if (ath !== await sha256Base64Url(expected.accessToken)) throw new Error('the DPoP proof is not bound to this access token (ath)');
  if (await jwkThumbprint(jwk as Record<string, unknown>) !== expected.jkt) throw new Error('the DPoP proof is signed by another key than the token is bound to (cnf.jkt)');
  // Kept until the first millisecond the iat check above refuses the proof: iat + 300 s is still
  // accepted through its whole second, so a jti forgotten at (iat + 300) * 1000 could replay once.
  const refusedFrom = (Math.floor(iat) + DPOP_PROOF_WINDOW_SEC + 1) * 1000;
  if (!replay.remember(jti, refusedFrom, now)) throw new Error('the DPoP proof was used before (jti replay)');
}

function withoutQuery(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return url;
  }
}
