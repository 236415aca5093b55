// One form per tool: `<form data-tool="NAME">` with one input per top-level argument of its
// inputSchema (schema-form.ts, the page's one form builder: the words `mcpwire call` reads, typed
// and checked by the same code): nothing is sent while they do not fit. The answer goes in the
// form's `[data-result]`; while the call runs, its progress and a Cancel button.

import { appResourceUri } from 'mcpwire-ext-apps';
import { appToolVisibility } from 'mcpwire/protocol';
import type { Tool } from 'mcpwire/protocol';
import { el, pretty } from './dom.js';
import type { DomElement } from './dom.js';
import { api, nextCallId } from './page-api.js';
import { renderError, renderToolResult } from './result-view.js';
import { readSchemaForm, schemaFields } from './schema-form.js';

/** What a form needs from the page: who shows a called tool's app, and where progress is reported. */
export interface ToolFormHooks {
  /** Called when a tool with `_meta.ui.resourceUri` is called: the view to render its result in (app-view.ts). */
  openApp(tool: Tool, args: Record<string, unknown>, into: DomElement): { result(answer: Record<string, unknown>): void } | undefined;
  /** Progress of the running call: the page routes `progress` events here by call id. */
  onProgress(callId: string, show: (progress: { progress: number; total?: number; message?: string }) => void): () => void;
}

/** The form of one tool. */
export function toolForm(tool: Tool, hooks: ToolFormHooks): DomElement {
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
    ...schemaFields(tool.inputSchema),
    el('div', { class: 'actions' }, el('button', { type: 'submit' }, 'Call'), cancel, progress),
    problems, result, appBox,
    el('details', {}, el('summary', {}, 'inputSchema'), el('pre', {}, pretty(tool.inputSchema))));
  let running: string | undefined;
  cancel.addEventListener('click', () => { if (running) void api('cancel', { callId: running }); });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (running) return;
    const prepared = readSchemaForm(form, tool.inputSchema);
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
