// The handshake-era revisions (docs/ARCHITECTURE.md#glossary): each constant is named after the
// revision it is, never "latest"; the stateless revision 2026-07-28 and its list are in era.ts.
// Every decision that depends on the protocol revision starts here or there.

/** 2025-11-25, the newest handshake-era revision: what a client offers in `initialize` and a server answers with by default. */
export const REVISION_2025_11_25 = '2025-11-25';

/** 2025-03-26: what a Streamable HTTP server assumes when the MCP-Protocol-Version header is absent (basic/transports#protocol-version-header). */
export const REVISION_2025_03_26 = '2025-03-26';

/** Every handshake-era revision we can negotiate, newest first (basic/lifecycle#version-negotiation). */
export const HANDSHAKE_REVISIONS: readonly string[] = [REVISION_2025_11_25, '2025-06-18', REVISION_2025_03_26, '2024-11-05'];

/**
 * Server side: echo the client's version when we support it, else answer with our newest
 * (basic/lifecycle#version-negotiation: the server MUST NOT fail the handshake for that).
 */
export function negotiateVersion(requested: string, supported: readonly string[] = HANDSHAKE_REVISIONS): string {
  return supported.includes(requested) ? requested : supported[0]!;
}

/** Client side: true when the server's answer is a version we can speak. */
export function isSupportedVersion(version: unknown, supported: readonly string[] = HANDSHAKE_REVISIONS): version is string {
  return typeof version === 'string' && supported.includes(version);
}
