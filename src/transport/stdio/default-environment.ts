// The environment a spawned stdio server gets unless told otherwise: a few variables a program
// needs to run (where home is, who the user is, where programs are), never the rest of this
// process's environment, which holds keys meant for others (ANTHROPIC_API_KEY, GITHUB_TOKEN, …).
// A server's own credentials come from the environment its user gives it (basic/index#auth):
// spawnStdio's `env`, a host config's "env", the CLI's -e. The same list as the official SDK's
// getDefaultEnvironment.

const POSIX = ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER'];
const WINDOWS = [
  'APPDATA', 'HOMEDRIVE', 'HOMEPATH', 'LOCALAPPDATA', 'PATH', 'PROCESSOR_ARCHITECTURE', 'SYSTEMDRIVE',
  'SYSTEMROOT', 'TEMP', 'USERNAME', 'USERPROFILE', 'PROGRAMFILES',
];
/**
 * Also kept: a coverage run's output folder (c8, node --experimental-test-coverage), so a measured
 * program's servers are measured too. A path, never a secret.
 */
const TOOLING = ['NODE_V8_COVERAGE'];

/** The names of the variables kept by default on `platform`. */
export function defaultEnvironmentNames(platform: string = process.platform): readonly string[] {
  return [...(platform === 'win32' ? WINDOWS : POSIX), ...TOOLING];
}

/** The variables of `env` a spawned server gets by default. */
export function defaultEnvironment(env: Record<string, string | undefined> = process.env, platform: string = process.platform): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of defaultEnvironmentNames(platform)) {
    const value = platform === 'win32' ? windowsValue(env, name) : env[name];
    if (value === undefined) continue;
    if (value.startsWith('()')) continue; // an exported shell function (bash), not a value
    kept[name] = value;
  }
  return kept;
}

/** Windows names are case-insensitive: process.env finds `Path`, a plain object does not. */
function windowsValue(env: Record<string, string | undefined>, name: string): string | undefined {
  if (Object.hasOwn(env, name)) return env[name];
  for (const key of Object.keys(env)) if (key.toUpperCase() === name) return env[key];
  return undefined;
}
