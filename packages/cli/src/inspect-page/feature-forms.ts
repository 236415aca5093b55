// The page's resources and prompts: a Read button per resource, a form per resource template (its
// variables completed by the server as you type: completion/complete, ref/resource) and a form per
// prompt (prompts/get, its arguments completed with ref/prompt). Answers are shown by result-view.ts.

import type { Prompt, Resource, ResourceTemplate } from 'mcpwire/protocol';
import { UriTemplate } from 'mcpwire/server';
import { el } from './dom.js';
import type { DomElement } from './dom.js';
import { api } from './page-api.js';
import { renderContents, renderError, renderMessages } from './result-view.js';

let lists = 0;

/** A text input whose suggestions come from completion/complete for `ref` (when the server offers completions). */
function completedInput(name: string, ref: Record<string, unknown>, form: () => DomElement, completions: boolean): DomElement {
  const list = `complete-${++lists}`;
  const input = el('input', { type: 'text', name, list: completions ? list : undefined, autocomplete: 'off' });
  const options = el('datalist', { id: list });
  if (completions) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    input.addEventListener('input', () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const context: Record<string, string> = {};
        for (const other of Array.from(form().querySelectorAll('input[name]'))) {
          const key = other.getAttribute('name')!;
          if (key !== name && other.value !== '') context[key] = other.value;
        }
        void api('complete', { ref, argument: { name, value: input.value }, context: { arguments: context } }).then((answer) => {
          const values = (answer.result as { completion?: { values?: unknown } } | undefined)?.completion?.values;
          options.replaceChildren(...(Array.isArray(values) ? values : []).slice(0, 100).map((value) => el('option', { value: String(value) })));
        });
      }, 150);
    });
  }
  return el('label', { class: 'field' }, el('span', { class: 'name' }, name), input, options);
}

/** One resource: its name and URI, and a Read button. */
export function resourceRow(resource: Resource): DomElement {
  const out = el('div', { 'data-resource-result': '' });
  const read = el('button', { type: 'button' }, 'Read');
  read.addEventListener('click', () => {
    void api('read', { uri: resource.uri }).then((answer) => out.replaceChildren(answer.error ? renderError(answer.error) : renderContents((answer.result as { contents?: unknown }).contents)));
  });
  return el('div', { class: 'row', 'data-resource': resource.uri }, el('strong', {}, resource.title ?? resource.name), ' ', el('code', {}, resource.uri),
    resource.mimeType ? el('small', {}, ` ${resource.mimeType}`) : undefined, ' ', read, out);
}

/** One resource template: an input per variable, completed by the server; Read expands and reads it. */
export function templateForm(template: ResourceTemplate, completions: boolean): DomElement {
  const uri = new UriTemplate(template.uriTemplate);
  const out = el('div', { 'data-resource-result': '' });
  const form: DomElement = el('form', { class: 'row', 'data-template': template.uriTemplate }, el('strong', {}, template.title ?? template.name), ' ', el('code', {}, template.uriTemplate),
    ...uri.variables.map((name) => completedInput(name, { type: 'ref/resource', uri: template.uriTemplate }, () => form, completions)),
    el('button', { type: 'submit' }, 'Read'), out);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const values: Record<string, string> = {};
    for (const input of Array.from(form.querySelectorAll('input[name]'))) values[input.getAttribute('name')!] = input.value;
    void api('read', { uri: uri.expand(values) }).then((answer) => out.replaceChildren(answer.error ? renderError(answer.error) : renderContents((answer.result as { contents?: unknown }).contents)));
  });
  return form;
}

/** One prompt: an input per argument, completed by the server; Get shows its messages. */
export function promptForm(prompt: Prompt, completions: boolean): DomElement {
  const out = el('div', { 'data-prompt-result': '' });
  const form: DomElement = el('form', { class: 'row', 'data-prompt': prompt.name }, el('strong', {}, prompt.title ?? prompt.name),
    prompt.description ? el('p', { class: 'description' }, prompt.description) : undefined,
    ...(prompt.arguments ?? []).map((argument) => completedInput(argument.name, { type: 'ref/prompt', name: prompt.name }, () => form, completions)),
    el('button', { type: 'submit' }, 'Get'), out);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const args: Record<string, string> = {};
    for (const input of Array.from(form.querySelectorAll('input[name]'))) if (input.value !== '') args[input.getAttribute('name')!] = input.value;
    void api('prompt', { name: prompt.name, arguments: args }).then((answer) => out.replaceChildren(answer.error ? renderError(answer.error) : renderMessages((answer.result as { messages?: unknown }).messages)));
  });
  return form;
}
