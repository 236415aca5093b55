// Every decision that depends on the protocol revision starts here, so the stateless
// 2026-07-28 revision can be added beside 2025-11-25 rather than threaded through the code.

/** The revision this implementation speaks by default. */
export const LATEST_PROTOCOL_VERSION = '2025-11-25';

/** Every handshake-era revision we can negotiate, newest first (basic/lifecycle#version-negotiation). */
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];

/** What a Streamable HTTP server assumes when the MCP-Protocol-Version header is absent (basic/transports#protocol-version-header). */
export const DEFAULT_HTTP_PROTOCOL_VERSION = '2025-03-26';

/**
 * Server side: echo the client's version when we support it, else answer with our newest
 * (basic/lifecycle#version-negotiation: the server MUST NOT fail the handshake for that).
 */
export function negotiateVersion(requested: string, supported: readonly string[] = SUPPORTED_PROTOCOL_VERSIONS): string {
  return supported.includes(requested) ? requested : supported[0]!;
}

/** Client side: true when the server's answer is a version we can speak. */
export function isSupportedVersion(version: unknown, supported: readonly string[] = SUPPORTED_PROTOCOL_VERSIONS): version is string {
  return typeof version === 'string' && supported.includes(version);
}
