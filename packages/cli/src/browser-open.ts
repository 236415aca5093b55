// Opens a URL in the user's browser when the machine seems to have one (`login`, `inspect`): never
// through a shell, so nothing in the URL is interpreted; without a display on Linux, nothing is tried.
// A URL that holds a secret (the inspector's token) is never handed to the opener: a process's
// arguments are readable by every local user (ps, /proc/PID/cmdline). The browser is opened on a
// file only this user can read, which sends it on to the URL (as Jupyter does).

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CommandIo } from './command-io.js';
import { htmlText } from './trace-html.js';

/** Opens `url` with the platform's opener; returns false when there is none to try. */
export function openBrowser(url: string, io: CommandIo): boolean {
  const opener = io.platform === 'darwin' ? ['open', url]
    : io.platform === 'win32' ? ['rundll32', 'url.dll,FileProtocolHandler', url]
    : io.env.DISPLAY || io.env.WAYLAND_DISPLAY ? ['xdg-open', url] : undefined;
  if (!opener) return false;
  const child = spawn(opener[0]!, opener.slice(1), { stdio: 'ignore', detached: true });
  child.on('error', () => undefined);
  child.unref();
  return true;
}

/** A redirect page written for the browser; `remove()` deletes it and its folder. */
export interface RedirectFile {
  /** The file's own `file://` URL: what the opener is given. */
  url: string;
  remove(): void;
}

/**
 * Opens the browser on `secretUrl` without putting it in any process's arguments or environment: a
 * page that redirects there, written 0600 in a fresh 0700 folder (mkdtemp), is what the opener gets.
 * Undefined when there is no browser to try (nothing is written then).
 */
export function openBrowserPrivately(secretUrl: string, io: CommandIo): RedirectFile | undefined {
  if (io.platform !== 'darwin' && io.platform !== 'win32' && !io.env.DISPLAY && !io.env.WAYLAND_DISPLAY) return undefined;
  const folder = mkdtempSync(join(tmpdir(), 'mcpwire-open-'));
  const file = join(folder, 'open.html');
  const target = htmlText(secretUrl);
  // no-referrer: the next page is not told where the browser came from.
  writeFileSync(file, `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><meta http-equiv="refresh" content="0;url=${target}"><title>mcpwire</title></head>
<body><p><a href="${target}">Continue to the page</a></p></body></html>
`, { mode: 0o600, flag: 'wx' });
  const url = pathToFileURL(file).href;
  const remove = (): void => rmSync(folder, { recursive: true, force: true });
  if (!openBrowser(url, io)) {
    remove();
    return undefined;
  }
  return { url, remove };
}
