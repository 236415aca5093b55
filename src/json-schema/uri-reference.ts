// RFC 3986 reference resolution, written out because WHATWG URL rejects relative
// references against URNs and other opaque bases that schemas use as $id.

// RFC 3986 appendix B: scheme, authority, path, query, fragment (undefined when absent; the path never is).
const URI = /^(?:([A-Za-z][A-Za-z0-9+.-]*):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s;

type Parts = [scheme: string | undefined, authority: string | undefined, path: string, query: string | undefined, fragment: string | undefined];

function parse(uri: string): Parts {
  const [, scheme, authority, path, query, fragment] = URI.exec(uri)!;
  return [scheme, authority, path!, query, fragment];
}

/** RFC 3986 §5.3: the inverse of parse(). */
function recompose(scheme: string | undefined, authority: string | undefined, path: string, query: string | undefined, fragment: string | undefined): string {
  return (scheme === undefined ? '' : scheme + ':') + (authority === undefined ? '' : '//' + authority) + path +
    (query === undefined ? '' : '?' + query) + (fragment === undefined ? '' : '#' + fragment);
}

function removeDots(path: string): string {
  const out: string[] = [];
  const segs = path.split('/');
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i]!;
    const last = i === segs.length - 1;
    if (s === '.') { if (last) out.push(''); }
    else if (s === '..') { if (out.length > 1 || (out.length === 1 && out[0] !== '')) out.pop(); if (last) out.push(''); }
    else out.push(s);
  }
  return out.join('/');
}

/** Resolves `ref` against the absolute `base` (RFC 3986 §5.2.2). */
export function resolveUri(base: string, ref: string): string {
  const [scheme, authority, path, query, fragment] = parse(ref);
  const [bScheme, bAuthority, bPath, bQuery] = parse(base);
  // A reference with its own scheme or authority keeps its own path.
  if (scheme !== undefined || authority !== undefined) return recompose(scheme ?? bScheme, authority, removeDots(path), query, fragment);
  if (path === '') return recompose(bScheme, bAuthority, bPath, query ?? bQuery, fragment);
  // §5.2.3: a relative path replaces the last segment of the base's path.
  const merged = path.startsWith('/') ? path : bAuthority !== undefined && bPath === '' ? '/' + path : bPath.slice(0, bPath.lastIndexOf('/') + 1) + path;
  return recompose(bScheme, bAuthority, removeDots(merged), query, fragment);
}

/** Splits an absolute URI into the resource part and its (undecoded) fragment. */
export function splitFragment(uri: string): [string, string] {
  const i = uri.indexOf('#');
  return i < 0 ? [uri, ''] : [uri.slice(0, i), uri.slice(i + 1)];
}

/** Decodes a fragment that is a JSON Pointer into its tokens, or returns null for a plain name. */
export function pointerTokens(fragment: string): string[] | null {
  if (fragment !== '' && !fragment.startsWith('/')) return null;
  let text: string;
  try { text = decodeURIComponent(fragment); } catch { text = fragment; }
  return jsonPointerTokens(text);
}

/** The tokens of a JSON Pointer (RFC 6901): `/a~1b/0` → ['a/b', '0']. */
export function jsonPointerTokens(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}
