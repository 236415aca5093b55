// What the page is asked to answer (inspect-questions.ts sends each as an event): a call the model
// wants to make (Run / Refuse), a form the server asks the user to fill in (elicitation/create: built
// from its requestedSchema by the tool forms' own builder, schema-form.ts, and checked by the same
// validator; Accept / Decline / Cancel), a URL it asks the user to open (shown, never opened), and a
// model reply it asks for (sampling/createMessage: its system prompt and messages shown, the
// person writes the reply; Send / Refuse). Every box is `[data-question="ID"]`; the answer goes
// back as POST api/answer, and the `answered` event removes the box on every open page. What the
// server sent is shown as text (el(), never markup).

import { el } from './dom.js';
import type { DomElement } from './dom.js';
import { api } from './page-api.js';
import { renderError, renderMessages } from './result-view.js';
import { readSchemaForm, schemaFields } from './schema-form.js';

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Sends the answer; the box goes once the inspector took it (or says why it did not). */
function answer(id: string, box: DomElement, problems: DomElement, body: Json): void {
  for (const button of Array.from(box.querySelectorAll('button'))) button.disabled = true;
  void api('answer', { id, answer: body }).then((reply) => {
    if (!reply.error) return box.remove();
    problems.replaceChildren(el('li', {}, renderError(reply.error)));
    for (const button of Array.from(box.querySelectorAll('button'))) button.disabled = false;
  });
}

function button(label: string, action: string, submit = false): DomElement {
  return el('button', { type: submit ? 'submit' : 'button', 'data-answer': action }, label);
}

/** The model asks to run a tool (the host's policy wants the person to confirm). */
function confirmBox(id: string, event: Json): DomElement {
  const yes = el('button', { type: 'button', 'data-confirm-yes': '' }, 'Run');
  const no = el('button', { type: 'button' }, 'Refuse');
  const problems = el('ul', { class: 'problems' });
  const box = el('div', { class: 'confirm', 'data-confirm': id, 'data-question': id }, `The model asks to run ${String(event.server)}/${String(event.tool)} ${JSON.stringify(event.arguments)} `, yes, no, problems);
  yes.addEventListener('click', () => answer(id, box, problems, { yes: true }));
  no.addEventListener('click', () => answer(id, box, problems, { yes: false }));
  return box;
}

/** elicitation/create: a form from requestedSchema, or (URL mode) the URL to open yourself. */
function elicitationBox(id: string, params: Json): DomElement {
  const problems = el('ul', { class: 'problems', 'data-problems': '' });
  const url = params.mode === 'url';
  const form = el('form', { class: 'question', 'data-question': id, 'data-elicitation': url ? 'url' : 'form', novalidate: true },
    el('p', { 'data-question-message': '' }, 'The server asks (elicitation/create): ', String(params.message ?? '')),
    // client/elicitation#url-mode: show the full URL; the client MUST NOT open it without the user.
    ...(url ? [el('p', {}, 'Open this URL yourself if you agree: ', el('code', { 'data-elicitation-url': '' }, String(params.url)))] : schemaFields(params.requestedSchema)),
    problems,
    el('div', { class: 'actions' }, button('Accept', 'accept', true), button('Decline', 'decline'), button('Cancel', 'cancel')));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (url) return answer(id, form, problems, { action: 'accept' });
    const prepared = readSchemaForm(form, params.requestedSchema);
    problems.replaceChildren(...[...prepared.problems, ...prepared.warnings].map((problem) => el('li', {}, problem)));
    if (prepared.problems.length === 0) answer(id, form, problems, { action: 'accept', content: prepared.args });
  });
  for (const action of ['decline', 'cancel']) form.querySelector(`[data-answer="${action}"]`)!.addEventListener('click', () => answer(id, form, problems, { action }));
  return form;
}

/** sampling/createMessage: the request as text, and the reply the person writes. */
function samplingBox(id: string, params: Json): DomElement {
  const problems = el('ul', { class: 'problems', 'data-problems': '' });
  const reply = el('textarea', { name: 'reply', rows: 3, placeholder: 'the reply the server gets, as the model\'s' });
  const limit = typeof params.maxTokens === 'number' ? `, maxTokens ${params.maxTokens}` : '';
  const form = el('form', { class: 'question', 'data-question': id, 'data-sampling': '', novalidate: true },
    el('p', {}, `The server asks for a model reply (sampling/createMessage${limit})`),
    typeof params.systemPrompt === 'string' ? el('p', { class: 'system-prompt' }, 'system: ', params.systemPrompt) : undefined,
    renderMessages(params.messages),
    reply, problems,
    el('div', { class: 'actions' }, button('Send', 'send', true), button('Refuse', 'refuse')));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (reply.value.trim() === '') return problems.replaceChildren(el('li', {}, 'write the reply first (or Refuse)'));
    answer(id, form, problems, { action: 'send', text: reply.value });
  });
  form.querySelector('[data-answer="refuse"]')!.addEventListener('click', () => answer(id, form, problems, { action: 'refuse' }));
  return form;
}

/** The box for one question event (`confirm`, `elicit`, `sample`). */
export function questionBox(event: Json): DomElement | undefined {
  const id = String(event.id);
  const params = isRecord(event.params) ? event.params : {};
  switch (event.kind) {
    case 'confirm': return confirmBox(id, event);
    case 'elicit': return elicitationBox(id, params);
    case 'sample': return samplingBox(id, params);
    default: return undefined;
  }
}
