// What `mcpwire help`, `mcpwire help <command>` and `mcpwire <command> --help` print: one entry
// per command, with its usage, its own options, two or three examples that run as written and
// its exit codes. `mcpwire serve` is the add server wherever mcpwire is installed; the paths
// under test/fixtures are in a clone.

import { STEPS, stepNumber } from './doctor-steps.js';

/** doctor's steps as its help lists them: "1 connect · 2 era · …", stdio-only ones marked. */
const DOCTOR_STEPS = STEPS.map((title, index) => `${index + 1} ${title}${title === 'stdout hygiene' || title === 'exit on stdin close' ? ' (stdio)' : ''}`);
const DOCTOR_EXIT_CODES = `exit codes (doctor): the number of the first failed step (1–${STEPS.length}), 0 when every step passes; 2 also for usage errors`;

/** The help of one command. */
export interface CommandHelp {
  /** Usage lines, each starting with `mcpwire`, with the one-line summary the overview shows. */
  usage: [string, string][];
  /** What the command does, in a few lines. */
  about: string;
  /** The command's own options: [how it is written, what it does]. */
  options: [string, string][];
  /** True when the command takes a <server> (and so the shared server options). */
  server: boolean;
  examples: string[];
  exitCodes: string;
}

const SERVER_FORMS = `<server> is one of:
  http(s)://host/path          Streamable HTTP, anywhere before -- (falls back to legacy HTTP+SSE, and says so); --sse forces HTTP+SSE
  --config FILE NAME           an entry of an mcpServers / servers config file
  -- command args…             a stdio server; always last: mcpwire call add a=19 b=23 -- mcpwire serve`;

const SERVER_OPTIONS = `options for <server>:
  -H 'Name: value'             HTTP header (repeatable)      -e KEY=VALUE   environment for a stdio server (repeatable)
  --cwd DIR                    working directory for stdio   --timeout MS   per-request timeout (default 30000)
  --inherit-env                give a stdio server all of mcpwire's environment (API keys too); by default it gets
                               only HOME LOGNAME PATH SHELL TERM USER (Windows: APPDATA, PATH, SYSTEMROOT, TEMP, USERPROFILE…)
                               plus its config's "env" and -e
  --trace                      every message and HTTP exchange, with timestamps, to stderr
  --trace-file F               the same as NDJSON in F
  --allow-insecure-http        send -H Authorization / login tokens over plain http to a host that is not loopback
  --input NAME=VALUE           the answer to a VS Code \${input:NAME} of a --config entry (repeatable)
  --max-message-bytes N        the largest message read from the server (default: HTTP 16777216, stdio 4194304)
  --era auto|2025-11-25|2026-07-28
                               the revision: auto (default) probes with server/discover and falls back to initialize
  --root PATH                  a root offered to the server (repeatable; default: none, and roots/list is answered with [])
  --log-level LEVEL            show server log messages at LEVEL and above (default warning) and ask the server for them:
                               debug info notice warning error critical alert emergency
  --elicit accept|decline      answer elicitation when stdin is not a terminal (accept: the schema's defaults);
                               without it such a request is declined; sampling without a terminal is refused`;

/** The exit codes of the commands that talk to a server (`tool`: call's 1 for isError). */
function serverExitCodes(tool: boolean): string {
  return `exit codes: 0 success${tool ? ' · 1 the tool returned isError: true' : ''} · 2 usage (nothing was sent) ·
  3 JSON-RPC error or protocol violation · 4 cannot start/reach the server, connection closed, timeout · 130 Ctrl-C`;
}

const OVERVIEW_EXIT_CODES = `exit codes (list, call, read, prompt): 0 success · 1 the tool returned isError: true · 2 usage (nothing was called) ·
  3 JSON-RPC error or protocol violation · 4 cannot start/reach the server, connection closed, timeout · 130 Ctrl-C
${DOCTOR_EXIT_CODES}
exit codes (config lint/show): 0 no errors, 1 errors found, 2 unreadable file
exit codes (registry): 0 done · 2 usage or an existing entry · 3 unusable registry data · 4 registry unreachable
exit codes (modelscope): 0 done · 2 usage, no token or an existing entry · 3 the Plaza refused or sent unusable data · 4 Plaza unreachable
exit codes (inspect): 0 stopped with Ctrl-C · 2 usage · 3 protocol error while connecting · 4 cannot reach the server or listen
exit codes (demo, serve): 0 done · 2 usage (demo: also a --html file that cannot be written) · 4 the add server cannot be started (serve: cannot listen)`;

