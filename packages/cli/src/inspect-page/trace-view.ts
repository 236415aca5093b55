// The live sequence diagram: the events of the run turned into arrows by the same code that draws
// `demo --html` (trace-html.ts: one `[data-message]` per message, the seam, the lanes), redrawn as
// they arrive. Clicking an arrow opens its JSON (the link's #mN target, as in the static page).

import type { HostEvent } from 'mcpwire/host';
import { appArrow, hostArrow, renderTraceDetail, renderTraceSvg, wireArrow } from '../trace-html.js';
import type { TraceArrow } from '../trace-html.js';
import type { DomElement } from './dom.js';

/** The diagram and the JSON behind its arrows, in two elements of the page. */
export class TraceView {
  readonly arrows: TraceArrow[] = [];
  readonly #diagram: DomElement;
  readonly #details: DomElement;
  #pending = false;

  constructor(diagram: DomElement, details: DomElement) {
    this.#diagram = diagram;
    this.#details = details;
    this.#draw();
  }

  /** Takes one event of the run; the ones that are messages become arrows. */
  add(event: Record<string, unknown>): void {
    if (event.kind === 'wire') this.arrows.push(wireArrow(event.direction === 'send' ? 'send' : 'receive', event.message));
    else if (event.kind === 'app') this.arrows.push(appArrow(event.direction === 'to-host' ? 'to-host' : 'to-app', event.message));
    else if (event.kind === 'host') this.arrows.push(hostArrow(event.event as HostEvent));
    else return;
    if (this.#pending) return;
    this.#pending = true;
    setTimeout(() => { this.#pending = false; this.#draw(); }, 30);
  }

  #draw(): void {
    // The markup is trace-html.ts's: every peer string in it is escaped there.
    this.#diagram.innerHTML = renderTraceSvg(this.arrows);
    this.#details.innerHTML = this.arrows.map(renderTraceDetail).join('');
  }
}
