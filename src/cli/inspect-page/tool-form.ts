// One form per tool: `<form data-tool="NAME">` with one input per top-level argument of its
// inputSchema, each `name="ARG"` (numbers and integers as number inputs, booleans as checkboxes,
// enums as selects, objects and arrays as a JSON text area, the rest as text). On submit the values
// become the same words `mcpwire call` reads (`a=19`, `tags:=[…]`), typed and checked by the same
// code (tool-arguments.ts, mcpwire's own validator): nothing is sent while they do not fit. The
// answer goes in the form's `[data-result]`; while the call runs, its progress and a Cancel button.

import { appResourceUri, appToolVisibility } from '../../protocol/app-types.js';
import type { Tool } from '../../protocol/tool-types.js';
import { prepareArguments } from '../tool-arguments.js';
import { el, pretty } from './dom.js';
import type { DomElement } from './dom.js';
import { api, nextCallId } from './page-api.js';
import { renderError, renderToolResult } from './result-view.js';

type Schema = Record<string, unknown>;

/** What a form needs from the page: who shows a called tool's app, and where progress is reported. */
export interface ToolFormHooks {
  /** Called when a tool with `_meta.ui.resourceUri` is called: the view to render its result in (app-view.ts). */
  openApp(tool: Tool, args: Record<string, unknown>, into: DomElement): { result(answer: Record<string, unknown>): void } | undefined;
  /** Progress of the running call: the page routes `progress` events here by call id. */
  onProgress(callId: string, show: (progress: { progress: number; total?: number; message?: string }) => void): () => void;
}

function kindOf(schema: Schema): 'number' | 'boolean' | 'enum' | 'json' | 'text' {
  if (Array.isArray(schema.enum)) return 'enum';
  const type = schema.type;
  if (type === 'number' || type === 'integer') return 'number';
  if (type === 'boolean') return 'boolean';
  if (type === 'string') return 'text';
  return 'json'; // object, array, several types or none: JSON says exactly which value
}

function field(name: string, schema: Schema, required: boolean): DomElement {
  const kind = kindOf(schema);
  const label = `${name}${required ? ' *' : ''}`;
  const hint = typeof schema.description === 'string' ? schema.description : '';
  let input: DomElement;
  switch (kind) {
    case 'number': input = el('input', { type: 'number', name, step: schema.type === 'integer' ? '1' : 'any', 'data-kind': kind }); break;
    case 'boolean': input = el('input', { type: 'checkbox', name, 'data-kind': kind }); break;
    case 'enum':
      input = el('select', { name, 'data-kind': kind }, ...(required ? [] : [el('option', { value: '' }, '')]),
        ...(schema.enum as unknown[]).map((value) => el('option', { value: JSON.stringify(value) }, typeof value === 'string' ? value : JSON.stringify(value))));
      break;
    case 'json': input = el('textarea', { name, rows: 3, 'data-kind': kind, placeholder: schema.type === 'array' ? '[…] as JSON' : '{…} as JSON' }); break;
    default: input = el('input', { type: 'text', name, 'data-kind': kind });
  }
  if (schema.default !== undefined && kind !== 'boolean') input.value = kind === 'enum' ? JSON.stringify(schema.default) : kind === 'json' ? JSON.stringify(schema.default) : String(schema.default);
  if (kind === 'boolean' && schema.default === true) input.checked = true;
  return el('label', { class: 'field' }, el('span', { class: 'name' }, label), input, hint ? el('small', {}, hint) : undefined);
}

/** The words `mcpwire call` would read for the form's values; an empty optional field is left out. */
function wordsOf(form: DomElement, properties: Record<string, Schema>, required: readonly string[]): string[] {
  const words: string[] = [];
  for (const input of Array.from(form.querySelectorAll('[data-kind]'))) {
    const name = input.getAttribute('name')!;
    if (!Object.hasOwn(properties, name)) continue;
    const kind = input.getAttribute('data-kind');
    if (kind === 'boolean') {
      if (input.checked || required.includes(name)) words.push(`${name}:=${input.checked}`);
    } else if (input.value === '') {
      continue; // a required one missing is the validator's to name
    } else if (kind === 'enum' || kind === 'json') words.push(`${name}:=${input.value}`);
    else words.push(`${name}=${input.value}`);
  }
  return words;
}