/** Every command's help, in the order the overview lists them. */
export const COMMAND_HELP: Record<string, CommandHelp> = {
  list: {
    usage: [['mcpwire list <server> [--schema] [--json]', 'server info, revision, capabilities, tools, resources, prompts']],
    about: 'Connects, then prints who the server is, the revision it negotiated, what it declared and every page\nof its tools, resources, resource templates and prompts.',
    options: [['--schema', "also print each tool's inputSchema and outputSchema"], ['--json', 'print the listing as JSON']],
    server: true,
    examples: [
      'mcpwire list -- mcpwire serve',
      'mcpwire list http://127.0.0.1:3000/mcp --schema  # after: mcpwire serve --http --port 3000',
      'mcpwire list --json -- mcpwire serve',
    ],
    exitCodes: serverExitCodes(false),
  },
  call: {
    usage: [['mcpwire call <server> <tool> [json | key=value …] [--json]', "one tools/call; arguments typed and checked by the tool's inputSchema"]],
    about: "Calls one tool. key=value takes its type from the tool's inputSchema (a=19 is 19 for an integer);\nkey:=JSON passes raw JSON; one JSON object gives all arguments. The arguments are checked before\nanything is sent. Ctrl-C cancels the call (notifications/cancelled). A 2026 server with the Tasks extension\nmay answer with a task: its status lines are shown, tasks/get polled at its pollIntervalMs, Ctrl-C sends\ntasks/cancel. In 2025, a tool whose execution.taskSupport is \"required\" runs as an experimental task\n(tasks/get polled at its pollInterval, then tasks/result; Ctrl-C sends tasks/cancel).",
    options: [
      ['--task', 'run a tool whose taskSupport is "optional" as a task too'],
      ['--out FILE', 'write image, audio and blob results (decoded) to FILE, FILE-2, FILE-3… (before the extension)'],
      ['--force', 'with --out: replace existing files (without it nothing is written, exit 2)'],
      ['--json', 'print the whole CallToolResult as JSON'],
    ],
    server: true,
    examples: [
      'mcpwire call add a=19 b=23 -- mcpwire serve',
      `mcpwire call add '{"a":19,"b":23}' -- mcpwire serve`,
      'mcpwire call http://127.0.0.1:3000/mcp add a=19 b=23 --trace  # after: mcpwire serve --http --port 3000',
    ],
    exitCodes: serverExitCodes(true),
  },
  read: {
    usage: [['mcpwire read <server> URI [--out FILE] [--json]', 'one resources/read: text to stdout, a blob to --out FILE']],
    about: 'Reads one resource. Text contents go to stdout as they are; binary (blob) contents are written to\n--out FILE, or summarised (MIME type and size) when there is no --out.',
    options: [['--out FILE', 'write the (decoded) blob contents to FILE'], ['--json', 'print the whole ReadResourceResult as JSON']],
    server: true,
    examples: [
      'mcpwire read file:///notes.txt -- node --import tsx test/fixtures/cli-showcase-server.ts',
      'mcpwire read mem://b --out b.bin -- node --import tsx test/fixtures/features-server.ts',
      'mcpwire read file:///notes.txt --json -- node --import tsx test/fixtures/cli-showcase-server.ts',
    ],
    exitCodes: serverExitCodes(false),
  },
  prompt: {
    usage: [['mcpwire prompt <server> NAME [key=value …] [--json]', 'one prompts/get: the messages, role by role']],
    about: 'Gets one prompt with its arguments (key=value, always strings) and prints its messages role by role.',
    options: [['--json', 'print the whole GetPromptResult as JSON']],
    server: true,
    examples: [
      "mcpwire prompt summarize text='MCP in one line' -- node --import tsx test/fixtures/cli-showcase-server.ts",
      "mcpwire prompt summarize text='MCP in one line' --json -- node --import tsx test/fixtures/cli-showcase-server.ts",
    ],
    exitCodes: serverExitCodes(false),
  },
  skills: {
    usage: [
      ['mcpwire skills list <server> [--json]', 'the Skills extension: every skill and its files (none is read)'],
      ['mcpwire skills get <server> URI [--file PATH]', "a skill's SKILL.md or one file, verified by its digest"],
    ],
    about: 'The Skills extension (SEP-2640). list prints each skill\'s entry and reads\nno file. get loads one skill by its SKILL.md URI (skills/get) and prints the SKILL.md once its size, SHA-256\ndigest and frontmatter match the entry; --file reads one listed file of it, verified the same way. A\nmismatch is refused (exit 3) and nothing of the file is printed.',
    options: [['--file PATH', 'a file of the skill, relative to its root (references/FORMS.md)'], ['--json', 'print the entries, or the skill, as JSON']],
    server: true,
    examples: [
      'mcpwire skills list -- node --import tsx examples/skills-server.ts',
      'mcpwire skills get skill://pdf-processing/SKILL.md -- node --import tsx examples/skills-server.ts',
      'mcpwire skills get skill://pdf-processing/SKILL.md --file references/FORMS.md -- node --import tsx examples/skills-server.ts',
    ],
    exitCodes: serverExitCodes(false),
  },
  ping: {
    usage: [['mcpwire ping <server>', 'one round trip, in milliseconds']],
    about: 'Connects, sends ping and prints the round trip. 2026-07-28 has no ping: there the timed request is\nserver/discover, and the output says so.',
    options: [],
    server: true,
    examples: ['mcpwire ping -- mcpwire serve', 'mcpwire ping http://127.0.0.1:3000/mcp  # after: mcpwire serve --http --port 3000'],
    exitCodes: serverExitCodes(false),
  },
  complete: {
    usage: [['mcpwire complete <server> --prompt NAME|--resource TEMPLATE ARG=VALUE [--context k=v] [--json]', 'completion/complete: suggested values of one argument']],
    about: 'Asks the server to complete one argument of a prompt or of a resource template (completion/complete)\nand prints the values one a line. ARG= (empty value) asks for everything.',
    options: [
      ['--prompt NAME', 'complete an argument of this prompt (ref/prompt)'],
      ['--resource TEMPLATE', 'complete a variable of this URI template (ref/resource)'],
      ['--context k=v', 'an argument already chosen (repeatable)'],
      ['--json', 'print the whole CompleteResult as JSON'],
    ],
    server: true,
    examples: [
      'mcpwire complete --prompt completable-prompt department=E -- npx -y @modelcontextprotocol/server-everything',
      'mcpwire complete --prompt completable-prompt name= --context department=Sales -- npx -y @modelcontextprotocol/server-everything',
    ],
    exitCodes: serverExitCodes(false),
  },
  doctor: {
    usage: [
      ['mcpwire doctor <server> [--tool NAME] [--call NAME --args …] [--exit-wait MS] [--json]', 'walks the troubleshooting order; exit code = first failed step'],
      ['mcpwire doctor --from-trace F [--tool NAME] [--json] [--html FILE]', 'the same steps over what a real host did (a recording of mcpwire tap)'],
    ],
    about: `Walks the troubleshooting order and reports each step with its evidence and a fix:\n  ${DOCTOR_STEPS.slice(0, 6).join(' · ')} ·\n  ${DOCTOR_STEPS.slice(6).join(' · ')}`,
    options: [
      ['--tool NAME', `the tool you expect to be listed (steps ${stepNumber('tools/list')} and ${stepNumber('host exposure')} look at it)`],
      ['--call NAME', `step ${stepNumber('trial call')}: call this tool once (without it: the one readOnlyHint tool that needs no arguments, if there is exactly one)`],
      ['--args ARGS', "its arguments: one JSON object, or key=value / key:=JSON (repeatable) typed like call's"],
      ['--exit-wait MS', `how long step ${stepNumber('exit on stdin close')} waits for the server to exit after stdin closes (default 2000)`],
      ['--json', 'print the steps as JSON'],
      ['--from-trace F', 'walk the steps over a recording (mcpwire tap --trace-file F): the host\'s tools/list, tools/call, errors and isError'],
      ['--html FILE', 'with --from-trace: also draw the recording as the seam page (one arrow per message, its JSON a click away)'],
    ],
    server: true,
    examples: [
      'mcpwire doctor -- mcpwire serve',
      'mcpwire doctor --tool add --call add --args a=19 --args b=23 -- mcpwire serve',
      `mcpwire doctor http://127.0.0.1:3000/mcp --call add --args '{"a":19,"b":23}'  # after: mcpwire serve --http --port 3000`,
    ],
    exitCodes: DOCTOR_EXIT_CODES.replace('exit codes (doctor)', 'exit codes'),
  },
  config: {
    usage: [
      ['mcpwire config lint FILE [--json]', 'what each entry of a host\'s MCP config means, and what other hosts misread'],
      ['mcpwire config show FILE NAME [--json]', 'one entry in detail'],
    ],
    about: 'Reads a host\'s MCP config (mcpServers of Claude Desktop, Claude Code, Cursor, Cline, Gemini CLI,\nWindsurf, ModelScope; servers of VS Code). lint: what each entry means and what other hosts would\nread differently. show: one entry in detail, secrets masked.',
    options: [['--json', 'print the findings as JSON']],
    server: false,
    examples: [
      'mcpwire config lint test/fixtures/configs/modelscope.json',
      'mcpwire config show test/fixtures/configs/vscode-mcp.json remote --json',
    ],
    exitCodes: 'exit codes: 0 no errors (warnings and notes allowed) · 1 errors found · 2 usage or unreadable file',
  },
  registry: {
    usage: [
      ['mcpwire registry search TEXT [--limit N] [--json]', 'servers in the MCP Registry whose name matches TEXT'],
      ['mcpwire registry show NAME [--version V] [--json]', 'one server: source, packages, remotes, what they need'],
      ['mcpwire registry add NAME --config FILE [--dialect D] [--package N | --remote N] [--force]', 'write its entry into a host config'],
    ],
    about: 'Reads the MCP Registry (v0.1 API; --registry URL, default https://registry.modelcontextprotocol.io).\nThe registry stores metadata only: it hosts no code and vouches for no tool, so judge a server by its\nrepository and what it can reach before the first call. add writes one entry in the file\'s dialect\n(claude-desktop by default; claude-code, vscode, cursor, cline, gemini, modelscope), secrets as\n${VAR} placeholders, never over an existing entry without --force, keeping the rest of the file.',
    options: [
      ['--registry URL', 'the registry to read (default https://registry.modelcontextprotocol.io)'],
      ['--timeout MS', 'how long each registry request may take, body included (default 30000)'],
      ['--limit N', 'search: at most N servers, across pages (default 30)'],
      ['--config FILE', 'add: the host config file to write (created when missing)'],
      ['--version V', 'show, add: this version instead of the latest'],
      ['--dialect D', 'add: the host dialect when the file does not show one'],
      ['--package N', 'add: the Nth package (as show numbers them)'],
      ['--remote N', 'add: the Nth remote (as show numbers them)'],
      ['--force', 'add: replace an entry of the same name'],
      ['--json', 'print the result as JSON'],
    ],
    server: false,
    examples: [
      'mcpwire registry search filesystem --limit 5',
      'mcpwire registry show io.github.example/weather --version 1.0.0',
      'mcpwire registry add io.github.example/weather --config .mcp.json --package 1',
    ],
    exitCodes: 'exit codes: 0 done · 2 usage, or the entry exists (--force) · 3 unusable registry data or a registry error · 4 registry unreachable',
  },
  modelscope: {
    usage: [
      ['mcpwire modelscope search [TEXT] [--category C] [--tag T] [--hosted] [--limit N]', 'services on the ModelScope MCP Plaza (the first 100 of a search)'],
      ['mcpwire modelscope show ID', 'one service: publisher, source, local command, the environment it needs, hosting'],
      ['mcpwire modelscope deploy ID [--transport streamable_http|sse]', 'a hosted instance in your account; prints its URL and type'],
      ['mcpwire modelscope add ID --config FILE [--hosted | --local N] [--transport T] [--dialect D] [--force]', 'write its entry into a host config'],
      ['mcpwire modelscope undeploy ID | deployments', 'stop a hosted instance; list yours'],
    ],
    about: 'Reads the ModelScope MCP Plaza (its OpenAPI at https://modelscope.cn; --plaza URL for another).\nThe token is read from MODELSCOPE_API_TOKEN only, sent to ModelScope only, never printed or written.\nadd writes a hosted service as a remote of the type it was deployed with (an /sse URL is never\nStreamable HTTP), a local one from its server_config with every env_schema variable as a placeholder.',
    options: [
      ['--plaza URL', 'the Plaza to read (default https://modelscope.cn)'],
      ['--timeout MS', 'how long each Plaza request may take, body included (default 30000)'],
      ['--category C, --tag T', 'search: only services of this category or tag'],
      ['--hosted', 'search: only services the Plaza hosts; add: write your hosted URL'],
      ['--limit N', 'search: at most N services (default 30, at most 100)'],
      ['--transport T', 'deploy, add: streamable_http (default) or sse'],
      ['--local N', 'add: the Nth local command (as show numbers them)'],
      ['--config FILE', 'add: the host config file to write (created when missing)'],
      ['--dialect D', 'add: the host dialect when the file does not show one'],
      ['--force', 'add: replace an entry of the same name'],
      ['--json', 'print the result as JSON'],
    ],
    server: false,
    examples: [
      'mcpwire modelscope search 地图 --hosted',
      'mcpwire modelscope deploy @amap/amap-maps',
      'mcpwire modelscope add @amap/amap-maps --config .mcp.json --hosted',
    ],
    exitCodes: 'exit codes: 0 done · 2 usage, no token, or the entry exists (--force) · 3 the Plaza refused or sent unusable data · 4 Plaza unreachable',
  },
  demo: {
    usage: [['mcpwire demo [--http] [--era REVISION] [--html FILE]', 'the 19 + 23 flow, every message on both sides of the seam']],
    about: 'Asks a scripted model "19 加 23" through a host, a client and the add server (started as a child\nprocess), and prints every message on both sides of the seam.',
    options: [
      ['--http', 'reach the add server over Streamable HTTP instead of stdio'],
      ['--era REVISION', '2025-11-25 (default: initialize first), 2026-07-28 (stateless, with an input round) or auto'],
      ['--html FILE', 'also write the trace as a sequence diagram: one self-contained HTML page'],
    ],
    server: false,
    examples: ['mcpwire demo', 'mcpwire demo --era 2026-07-28 --http', 'mcpwire demo --html trace.html'],
    exitCodes: 'exit codes: 0 done · 2 usage, or the --html file cannot be written · 4 the add server could not be started',
  },
  chat: {
    usage: [['mcpwire chat "QUESTION" --model openai:M|anthropic:M [--dry-run] [--trace] [--html FILE] <servers>', 'ask a real model, with MCP servers as its tools']],
    about: 'A host: the question goes to a model API (OpenAI-compatible Chat Completions, or Anthropic Messages),\nthe servers\' tools are its functions, the policy decides what it sees and runs. <servers> is\n-- command args… (stdio), an http(s):// URL, or --config FILE (every server in it). A call that\nneeds approval is asked on a terminal (y/N) and refused without one. Sampling requests from a\nserver are answered by the same model once approved. --dry-run prints the exact request the model\nAPI would get (the functions the policy exposes) and sends nothing.',
    options: [
      ['--model SPEC', 'openai:MODEL, anthropic:MODEL, modelscope:MODEL (ModelScope API-Inference; key from MODELSCOPE_API_TOKEN), or scripted (the demo\'s fake model)'],
      ['--base-url URL', 'the API\'s base URL (e.g. http://localhost:11434/v1 for Ollama, a vLLM server)'],
      ['--api-key-env VAR', 'the variable holding the key (default OPENAI_API_KEY / ANTHROPIC_API_KEY)'],
      ['--approve S/TOOL', 'run this tool without asking (repeatable; a bare TOOL means any server)'],
      ['--allow S/TOOL', 'expose only these tools to the model (repeatable)'],
      ['--deny S/TOOL', 'never expose this tool (repeatable)'],
      ['--approve-sampling S', 'answer server S\'s sampling/createMessage without asking (repeatable)'],
      ['--dry-run', 'print the request the model API would get, send nothing'],
      ['--stream', 'print the answer as it is generated (SSE)'],
      ['--trace', 'every message on both sides of the seam, to stderr (as the demo prints it)'],
      ['--html FILE', 'write the conversation as a sequence diagram (one HTML page)'],
      ['--config FILE', 'connect every server of a mcpServers / servers config file'],
      ['--header \'N: v\'', 'HTTP header for a URL server (repeatable)'],
      ['--env KEY=VALUE', 'environment for a stdio server (repeatable)'],
      ['--inherit-env', 'give stdio servers all of this environment, the model key too (default: HOME, PATH, … and -e only)'],
      ['--timeout MS', 'per-request timeout of MCP requests (default 30000); given, it also bounds each model API request, first byte and whole answer (default 120000 to the first byte, 600000 in all)'],
      ['--era REVISION', 'auto (default: server/discover, else initialize), 2025-11-25 or 2026-07-28'],
      ['--root PATH', 'a root offered to the servers (repeatable; default: none)'],
      ['--log-level LEVEL', 'show server log messages at LEVEL and above (default warning)'],
      ['--elicit accept|decline', 'answer elicitation when stdin is not a terminal'],
    ],
    server: false,
    examples: [
      'mcpwire chat "19 加 23" --model openai:gpt-4o-mini --dry-run -- mcpwire serve',
      'mcpwire chat "19 加 23" --model anthropic:claude-sonnet-4-5 --approve calc/add --trace -- mcpwire serve',
      'mcpwire chat "19 + 23" --model openai:qwen2.5 --base-url http://localhost:11434/v1 --approve add -- mcpwire serve',
    ],
    exitCodes: 'exit codes: 0 answered (or dry run printed) · 2 usage, a --html file that cannot be written, or the API refused the key or model (401/403/404) ·\n  3 JSON-RPC error or protocol violation · 4 cannot start/reach a server or the model API (after retries)',
  },
  inspect: {
    usage: [
      ['mcpwire inspect <server> [--port N] [--no-open] [--model SPEC]', 'a live page in the browser: forms per tool, MCP Apps, the seam drawn as it happens'],
      ['mcpwire inspect --follow F [--port N] [--no-open]', 'the same page over a recording a running tap writes: a real host\'s messages as they happen'],
    ],
    about: 'Connects to the server and serves a page on 127.0.0.1 only, at the URL it prints on stdout\n(inspector: http://127.0.0.1:PORT/?token=TOKEN; the token is new each run and every request needs it):\nthe server\'s info, capabilities and revision, a form per tool (checked by the inputSchema before\nsending), resources, templates with completion, prompts, progress and cancel, the server\'s log, MCP\nApps in sandboxed frames, and the sequence diagram of every message. The page answers what the\nserver asks (elicitation forms, sampling replies) and shows the roots offered. --model adds a chat\nbox and the model-API side of the seam; the page confirms each call the model asks for. The browser\nis opened on a file only you can read that leads to the URL (the token is in no process\'s\narguments). Runs until Ctrl-C.\nWith --follow F it connects to nothing: it follows the recording F that mcpwire tap --trace-file F is\nwriting (waiting for it to exist, starting over when tap starts again) and draws the real host\'s\nmessages as they are recorded; the header and tools are the recording\'s, and the page calls nothing.',
    options: [
      ['--port N', 'the page\'s port on 127.0.0.1 (default 0, any free port)'],
      ['--follow F', 'show the recording F a tap is writing instead of connecting (takes only --port and --no-open)'],
      ['--no-open', 'print the URL, do not open a browser'],
      ['--model SPEC', 'openai:MODEL, anthropic:MODEL, modelscope:MODEL or scripted: a chat box, with the model behind it'],
      ['--base-url URL', 'with --model: the API\'s base URL'],
      ['--api-key-env VAR', 'with --model: the variable holding the key'],
      ['--approve S/TOOL', 'with --model: run this tool without asking (repeatable)'],
      ['--allow S/TOOL', 'with --model: expose only these tools to the model (repeatable)'],
      ['--deny S/TOOL', 'with --model: never expose this tool (repeatable)'],
    ],
    server: true,
    examples: [
      'mcpwire inspect -- mcpwire serve',
      'mcpwire inspect --no-open --port 6274 -- node --import tsx test/fixtures/app-server.ts',
      'mcpwire inspect --follow /tmp/add.ndjson  # while a host runs: mcpwire tap --trace-file /tmp/add.ndjson -- …',
    ],
    exitCodes: 'exit codes: 0 stopped with Ctrl-C · 2 usage · 3 JSON-RPC error or protocol violation while connecting ·\n  4 cannot start/reach the server, or cannot listen on the port',
  },
  serve: {
    usage: [['mcpwire serve [--http [--port N]]', 'run the example add server (stdio by default)']],
    about: 'Serves the example add server until stopped: over stdio, or over Streamable HTTP on 127.0.0.1\n(--port 0, the default, picks a free port; the URL is printed to stderr).',
    options: [['--http', 'serve Streamable HTTP instead of stdio'], ['--port N', 'with --http: the port (0–65535; default 0, any free port)']],
    server: false,
    examples: [
      'mcpwire serve --http --port 3000',
      'mcpwire call add a=19 b=23 -- mcpwire serve',
    ],
    exitCodes: 'exit codes: 2 usage · 4 cannot listen (e.g. the port is in use); otherwise it runs until stopped',
  },
  tap: {
    usage: [['mcpwire tap (--trace-file F | --trace) -- command args…', "record what a real host sends a stdio server (or: tap URL)"]],
    about: "Put it in a host's config where the server's command was: it starts the server and passes every\nmessage both ways unchanged, each line as it came, and records each one (direction, time, the whole\nmessage: its id, and for tools/call the tool and arguments) as NDJSON in --trace-file, the format\n--trace-file writes everywhere. The server gets the environment the host gave tap. A line that is not\nJSON, or longer than 4 MiB, is not passed on: it is reported on stderr and in the trace and answered\nwith -32700. The server's stderr goes to tap's. A URL instead of a command: mcpwire bridge, recorded.",
    options: [
      ['--trace-file F', 'write the record to F (NDJSON, replaced)'], ['--trace', 'also print each message on stderr (stdout is the host\'s)'],
      ['--env KEY=VALUE', 'for the command: a variable added to what the host gave tap (-e, repeatable)'], ['--cwd DIR', 'for the command: its working folder'],
      ['--header \'Name: value\'', 'for a URL: a header on every request, never recorded (-H, repeatable)'],
      ['--allow-insecure-http', 'for a URL: send -H Authorization / login tokens over plain http off loopback'],
      ['--sse', 'for a URL: speak the legacy HTTP+SSE transport (2024-11-05) instead of Streamable HTTP'],
      ['--no-browser', 'for a URL: a login the server asks for prints its URL on stderr only'],
    ],
    server: false,
    examples: [
      'mcpwire tap --trace-file /tmp/add.ndjson -- mcpwire serve',
      'mcpwire tap --trace --trace-file add.ndjson -- node server.js  # in a host\'s config: "command": "mcpwire", "args": [...]',
    ],
    exitCodes: 'exit codes: the server\'s when it exits first · 0 the host closed stdin or Ctrl-C · 2 usage · 4 the server cannot be started or reached',
  },
  trace: {
    usage: [['mcpwire trace view F [--html OUT]', 'a recording (tap --trace-file F) along the seam: on the terminal and as the seam page']],
    about: "Reads a recording of what a real host did (mcpwire tap --trace-file F, or any --trace-file) and prints one\nline per message: time, direction, the method or how it ended, and what it meant at the seam: the tools\neach tools/list gave the host, whether a tools/call named a tool in the host's latest list, and whether it\nended in a result, isError (the tool failed; the model sees it) or a JSON-RPC error (no result at all).\nThen a summary: tools listed but never called, calls of tools not listed. It also writes the seam page\n(one arrow per message, its JSON a click away; the page doctor --from-trace --html draws) and says\nwhere on stderr. Peer text is escaped on the terminal and in the page.",
    options: [['--html OUT', 'write the seam page to OUT (default: F with .html for its extension, beside F)']],
    server: false,
    examples: [
      'mcpwire trace view /tmp/add.ndjson  # after: mcpwire tap --trace-file /tmp/add.ndjson -- mcpwire serve',
      'mcpwire trace view host.ndjson --html /tmp/seam.html',
    ],
    exitCodes: 'exit codes: 0 shown · 2 usage: the recording cannot be read or is not NDJSON, or OUT cannot be written',
  },
  bridge: {
    usage: [
      ['mcpwire bridge URL [-H \'Name: value\'…]', 'stdio to a Streamable HTTP server, for a host that speaks only stdio'],
      ['mcpwire bridge --port N -- command args…', 'a stdio server served as Streamable HTTP on 127.0.0.1'],
    ],
    about: "Speaks stdio to the host and Streamable HTTP to the server at URL, passing every message both ways:\nthe host's requests, the server's requests (sampling, elicitation, roots/list) on the POST's stream or\nthe GET stream, notifications and cancellation. The tokens of `mcpwire login URL` are used when stored\n(refreshed as they expire); with none, the server's 401 starts that login (the browser, the loopback\ncallback). -H headers go on every request. Neither appears in a trace or on stderr.\nWith --port N -- command it is the other way round: each HTTP session gets its own server process,\nended with its session (--shared-child: one process for all, ids renumbered per session, initialize\nsent once and its answer given to every later session); the endpoint keeps serve --http's limits and\nOrigin and Host checks, and asks for a bearer token when given one. It speaks 2025 sessions only.",
    options: [
      ['--header \'Name: value\'', 'a header on every request (-H, repeatable)'], ['--allow-insecure-http', 'send -H Authorization / login tokens over plain http off loopback'],
      ['--sse', 'speak the legacy HTTP+SSE transport (2024-11-05) to URL, said on stderr'],
      ['--no-browser', 'a login the server asks for (no stored tokens) prints its URL on stderr only'],
      ['--dpop', 'that login gets DPoP-bound tokens (RFC 9449), as login --dpop; it does when the 401 asks for DPoP anyway'],
      ['--trace', 'print each HTTP exchange and problem on stderr'], ['--trace-file F', 'write them to F (NDJSON); mcpwire tap URL records the messages too'],
      ['--port N', 'serve `-- command` on 127.0.0.1:N (0 picks a free port)'], ['--env KEY=VALUE', 'with --port: a variable for the command (-e, repeatable)'],
      ['--cwd DIR', 'with --port: the command\'s working folder'], ['--inherit-env', 'with --port: give the command all of mcpwire\'s environment'],
      ['--shared-child', 'with --port: one server process for every session (default: one per session)'],
      ['--bearer-token-env NAME', 'with --port: require "Authorization: Bearer <token>", the token read from $NAME (not given to the command)'],
      ['--bearer-token-file F', 'with --port: the same, the token read from file F'],
    ],
    server: false,
    examples: [
      'mcpwire bridge http://127.0.0.1:3000/mcp  # after: mcpwire serve --http --port 3000',
      'mcpwire bridge https://mcp.example.com/mcp  # after: mcpwire login https://mcp.example.com/mcp',
      'mcpwire bridge --port 3000 -- mcpwire serve',
      'BRIDGE_TOKEN=$(openssl rand -hex 32) mcpwire bridge --port 3000 --shared-child --bearer-token-env BRIDGE_TOKEN -- mcpwire serve',
    ],
    exitCodes: 'exit codes: 0 the host closed stdin or Ctrl-C · 2 usage · 4 the server cannot be reached or ended the session',
  },
  login: {
    usage: [['mcpwire login URL [--no-browser] [--timeout MS]', 'log in to an OAuth-protected HTTP server; list, call, … use the tokens']],
    about: 'Runs the OAuth 2.1 authorization code flow (PKCE) with a redirect to http://127.0.0.1:PORT/callback:\nprints the authorization URL and opens a browser when there is one. The tokens are kept per server\nin the config folder ($MCPWIRE_CONFIG_DIR, else ~/.config/mcpwire) with mode 0600, and refreshed.',
    options: [['--no-browser', 'only print the authorization URL'], ['--timeout MS', 'how long the whole login may take: each request to the server and its authorization server, and the wait for the browser (default 300000)'],
      ['--dpop', 'DPoP-bound tokens (RFC 9449): a key pair kept with the tokens signs a proof for each request'],
      ['--client-credentials', 'the client-credentials grant (no user): with --client-id and a secret or a key'],
      ['--client-id ID', 'a pre-registered client'], ['--client-secret-env NAME', 'the environment variable holding the client secret'],
      ['--private-key FILE', 'authenticate the client with private_key_jwt (RFC 7523): a PKCS#8 PEM or a private JWK, RS256 or ES256'],
      ['--workload-token FILE|ENV', 'a workload identity: exchange the platform JWT in that environment variable or file (jwt-bearer grant, RFC 7523)'],
      ['--id-jag IDP_TOKEN_ENDPOINT', 'enterprise-managed authorization (SEP-990): exchange --id-token at the IdP for an ID-JAG, then use it at the authorization server'],
      ['--id-token FILE|ENV', 'the identity assertion for --id-jag'], ['--idp-client-id ID', 'this client at the IdP']],
    server: false,
    examples: ['mcpwire login https://mcp.example.com/mcp --no-browser', 'mcpwire login https://mcp.example.com/mcp --client-credentials --client-id ci --private-key ci-key.pem --dpop', 'mcpwire login https://mcp.example.com/mcp --workload-token ACTIONS_ID_TOKEN'],
    exitCodes: 'exit codes: 0 logged in · 2 usage · 4 discovery, registration or the login failed',
  },
  logout: {
    usage: [['mcpwire logout URL', 'forget the tokens of one server']],
    about: 'Deletes what `mcpwire login URL` stored for that server (tokens and the registered client).',
    options: [],
    server: false,
    examples: ['mcpwire logout https://mcp.example.com/mcp', 'mcpwire logout http://127.0.0.1:3000/mcp'],
    exitCodes: 'exit codes: 0 done (also when not logged in) · 2 usage',
  },
};

