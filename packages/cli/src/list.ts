// `mcpwire list <server> [--schema] [--json]`: who the server is, the revision it negotiated, what
// it declared, and every tool, resource, resource template and prompt (every page of each).

import type { McpClient } from 'mcpwire/client';
import { SKILLS_EXTENSION } from 'mcpwire-ext-skills';
import { listSkills } from 'mcpwire-ext-skills';
import type { Prompt, Resource, ResourceTemplate, ServerCapabilities, Tool } from 'mcpwire/protocol';
import type { Skill } from 'mcpwire-ext-skills';
import { formatSkill } from './skills.js';
import { println } from './command-io.js';
import { UsageError } from './args.js';
import type { CommandIo } from './command-io.js';
import { EXIT, describeFailure } from './exit-codes.js';
import { terminalLine } from 'mcpwire/host';
import { withServer } from './with-server.js';

/** Everything `list` found; `null` = not offered (capability absent), an Error = listing failed. */
export interface ServerListing {
  server: { name: string; version: string; title?: string } | null;
  protocolVersion: string | null;
  /** `handshake` or `stateless`, and why (what the server/discover probe saw, or the --era pin). */
  era: string | null;
  eraReason: string | null;
  transport: string;
  /** The command or URL. */
  target: string;
  capabilities: ServerCapabilities;
  instructions: string | null;
  tools: Tool[] | null | Error;
  resources: Resource[] | null | Error;
  resourceTemplates: ResourceTemplate[] | null | Error;
  prompts: Prompt[] | null | Error;
  /** The Skills extension's entries (SEP-2640), when the server declares it; no skill file is read. */
  skills?: Skill[] | Error;
}

/** Runs `mcpwire list`; resolves with the exit code. */
export function runList(argv: readonly string[], io: CommandIo): Promise<number> {
  return withServer(argv, ['--json', '--schema'], io, async ({ connection, args, target }) => {
    const listing = await collectListing(connection.client, connection.built.via, target.label);
    if (args.flags.has('--json')) {
      println(io.stdout, JSON.stringify(listing, (_key, value: unknown) => (value instanceof Error ? { error: value.message } : value), 2));
    } else {
      for (const line of formatListing(listing, args.flags.has('--schema'))) println(io.stdout, line);
    }
    const failures = [listing.tools, listing.resources, listing.resourceTemplates, listing.prompts, listing.skills].filter((item) => item instanceof Error);
    return failures.length === 0 ? EXIT.ok : Math.max(...failures.map((error) => describeFailure(error).exitCode));
  }, (rest) => {
    if (rest.length > 0) throw new UsageError(`list takes only the server; unexpected: ${rest.join(' ')}`);
  });
}

