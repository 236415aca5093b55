// The formats of validation 2020-12 §7.3 as assertions: pragmatic checks, not full RFC parsers.
// Opt-in via compile(schema, { formats: standardFormats }). Only index.ts imports this file and its
// top level runs nothing (patterns built from strings wait for the first lookup), so a bundle that
// never passes `standardFormats` drops the whole file.
import type { Formats } from './schema-compiler.js';

const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function date(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const y = Number(m[1]), mo = Number(m[2]), d = Number(m[3]);
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return mo >= 1 && mo <= 12 && d >= 1 && d <= (mo === 2 && leap ? 29 : DAYS[mo]!);
}

function time(s: string): boolean {
  const m = /^(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:z|([+-])(\d{2}):(\d{2}))$/i.exec(s);
  if (!m) return false;
  const h = Number(m[1]), min = Number(m[2]), sec = Number(m[3]);
  const sign = m[4] === '-' ? -1 : 1, oh = Number(m[5] ?? 0), om = Number(m[6] ?? 0);
  if (h > 23 || min > 59 || sec > 60 || oh > 23 || om > 59) return false;
  // A leap second exists only at 23:59:60 UTC.
  return sec < 60 || (((h * 60 + min - sign * (oh * 60 + om)) % 1440) + 1440) % 1440 === 1439;
}

function dateTime(s: string): boolean {
  const i = s.search(/t/i);
  return i === 10 && date(s.slice(0, i)) && time(s.slice(i + 1));
}

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

function ipv6(s: string): boolean {
  let groups = 8;
  const dot = s.lastIndexOf(':');
  if (s.includes('.')) {
    if (!IPV4.test(s.slice(dot + 1))) return false;
    s = s.slice(0, dot + 1) + '0';
    groups = 7;
  }
  const halves = s.split('::');
  if (halves.length > 2) return false;
  const parts = halves.map((h) => (h === '' ? [] : h.split(':')));
  if (!parts.every((p) => p.every((g) => /^[0-9a-f]{1,4}$/i.test(g)))) return false;
  const n = parts.reduce((a, p) => a + p.length, 0);
  return halves.length === 2 ? n < groups : n === groups;
}

// Dot-separated labels of 1–63 letters, digits and hyphens, no hyphen at either end (RFC 1123 §2.1).
const HOSTNAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const hostname = (s: string) => s.length <= 253 && HOSTNAME.test(s);
const idnHostname = (s: string) =>
  s.length <= 253 && s.split(/[.\u3002\uff0e\uff61]/).every((l) => /^[\p{L}\p{N}](?:[\p{L}\p{N}\p{M}-]{0,61}[\p{L}\p{N}\p{M}])?$/u.test(l));

const localPart = (atom: string) => new RegExp(`^(?:${atom}(?:\\.${atom})*|"(?:[^"\\\\]|\\\\.)*")$`, 'iu');

function email(s: string, localPattern: RegExp, domainTest: (s: string) => boolean): boolean {
  const at = s.lastIndexOf('@');
  const local = s.slice(0, at), domain = s.slice(at + 1);
  const localOk = localPattern.test(local);
  if (at < 1 || !localOk) return false;
  const literal = /^\[(?:IPv6:(.*)|(.*))\]$/.exec(domain);
  if (literal) return literal[1] !== undefined ? ipv6(literal[1]) : IPV4.test(literal[2]!);
  return domainTest(domain);
}

