// DNS-rebinding defence for Streamable HTTP (spec 2025-11-25, basic/transports#security-warning):
// servers MUST validate Origin and answer 403 when it is present and not allowed. A web page on
// evil.example whose name was rebound to 127.0.0.1 still sends `Host: evil.example`, so checking
// Host as well closes the door even for requests that carry no Origin.

/** Host names allowed by default, on any port: the loopback names. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Why `host` (the Host header) is refused, or undefined when it is allowed. `allowed` entries
 * are host names (any port) or `host:port`; the loopback names are allowed too unless
 * `anyLoopback` is false (a server that names its own `host:port`, as `mcpwire inspect` does).
 */
export function refuseHost(host: string | undefined, allowed: readonly string[] = [], anyLoopback = true): string | undefined {
  if (!host) return 'Forbidden: missing Host header';
  let url: URL;
  try {
    url = new URL(`http://${host}`);
  } catch {
    return `Forbidden: invalid Host header "${host}"`;
  }
  const names = [...(anyLoopback ? LOOPBACK_HOSTS : []), ...allowed.map((entry) => entry.toLowerCase())];
  if (names.includes(url.hostname) || names.includes(url.host)) return undefined;
  return `Forbidden: Host "${host}" is not allowed`;
}

/**
 * Why `origin` (the Origin header) is refused, or undefined when it is allowed. No Origin means
 * not a browser, which the spec leaves allowed. `allowed` entries are origins such as
 * `https://app.example`; http(s) origins on a loopback name, any port, are allowed too unless
 * `anyLoopback` is false.
 */
export function refuseOrigin(origin: string | undefined, allowed: readonly string[] = [], anyLoopback = true): string | undefined {
  if (origin === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return `Forbidden: Origin "${origin}" is not allowed`; // includes the opaque "null"
  }
  const isWeb = url.protocol === 'http:' || url.protocol === 'https:';
  if (anyLoopback && isWeb && LOOPBACK_HOSTS.includes(url.hostname)) return undefined;
  if (allowed.some((entry) => normalizeOrigin(entry) === url.origin)) return undefined;
  return `Forbidden: Origin "${origin}" is not allowed`;
}

function normalizeOrigin(entry: string): string {
  try {
    return new URL(entry).origin;
  } catch {
    return entry;
  }
}
