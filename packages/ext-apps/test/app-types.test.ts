import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appResourceUri } from '../src/index.js';
import { appToolVisibility, visibleTo } from '../../../src/protocol/index.js';

test('appResourceUri: _meta.ui.resourceUri, else the older flat ui/resourceUri, and only ui:// URIs', () => {
  assert.deepStrictEqual([
    appResourceUri({ _meta: { ui: { resourceUri: 'ui://calc/sum' } } }),
    appResourceUri({ _meta: { 'ui/resourceUri': 'ui://calc/old' } }),
    appResourceUri({ _meta: { ui: { resourceUri: 'ui://calc/new' }, 'ui/resourceUri': 'ui://calc/old' } }),
    appResourceUri({ _meta: { ui: { resourceUri: 'https://evil.example/page' } } }),
    appResourceUri({ _meta: { ui: { resourceUri: 7 } } }),
    appResourceUri({}),
    appResourceUri({ _meta: JSON.parse('{"__proto__":{"resourceUri":"ui://x"}}') as Record<string, unknown> }),
  ], ['ui://calc/sum', 'ui://calc/old', 'ui://calc/new', undefined, undefined, undefined, undefined]);
});

test('visibility: both by default; app-only tools are not for the model; nonsense falls back to the default', () => {
  assert.deepStrictEqual([
    appToolVisibility({}),
    appToolVisibility({ _meta: { ui: { visibility: ['app'] } } }),
    appToolVisibility({ _meta: { ui: { visibility: ['model', 'everyone'] } } }),
    appToolVisibility({ _meta: { ui: { visibility: 'app' } } }),
  ], [['model', 'app'], ['app'], ['model', 'app'], ['model', 'app']]);
  assert.deepStrictEqual([visibleTo({ _meta: { ui: { visibility: ['app'] } } }, 'model'), visibleTo({ _meta: { ui: { visibility: ['app'] } } }, 'app'),
    visibleTo({ _meta: { ui: { visibility: ['model'] } } }, 'app')], [false, true, false]);
});
