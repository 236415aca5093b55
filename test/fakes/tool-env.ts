// The environment for a build tool a test runs (tsc, npm, the bundler): this process's, less
// NODE_V8_COVERAGE. Under `npm test` c8 sets it, and every node process that inherits it records
// V8 coverage of everything it runs (typescript.js alone is megabytes) and writes it at exit for
// c8 to read back. A build tool runs none of src/, so its coverage is only cost: about a third
// more CPU for tsc, and megabytes per run for c8 to parse.

export function toolEnv(): NodeJS.ProcessEnv {
  const { NODE_V8_COVERAGE: _coverage, ...env } = process.env;
  return env;
}