/** The overview: every command in one screen. */
export function formatOverview(): string {
  const lines = ['usage:'];
  for (const help of Object.values(COMMAND_HELP)) {
    for (const [usage, summary] of help.usage) {
      lines.push(usage.length < 52 ? `  ${usage.padEnd(52)} ${summary}` : `  ${usage}\n  ${''.padEnd(52)} ${summary}`);
    }
  }
  lines.push(`  ${'mcpwire help [command] · mcpwire <command> --help'.padEnd(52)} the help of one command, with examples`);
  lines.push(`  ${'mcpwire --version · mcpwire -v'.padEnd(52)} the version of mcpwire`);
  lines.push('', SERVER_FORMS, '', SERVER_OPTIONS, '', OVERVIEW_EXIT_CODES);
  return lines.join('\n');
}

/** The help of one command; undefined for a name that is not a command. */
export function formatCommandHelp(name: string): string | undefined {
  if (!Object.hasOwn(COMMAND_HELP, name)) return undefined;
  const help = COMMAND_HELP[name]!;
  const [first, ...others] = help.usage.map(([usage]) => usage);
  const lines = [`usage: ${first}`, ...others.map((usage) => `       ${usage}`), '', help.about, '', 'options:'];
  for (const [option, meaning] of [...help.options, ['-h, --help', 'this help'] as [string, string]]) lines.push(`  ${option.padEnd(28)} ${meaning}`);
  if (help.server) lines.push('', SERVER_FORMS, '', SERVER_OPTIONS);
  lines.push('', 'examples:', ...help.examples.map((example) => `  ${example}`), '', help.exitCodes);
  return lines.join('\n');
}
