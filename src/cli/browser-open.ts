// Opens a URL in the user's browser when the machine seems to have one (`login`, `inspect`): never
// through a shell, so nothing in the URL is interpreted; without a display on Linux, nothing is tried.

import { spawn } from 'node:child_process';
import type { CommandIo } from './command-io.js';

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
