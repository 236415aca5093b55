// What a registry entry may put on a command line or in a config. Everything in it is the
// publisher's text, and the host runs it: an identifier "--call=touch x" would be an npx option
// that runs a shell command, a runtimeHint "/bin/sh" the program itself, and a "${env:SECRET}"
// in a header would be filled from the user's environment and sent to the remote. So names
// follow their package type's syntax, versions and identifiers never start with "-", the runtime
// is the one the package type runs with, and values are literal: the variables an entry needs
// are declared (server.json "variables", isSecret) and become placeholders the user is asked for.

import { RegistryError } from './registry-api.js';

/** How a package of each registryType is named, and the runtime it runs with. */
const PACKAGE_TYPES: Record<string, { runtime: string; name: RegExp; kind: string }> = {
  // validate-npm-package-name, without the legacy leading "-".
  npm: { runtime: 'npx', name: /^(?:@[a-z0-9~][a-z0-9._~-]*\/)?[a-z0-9~][a-z0-9._~-]*$/, kind: 'an npm package name' },
  // PEP 508 names.
  pypi: { runtime: 'uvx', name: /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/, kind: 'a PyPI package name' },
  // OCI distribution-spec reference: [host[:port]/]path[:tag][@digest].
  oci: {
    runtime: 'docker',
    name: /^(?:[A-Za-z0-9][A-Za-z0-9.-]*(?::[0-9]+)?\/)?[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*(?:\/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*(?::[A-Za-z0-9_][A-Za-z0-9_.-]{0,127})?(?:@[a-z0-9]+(?:[+._-][a-z0-9]+)*:[A-Fa-f0-9]{32,})?$/,
    kind: 'an OCI image reference',
  },
  nuget: { runtime: 'dnx', name: /^[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?$/, kind: 'a NuGet package id' },
};

/** Runner options that run a command or another package than the one listed (npx exec's --call/--package, uvx's --from/--with, docker's --entrypoint). */
const RUNNER_TAKEOVER: Record<string, RegExp> = {
  npx: /^(?:-c|--call|-p|--package)(?:=|$)/,
  uvx: /^(?:--from|--with|--with-editable|--with-requirements)(?:=|$)/,
  docker: /^(?:--entrypoint|--privileged)(?:=|$)/,
  dnx: /^$/,
};

/** Throws the registry's data back, naming the entry. */
export function refuseEntry(server: string, message: string): never {
  throw new RegistryError(`registry entry "${server}": ${message}`);
}

/** The runtime a package runs with, after checking its identifier, version and runtimeHint. */
export function checkPackage(server: string, pkg: { registryType: string; identifier: string; version?: unknown; runtimeHint?: unknown }): string {
  const type = PACKAGE_TYPES[pkg.registryType];
  if (type === undefined || !Object.hasOwn(PACKAGE_TYPES, pkg.registryType)) {
    return refuseEntry(server, `package ${JSON.stringify(pkg.identifier)} has registryType ${JSON.stringify(pkg.registryType)}: mcpwire writes npm, pypi, oci and nuget packages (see the repository for how to install it)`);
  }
  if (pkg.identifier.length > 214 || !type.name.test(pkg.identifier)) refuseEntry(server, `package identifier ${JSON.stringify(pkg.identifier)} is not ${type.kind}`);
  if (pkg.version !== undefined && (typeof pkg.version !== 'string' || !/^[A-Za-z0-9][A-Za-z0-9._+-]*$/.test(pkg.version))) {
    refuseEntry(server, `package version ${JSON.stringify(pkg.version)} of ${pkg.identifier} is not a version (no leading "-", no spaces, no "$")`);
  }
  if (pkg.runtimeHint !== undefined && pkg.runtimeHint !== type.runtime) {
    refuseEntry(server, `package ${pkg.identifier} has runtimeHint ${JSON.stringify(pkg.runtimeHint)}: an ${pkg.registryType} package runs with ${type.runtime}`);
  }
  return type.runtime;
}

/** Refuses runtime arguments that would make the runner run something else than the package. */
export function checkRuntimeWords(server: string, runtime: string, identifier: string, words: readonly string[]): void {
  words.forEach((word, index) => {
    // For npx and uvx the first word that is not an option is what they run; for docker it is
    // the image, unless it is the value of the option before it.
    const value = runtime === 'docker' && index > 0 && DOCKER_VALUE_OPTIONS.has(words[index - 1]!);
    if (RUNNER_TAKEOVER[runtime]!.test(word) || (runtime !== 'dnx' && !word.startsWith('-') && !value)) {
      refuseEntry(server, `runtime argument ${JSON.stringify(word)} of ${identifier} would have ${runtime} run a command or another package`);
    }
  });
}

/** docker run options whose value may follow as the next word. */
const DOCKER_VALUE_OPTIONS = new Set(['-e', '--env', '--env-file', '-v', '--volume', '-p', '--publish', '--mount', '--network', '-w', '--workdir', '-u', '--user', '--name', '-l', '--label', '--add-host', '--platform', '-m', '--memory', '--cpus']);

/** Refuses a registry value a host would expand (`${VAR}`, `${env:VAR}`, `${VAR:-x}`, Gemini's `$VAR`). */
export function checkLiteral(server: string, what: string, value: string): void {
  if (/\$(?:\{|[A-Za-z_])/.test(value)) {
    refuseEntry(server, `${what} holds ${JSON.stringify(value)}, which a host would fill from your environment; values from a registry are literal, and the variables an entry needs are declared with {name} and "variables" so that you are asked for them`);
  }
}