/** The form of one tool. */
export function toolForm(tool: Tool, hooks: ToolFormHooks): DomElement {
  const schema = (typeof tool.inputSchema === 'object' && tool.inputSchema !== null ? tool.inputSchema : {}) as Schema;
  const properties = (typeof schema.properties === 'object' && schema.properties !== null ? schema.properties : {}) as Record<string, Schema>;
  const required = Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : [];
  const visibility = appToolVisibility(tool);
  const app = appResourceUri(tool);
  const result = el('div', { 'data-result': '' });
  const problems = el('ul', { class: 'problems', 'data-problems': '' });
  const progress = el('div', { class: 'progress', hidden: true });
  const cancel = el('button', { type: 'button', hidden: true, 'data-cancel': '' }, 'Cancel');
  const appBox = el('div', { class: 'app-box', 'data-app-box': '' });
  // novalidate: the browser's own checks (step, type) would stop the submit silently; the validator names the problem.
  const form = el('form', { 'data-tool': tool.name, class: 'tool', novalidate: true },
    el('h3', {}, tool.title ?? tool.annotations?.title ?? tool.name, tool.title || tool.annotations?.title ? el('code', {}, ` ${tool.name}`) : undefined),
    tool.description ? el('p', { class: 'description' }, tool.description) : undefined,
    el('p', { class: 'badges' }, ...[
      app ? `MCP App: ${app}` : undefined,
      visibility.includes('model') ? undefined : 'app only (hidden from the model)',
      tool.annotations?.readOnlyHint ? 'readOnlyHint' : undefined,
      tool.execution?.taskSupport && tool.execution.taskSupport !== 'forbidden' ? `task: ${tool.execution.taskSupport}` : undefined,
    ].filter((badge): badge is string => badge !== undefined).map((badge) => el('span', { class: 'badge' }, badge))),
    ...Object.entries(properties).map(([name, property]) => field(name, typeof property === 'object' && property !== null ? property : {}, required.includes(name))),
    el('div', { class: 'actions' }, el('button', { type: 'submit' }, 'Call'), cancel, progress),
    problems, result, appBox,
    el('details', {}, el('summary', {}, 'inputSchema'), el('pre', {}, pretty(tool.inputSchema))));
  let running: string | undefined;
  cancel.addEventListener('click', () => { if (running) void api('cancel', { callId: running }); });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (running) return;
    const prepared = prepareArguments(tool, wordsOf(form, properties, required));
    problems.replaceChildren(...[...prepared.problems, ...prepared.warnings].map((problem) => el('li', {}, problem)));
    if (prepared.problems.length > 0) {
      // Checked before sending: nothing goes out, and no earlier answer stays under the new problems.
      result.replaceChildren();
      appBox.replaceChildren();
      return;
    }
    const callId = nextCallId('call');
    running = callId;
    cancel.hidden = false;
    progress.hidden = true;
    result.replaceChildren(el('em', {}, 'calling…'));
    const view = app ? hooks.openApp(tool, prepared.args, appBox) : undefined;
    const stop = hooks.onProgress(callId, ({ progress: done, total, message }) => {
      progress.hidden = false;
      progress.replaceChildren(el('progress', total === undefined ? {} : { value: done, max: total }), ` ${done}${total === undefined ? '' : ` / ${total}`}${message ? ` ${message}` : ''}`);
    });
    void api('call', { name: tool.name, arguments: prepared.args, callId }).then((answer) => {
      result.replaceChildren(answer.error ? renderError(answer.error) : renderToolResult(answer.result));
      view?.result(answer);
    }).finally(() => {
      stop();
      running = undefined;
      cancel.hidden = true;
    });
  });
  return form;
}
