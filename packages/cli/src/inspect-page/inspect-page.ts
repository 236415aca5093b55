// `mcpwire inspect`'s page: the server (info, capabilities, revision, instructions, the roots
// offered), what waits for the person's answer (the model's calls to confirm, the server's
// elicitation and sampling), a form per tool, its resources, templates and prompts, the server's
// log and notifications, what MCP Apps said, the chat box when a model is behind the inspector
// (--model), and the live sequence diagram of the whole connection. Plain TypeScript compiled by the project's build and loaded as ES modules from
// the inspector, with no framework: every element is made by dom.ts's el().

import { appResourceUri } from 'mcpwire-ext-apps';
import type { Prompt, Resource, ResourceTemplate, Root, Tool } from 'mcpwire/protocol';
import { AppView, renderAppMessage } from './app-view.js';
import { browser, el, pretty } from './dom.js';
import { promptForm, resourceRow, templateForm } from './feature-forms.js';
import { api, subscribe } from './page-api.js';
import { renderError } from './result-view.js';
import { questionBox } from './server-questions.js';
import { toolForm } from './tool-form.js';
import { TraceView } from './trace-view.js';

/** What `state` answers (inspect-api.ts). */
interface State {
  server: { name: string; version: string; title?: string } | null;
  protocolVersion: string | null;
  era: string | null;
  eraReason: string | null;
  capabilities: Record<string, unknown>;
  instructions: string | null;
  transport: string;
  model: string | null;
  tools: Tool[];
  modelFunctions: string[];
  resources: Resource[];
  templates: ResourceTemplate[];
  prompts: Prompt[];
  roots: Root[];
}

const root = browser.document.querySelector('#inspector')!;
const progressWatchers = new Map<string, (progress: { progress: number; total?: number; message?: string }) => void>();
const header = el('header', { 'data-server': '' });
const tools = el('section', { 'data-tools': '' });
const features = el('section', { 'data-features': '' });
const chat = el('section', { 'data-chat': '', hidden: true });
/** What waits for the person: the model's calls to confirm, the server's elicitation and sampling (server-questions.ts). */
const questions = el('section', { class: 'questions', 'data-questions': '' });
const appMessages = el('div', { 'data-app-messages': '' });
const logs = el('ol', { class: 'log', 'data-logs': '' });
const diagram = el('div', { class: 'diagram' });
const details = el('div', { class: 'details' });
const trace = new TraceView(diagram, details);

function showAppMessage(from: string, content: unknown): void {
  appMessages.append(renderAppMessage(from, content));
}

/** Lines kept in the log list (the oldest go first). */
const MAX_LOG_LINES = 500;
let logLines = 0;

function logLine(kind: string, text: string): void {
  logs.append(el('li', { 'data-log': kind }, el('span', { class: 'badge' }, kind), ` ${text}`));
  if (++logLines > MAX_LOG_LINES) logs.querySelector('li')?.remove();
}

function capabilityList(capabilities: Record<string, unknown>): string {
  return Object.entries(capabilities).map(([name, value]) => {
    const flags = typeof value === 'object' && value !== null ? Object.keys(value).filter((key) => (value as Record<string, unknown>)[key] === true) : [];
    return flags.length ? `${name} (${flags.join(', ')})` : name;
  }).join(', ') || '(none)';
}

