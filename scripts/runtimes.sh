#!/usr/bin/env bash
# npm run test:runtimes: the same end-to-end check (scripts/runtimes.ts) against mcpwire served
# by Node (node:http adapter, and the fetch handler via Node's own Request), Bun, Deno, workerd
# (a module worker, no Node compatibility) and a page in headless Chromium. Bun, Deno and workerd
# come from their npm packages, pinned below, installed into .runtimes/ (gitignored, reused on
# later runs) and called by their platform packages' binaries directly: npm may skip install
# scripts, so the postinstall links of the wrapper packages are not relied on. Chromium is the
# system's (`chromium`, or CHROMIUM=/path); .ci/run installs it. Prints one line per runtime and
# `N passed, M failed`; exits 1 on any failure. The whole run is bounded (5 minutes).
set -uo pipefail
cd "$(dirname "$0")/.."

BUN_VERSION=1.4.5
DENO_VERSION=2.9.6
WORKERD_VERSION=1.20261117.1
DIR=.runtimes

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) BUN_PACKAGE=@oven/bun-linux-x64 DENO_PACKAGE=@deno/linux-x64-glibc WORKERD_PACKAGE=@cloudflare/workerd-linux-64 ;;
  Linux-aarch64 | Linux-arm64) BUN_PACKAGE=@oven/bun-linux-aarch64 DENO_PACKAGE=@deno/linux-arm64-glibc WORKERD_PACKAGE=@cloudflare/workerd-linux-arm64 ;;
  Darwin-arm64) BUN_PACKAGE=@oven/bun-darwin-aarch64 DENO_PACKAGE=@deno/darwin-arm64 WORKERD_PACKAGE=@cloudflare/workerd-darwin-arm64 ;;
  Darwin-x86_64) BUN_PACKAGE=@oven/bun-darwin-x64 DENO_PACKAGE=@deno/darwin-x64 WORKERD_PACKAGE=@cloudflare/workerd-darwin-64 ;;
  *) echo "runtimes: no Bun/Deno/workerd npm packages known for $(uname -s)-$(uname -m)" >&2; exit 1 ;;
esac
export RUNTIME_BUN
export RUNTIME_DENO="$DIR/node_modules/$DENO_PACKAGE/deno"
export RUNTIME_WORKERD="$DIR/node_modules/$WORKERD_PACKAGE/bin/workerd"

# Pinned packages present, and each binary answers with its version. Bun's postinstall (when npm
# runs it) moves the binary out of the platform package into bun/bin/bun.exe.
installed() {
  RUNTIME_BUN="$DIR/node_modules/$BUN_PACKAGE/bin/bun"
  [ -x "$RUNTIME_BUN" ] || RUNTIME_BUN="$DIR/node_modules/bun/bin/bun.exe"
  "$RUNTIME_BUN" --version 2> /dev/null | grep -qx "$BUN_VERSION" &&
    "$RUNTIME_DENO" --version 2> /dev/null | grep -q "^deno $DENO_VERSION " &&
    "$RUNTIME_WORKERD" --version > /dev/null 2>&1 &&
    [ "$(node -p "require('./$DIR/node_modules/$WORKERD_PACKAGE/package.json').version" 2> /dev/null)" = "$WORKERD_VERSION" ]
}

if ! installed; then
  echo "runtimes: installing bun@$BUN_VERSION, deno@$DENO_VERSION, workerd@$WORKERD_VERSION into $DIR/"
  mkdir -p "$DIR"
  echo '{ "private": true, "description": "Bun, Deno and workerd for npm run test:runtimes; installed by scripts/runtimes.sh" }' > "$DIR/package.json"
  if ! npm install --prefix "$DIR" --no-audit --no-fund --save-exact --loglevel=error \
      "bun@$BUN_VERSION" "deno@$DENO_VERSION" "workerd@$WORKERD_VERSION" > "$DIR/install.log" 2>&1 || ! installed; then
    cat "$DIR/install.log" >&2
    echo "runtimes: installation failed" >&2
    exit 1
  fi
fi

# Deno's cache stays in .runtimes/ too.
export DENO_DIR="$DIR/deno-dir"
bounded() { if command -v timeout > /dev/null; then timeout "$@"; else shift; "$@"; fi; }
bounded -k 10 300 npx tsx scripts/runtimes.ts
