// Who may see and call a tool (MCP Apps, apps#visibility): `_meta.ui.visibility` lists "model",
// "app" or both. The host keeps a tool the model may not see out of the model's list and refuses
// its calls (the MUST is the host's: src/host/policy.ts); everything else of MCP Apps is the
// mcpwire-ext-apps package's.

import type { Tool } from './tool-types.js';

/** Who may see and call a tool (apps#visibility): the model, the app, or both (the default). */
export type AppToolVisibility = 'model' | 'app';

/** Who may see a tool: `_meta.ui.visibility`, `["model", "app"]` when it is absent or not a list of those words. */
export function appToolVisibility(tool: Pick<Tool, '_meta'>): AppToolVisibility[] {
  const meta = record(tool._meta);
  const visibility = meta !== undefined && Object.hasOwn(meta, 'ui') ? record(meta.ui)?.visibility : undefined;
  if (!Array.isArray(visibility) || !visibility.every((who) => who === 'model' || who === 'app')) return ['model', 'app'];
  return visibility as AppToolVisibility[];
}

/** Whether `who` may see and call `tool` (apps#visibility: the host MUST keep the others from it). */
export function visibleTo(tool: Pick<Tool, '_meta'>, who: AppToolVisibility): boolean {
  return appToolVisibility(tool).includes(who);
}


function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : undefined;
}