function renderState(state: State): void {
  const name = state.server ? `${state.server.title ?? state.server.name} ${state.server.version}` : '(no serverInfo)';
  header.replaceChildren(
    el('h1', {}, 'mcpwire inspect: ', el('span', { 'data-server-name': '' }, name)),
    el('dl', {},
      el('dt', {}, 'revision'), el('dd', { 'data-revision': '' }, `${state.protocolVersion ?? '(none)'} (${state.era ?? '?'}${state.eraReason ? `: ${state.eraReason}` : ''})`),
      el('dt', {}, 'transport'), el('dd', {}, state.transport),
      el('dt', {}, 'capabilities'), el('dd', { 'data-capabilities': '' }, capabilityList(state.capabilities)),
      // Instructions are often several lines (a list of steps): kept as the server wrote them, as text.
      el('dt', {}, 'instructions'), el('dd', { class: 'instructions', 'data-instructions': '' }, state.instructions ?? '(none)'),
      el('dt', {}, 'roots offered'), el('dd', { 'data-roots': '' }, ...(state.roots.length ? state.roots.map((root) => el('div', {}, `${root.uri}${root.name ? ` (${root.name})` : ''}`)) : ['(none)'])),
      el('dt', {}, 'the model sees'), el('dd', {}, state.modelFunctions.length ? state.modelFunctions.join(', ') : '(no function)')),
    el('details', {}, el('summary', {}, 'capabilities as JSON'), el('pre', {}, pretty(state.capabilities))));
  tools.replaceChildren(el('h2', {}, `Tools (${state.tools.length})`), ...state.tools.map((tool) => toolForm(tool, {
    openApp: (called, args, into) => {
      const uri = appResourceUri(called);
      if (uri === undefined) return undefined;
      const view = new AppView(called, args, into, { showMessage: showAppMessage });
      void view.start(uri);
      return view;
    },
    onProgress: (callId, show) => {
      progressWatchers.set(callId, show);
      return () => progressWatchers.delete(callId);
    },
  })));
  const completions = state.capabilities.completions !== undefined;
  features.replaceChildren(
    el('h2', {}, `Resources (${state.resources.length})`), ...state.resources.map(resourceRow),
    el('h2', {}, `Resource templates (${state.templates.length})`), ...state.templates.map((template) => templateForm(template, completions)),
    el('h2', {}, `Prompts (${state.prompts.length})`), ...state.prompts.map((prompt) => promptForm(prompt, completions)));
  if (state.model !== null) renderChat(state.model);
}

function renderChat(model: string): void {
  const question = el('input', { type: 'text', name: 'question', value: '19 加 23', 'data-question': '' });
  const answer = el('div', { 'data-answer': '' });
  const form = el('form', { 'data-chat-form': '' }, question, el('button', { type: 'submit' }, 'Ask'));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    answer.replaceChildren(el('em', {}, 'asking…'));
    void api('ask', { question: question.value }).then((reply) => answer.replaceChildren(reply.error ? renderError(reply.error) : el('p', {}, String(reply.answer))));
  });
  chat.hidden = false;
  chat.replaceChildren(el('h2', {}, `Chat with ${model}`), form, answer);
}

async function refresh(): Promise<void> {
  const state = await api('state');
  if (state.error) header.replaceChildren(renderError(state.error));
  else renderState(state as unknown as State);
}

let seen = 0;
subscribe((event) => {
  const seq = Number(event.seq);
  if (seq <= seen) return; // a reconnect replays the run: each event once
  seen = seq;
  trace.add(event);
  switch (event.kind) {
    case 'wire': {
      const message = event.message as { method?: unknown } | null;
      if (event.direction === 'receive' && typeof message?.method === 'string' && message.method.startsWith('notifications/')) logLine('notification', JSON.stringify(message));
      break;
    }
    case 'log': logLine(`log ${String(event.level)}`, typeof event.data === 'string' ? event.data : JSON.stringify(event.data)); break;
    case 'stderr': logLine('stderr', String(event.text)); break;
    case 'note': logLine('note', String(event.text)); break;
    case 'progress': progressWatchers.get(String(event.callId))?.(event as unknown as { progress: number; total?: number; message?: string }); break;
    case 'confirm': case 'elicit': case 'sample': {
      const box = questionBox(event);
      if (box) questions.append(box);
      break;
    }
    case 'answered': questions.querySelector(`[data-question="${String(event.id)}"]`)?.remove(); break;
    case 'changed': void refresh(); break;
  }
});

root.replaceChildren(
  el('div', { class: 'panel' }, header, questions, chat, tools, features,
    el('section', {}, el('h2', {}, 'What MCP Apps said'), appMessages),
    el('section', {}, el('h2', {}, 'Server log and notifications'), logs)),
  el('div', { class: 'seam-view' }, el('h2', {}, 'The seam, live: every message of the connection'),
    el('p', { class: 'help' }, 'One arrow per message, in order. Click an arrow for its JSON. Blue: model API (host ⇄ model); green: MCP (client ⇄ server); purple: an MCP App\'s view ⇄ its host.'),
    diagram, details));
void refresh();

