// RFC 3986 reference resolution, written out because WHATWG URL rejects relative
// references against URNs and other opaque bases that schemas use as $id.

interface Parts { scheme?: string; authority?: string; path: string; query?: string; fragment?: string }

const URI = /^(?:([A-Za-z][A-Za-z0-9+.-]*):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s;

function parse(uri: string): Parts {
  const m = URI.exec(uri)!;
  return { scheme: m[1], authority: m[2], path: m[3]!, query: m[4], fragment: m[5] };
}

function format(p: Parts): string {
  let out = p.scheme !== undefined ? p.scheme + ':' : '';
  if (p.authority !== undefined) out += '//' + p.authority;
  out += p.path;
  if (p.query !== undefined) out += '?' + p.query;
  if (p.fragment !== undefined) out += '#' + p.fragment;
  return out;
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
  const r = parse(ref);
  if (r.scheme !== undefined) return format({ ...r, path: removeDots(r.path) });
  const b = parse(base);
  const t: Parts = { scheme: b.scheme, path: '', fragment: r.fragment };
  if (r.authority !== undefined) {
    t.authority = r.authority; t.path = removeDots(r.path); t.query = r.query;
  } else {
    t.authority = b.authority;
    if (r.path === '') { t.path = b.path; t.query = r.query ?? b.query; }
    else {
      t.query = r.query;
      if (r.path.startsWith('/')) t.path = removeDots(r.path);
      else if (b.authority !== undefined && b.path === '') t.path = removeDots('/' + r.path);
      else t.path = removeDots(b.path.slice(0, b.path.lastIndexOf('/') + 1) + r.path);
    }
  }
  return format(t);
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
  return text === '' ? [] : text.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}