// RFC 3986 / 3987 grammar flattened into one expression; `iri` widens the character set (RFC 3987 ucschar, iprivate).
function uriPattern(iri: boolean, relative: boolean): RegExp {
  const u = iri ? '\\u{a0}-\\u{d7ff}\\u{f900}-\\u{fdcf}\\u{fdf0}-\\u{ffef}\\u{10000}-\\u{efffd}' : '';
  const pct = '%[0-9a-f]{2}';
  const pchar = `(?:[a-z0-9\\-._~!$&'()*+,;=:@${u}]|${pct})`;
  const segNc = `(?:[a-z0-9\\-._~!$&'()*+,;=@${u}]|${pct})`;
  const auth = `//(?:(?:[a-z0-9\\-._~!$&'()*+,;=:${u}]|${pct})*@)?(?:\\[([^\\]]*)\\]|(?:[a-z0-9\\-._~!$&'()*+,;=${u}]|${pct})*)(?::\\d*)?(?:/${pchar}*)*`;
  const priv = iri ? '\\u{e000}-\\u{f8ff}\\u{f0000}-\\u{ffffd}\\u{100000}-\\u{10fffd}' : '';
  const tail = `(?:\\?(?:${pchar}|[/?${priv}])*)?(?:#(?:${pchar}|[/?])*)?$`;
  const absolute = `[a-z][a-z0-9+.-]*:(?:${auth}|/?(?:${pchar}+(?:/${pchar}*)*)?)`;
  const rel = `(?:${auth}|/(?:${pchar}+(?:/${pchar}*)*)?|(?:${segNc}+(?:/${pchar}*)*)?)`;
  return new RegExp(`^(?:${absolute}${relative ? `|${rel}` : ''})${tail}`, 'iu');
}

function uriTest(iri: boolean, relative: boolean): (s: string) => boolean {
  const re = uriPattern(iri, relative);
  return (s) => {
    const m = re.exec(s);
    if (!m) return false;
    const host = m[1] ?? m[2];
    return host === undefined || /^v[0-9a-f]+\./i.test(host) || ipv6(host);
  };
}

const VARNAME = '(?:[a-z0-9_]|%[0-9a-f]{2})+(?:\\.(?:[a-z0-9_]|%[0-9a-f]{2})+)*(?::[1-9]\\d{0,3}|\\*)?';

function regex(s: string): boolean {
  try { new RegExp(s, 'u'); return true; } catch { return false; }
}

function formatTable(): Map<string, (s: string) => boolean> {
  const local = localPart("[a-z0-9!#$%&'*+/=?^_`{|}~-]+");
  const idnLocal = localPart("(?:[a-z0-9!#$%&'*+/=?^_`{|}~-]|[^\\x00-\\x7f])+");
  const uriTemplate = new RegExp(`^(?:[^\\x00-\\x20\\x7f"%<>\\\\^\`{|}]|%[0-9a-f]{2}|\\{[+#./;?&=,!@|]?${VARNAME}(?:,${VARNAME})*\\})*$`, 'i');
  return new Map<string, (s: string) => boolean>([
    ['date-time', dateTime],
    ['date', date],
    ['time', time],
    ['duration', (s) => /^P(?:(?:\d+D|\d+M(?:\d+D)?|\d+Y(?:\d+M(?:\d+D)?)?)(?:T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S))?|T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S)|\d+W)$/.test(s)],
    ['email', (s) => email(s, local, hostname)],
    ['idn-email', (s) => email(s, idnLocal, idnHostname)],
    ['hostname', hostname],
    ['idn-hostname', idnHostname],
    ['ipv4', (s) => IPV4.test(s)],
    ['ipv6', ipv6],
    ['uri', uriTest(false, false)],
    ['uri-reference', uriTest(false, true)],
    ['iri', uriTest(true, false)],
    ['iri-reference', uriTest(true, true)],
    ['uuid', (s) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s)],
    ['uri-template', (s) => uriTemplate.test(s)],
    ['regex', regex],
    ['json-pointer', (s) => /^(?:\/(?:[^~/]|~[01])*)*$/.test(s)],
    ['relative-json-pointer', (s) => /^(?:0|[1-9]\d*)(?:#|(?:\/(?:[^~/]|~[01])*)*)$/.test(s)],
  ]);
}

let table: Map<string, (s: string) => boolean> | undefined;

/** The `formats` option that asserts the standard formats; unknown names stay annotations. */
export const standardFormats: Formats = (name) => (table ??= formatTable()).get(name);