/** Reads the handshake facts and every list the capabilities allow. */
export async function collectListing(client: McpClient, transport: string, target: string): Promise<ServerListing> {
  const caps = client.serverCapabilities;
  const attempt = async <T>(declared: unknown, read: () => Promise<T[]>): Promise<T[] | null | Error> => {
    if (!declared) return null;
    try {
      return await read();
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  };
  const info = client.serverInfo;
  const listing: ServerListing = {
    server: info ? { name: info.name, version: info.version, ...(info.title ? { title: info.title } : {}) } : null,
    protocolVersion: client.protocolVersion ?? null,
    era: client.era ?? null,
    eraReason: client.eraReason ?? null,
    transport,
    target,
    capabilities: caps,
    instructions: client.instructions ?? null,
    tools: await attempt(caps.tools, () => client.listTools()),
    resources: await attempt(caps.resources, () => client.listResources()),
    resourceTemplates: await attempt(caps.resources, () => client.listResourceTemplates()),
    prompts: await attempt(caps.prompts, () => client.listPrompts()),
  };
  const skills = await attempt(client.serverExtension(SKILLS_EXTENSION), () => listSkills(client));
  return skills === null ? listing : { ...listing, skills };
}

const TRANSPORT_LABELS: Record<string, string> = { stdio: 'stdio', 'streamable-http': 'Streamable HTTP', sse: 'legacy HTTP+SSE' };

/**
 * The human-readable listing. println shows control characters in it; names and other one-line
 * fields also get their line breaks shown (terminalLine), so a tool name cannot forge a line.
 */
export function formatListing(listing: ServerListing, schemas: boolean): string[] {
  const one = terminalLine;
  const lines: string[] = [];
  const row = (label: string, value: string): void => { lines.push(`${label.padEnd(13)} ${value}`); };
  const server = listing.server;
  row('server', server ? one(`${server.name} ${server.version}${server.title ? ` (${server.title})` : ''}`) : '(no serverInfo)');
  row('revision', listing.protocolVersion ?? '(none)');
  row('era', listing.era === null ? '(none)' : `${listing.era} (${one(listing.eraReason ?? '')})`);
  row('transport', `${TRANSPORT_LABELS[listing.transport] ?? listing.transport}: ${listing.target}`);
  row('capabilities', formatCapabilities(listing.capabilities));
  row('instructions', listing.instructions === null ? '(none)' : listing.instructions.split('\n').join('\n' + ' '.repeat(14)));
  const absent: string[] = [];
  const toolTasks = Boolean(listing.capabilities.tasks?.requests?.tools?.call);
  section(lines, absent, 'tools', 'tools', listing.tools, (tool) => formatTool(tool, schemas, toolTasks));
  section(lines, absent, 'resources', 'resources', listing.resources, (resource) => [
    `  ${one(resource.uri)}  ${one(resource.name)}${resource.mimeType ? `  (${one(resource.mimeType)})` : ''}`,
    ...(resource.description ? [`      ${resource.description}`] : []),
  ]);
  section(lines, absent, 'resource templates', 'resources', listing.resourceTemplates, (template) => [
    `  ${one(template.uriTemplate)}  ${one(template.name)}${template.mimeType ? `  (${one(template.mimeType)})` : ''}`,
    ...(template.description ? [`      ${template.description}`] : []),
  ]);
  section(lines, absent, 'prompts', 'prompts', listing.prompts, (prompt) => [
    `  ${one(prompt.name)}${prompt.description ? `  ${prompt.description}` : ''}`,
    ...(prompt.arguments?.length ? [`      arguments    ${prompt.arguments.map((arg) => `${one(arg.name)}${arg.required ? ' (required)' : ''}`).join(', ')}`] : []),
  ]);
  // An extension, not a capability: shown only when the server declares it.
  if (listing.skills !== undefined) section(lines, absent, 'skills', SKILLS_EXTENSION, listing.skills, formatSkill);
  if (absent.length) lines.push('', ...absent);
  return lines;
}

function section<T>(lines: string[], absent: string[], title: string, capability: string, items: T[] | null | Error, format: (item: T) => string[]): void {
  if (items === null) { absent.push(`${title.padEnd(18)} not offered (no "${capability}" capability)`); return; }
  lines.push('');
  if (items instanceof Error) { lines.push(`${title}: listing failed: ${describeFailure(items).text}`); return; }
  lines.push(`${title} (${items.length})`);
  // Loops, not push(...): a list or a schema can have more lines than the stack has room for arguments.
  for (const item of items) for (const line of format(item)) lines.push(line);
}

/**
 * A tool's `execution.taskSupport` (basic/utilities/tasks#tool-level-negotiation), when it says
 * anything: absent and "forbidden" (the default) mean a plain tools/call and are not shown.
 */
export function formatTaskSupport(tool: Tool, toolTasks: boolean): string | undefined {
  const support = tool.execution?.taskSupport;
  if (support === undefined || support === 'forbidden') return undefined;
  if (support === 'required') {
    return toolTasks ? 'required: `call` runs it as a task' : 'required, but the server does not declare tasks.requests.tools.call: it cannot be called';
  }
  if (support === 'optional') return toolTasks ? 'optional: `call --task` runs it as a task' : 'optional (the server does not declare tasks.requests.tools.call)';
  return JSON.stringify(support);
}

/** `tasks (list, cancel, tools/call)`: which task operations and task-augmented requests a server declared. */
function formatTaskCapability(tasks: NonNullable<ServerCapabilities['tasks']>): string {
  const parts = [tasks.list && 'list', tasks.cancel && 'cancel', tasks.requests?.tools?.call && 'tools/call'].filter(Boolean);
  return parts.length ? `tasks (${parts.join(', ')})` : 'tasks';
}

/** `tools (listChanged), resources (subscribe, listChanged), logging` */
export function formatCapabilities(capabilities: ServerCapabilities): string {
  const parts = Object.entries(capabilities).map(([name, value]) => {
    if (name === 'tasks' && typeof value === 'object' && value !== null) return formatTaskCapability(value);
    const flags = typeof value === 'object' && value !== null
      ? Object.entries(value).filter(([, flag]) => flag === true).map(([flag]) => flag)
      : [];
    return terminalLine(flags.length ? `${name} (${flags.join(', ')})` : name);
  });
  return parts.length ? parts.join(', ') : '(none)';
}

function formatTool(tool: Tool, schemas: boolean, toolTasks: boolean): string[] {
  // server/tools: the display label is title, then annotations.title, then name.
  const title = tool.title ?? tool.annotations?.title;
  const lines = [`  ${terminalLine(tool.name)}${title ? ` "${terminalLine(title)}"` : ''}${tool.description ? `  ${tool.description.split('\n')[0]}` : ''}`];
  lines.push(`      arguments    ${formatArguments(tool.inputSchema)}`);
  const annotations = Object.entries(tool.annotations ?? {}).map(([key, value]) => (value === true ? key : `${key}=${JSON.stringify(value)}`));
  if (annotations.length) lines.push(`      annotations  ${annotations.join(', ')}`);
  const tasks = formatTaskSupport(tool, toolTasks);
  if (tasks) lines.push(`      tasks        ${tasks}`);
  if (schemas) {
    lines.push('      inputSchema');
    for (const line of JSON.stringify(tool.inputSchema, null, 2).split('\n')) lines.push(`        ${line}`);
    if (tool.outputSchema) {
      lines.push('      outputSchema');
      for (const line of JSON.stringify(tool.outputSchema, null, 2).split('\n')) lines.push(`        ${line}`);
    }
  }
  return lines;
}

/** `a: integer (required), b: integer (required)` from an input schema. */
export function formatArguments(schema: unknown): string {
  if (typeof schema !== 'object' || schema === null) return `(inputSchema is ${JSON.stringify(schema)})`;
  const { properties, required } = schema as { properties?: Record<string, unknown>; required?: unknown };
  const names = Object.keys(properties ?? {});
  if (names.length === 0) return '(none)';
  const needed = Array.isArray(required) ? required : [];
  return names.map((name) => {
    const property = properties![name] as { type?: unknown; items?: { type?: unknown } } | undefined;
    let type = Array.isArray(property?.type) ? property.type.join(' | ') : typeof property?.type === 'string' ? property.type : 'any';
    if (type === 'array' && typeof property?.items?.type === 'string') type = `${property.items.type}[]`;
    return terminalLine(`${name}: ${type}${needed.includes(name) ? ' (required)' : ''}`);
  }).join(', ');
}
