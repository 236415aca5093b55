// The MCP vocabulary is written once, in src/protocol (docs/ARCHITECTURE.md, "The import arrows"): an
// MCP error code, a reserved `_meta` key or a protocol revision spelled as a literal anywhere else in
// src/ is a copy, and copies drift. Comments and prose are free to name them (a message may say
// "-32022", help text may list "2025-11-25"): what is checked is code, read with the TypeScript parser.
//   - a negative number literal in -32000..-32099, the JSON-RPC server-error range where MCP's own
//     codes live (-32002, -32020, -32021, -32022, -32042);
//   - a string or template text containing `io.modelcontextprotocol/` (the reserved `_meta` prefix);
//   - a string literal, or a literal type, that is a whole revision date (`'2025-11-25'`).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import ts from 'typescript';
import { sourceTexts } from './src-files.js';

/** Literals that must stay where they are, as `file: literal`, each with the reason. */
const ALLOWED: Record<string, string> = {
  'host/anthropic-model.ts: "2023-06-01"': 'the Anthropic Messages API version (the anthropic-version header), not an MCP revision',
};

/** A line that may hold one, unless it is a comment line: the parser runs only on files with such a line (it costs seconds over all of src/). */
const CANDIDATE = /^(?!\s*(\/\/|\/?\*)).*(-\s*320\d\d|io\.modelcontextprotocol\/|\d{4}-\d{2}-\d{2})/m;

/** Each protocol literal in `files` (repo-relative name → code) outside protocol/, as `file:line: literal (what it is)`. */
export function protocolLiterals(files: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [file, code] of Object.entries(files)) {
    if (file.startsWith('protocol/') || !CANDIDATE.test(code)) continue;
    const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
    const report = (node: ts.Node, literal: string, what: string): void => {
      if (Object.hasOwn(ALLOWED, `${file}: ${literal}`)) return;
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(`${file}:${line + 1}: ${literal} (${what})`);
    };
    const visit = (node: ts.Node): void => {
      if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(node.operand)) {
        const value = -Number(node.operand.text);
        if (value <= -32000 && value >= -32099) report(node, String(value), 'an MCP error code');
      }
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)) {
        if (node.text.includes('io.modelcontextprotocol/')) report(node, JSON.stringify(node.text), 'a reserved _meta key');
        else if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && /^\d{4}-\d{2}-\d{2}$/.test(node.text)) {
          report(node, JSON.stringify(node.text), 'a protocol revision');
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

test('no MCP error code, _meta key or revision is spelled as a literal in src/ outside src/protocol', () => {
  assert.deepStrictEqual(protocolLiterals(sourceTexts()), []);
});

test('the literal check catches each kind in code, and leaves comments, prose and src/protocol alone', () => {
  assert.deepStrictEqual(protocolLiterals({
    'transport/x.ts': [
      'const HEADER_MISMATCH = -32020;',
      "const key = 'io.modelcontextprotocol/protocolVersion';",
      'const at = `io.modelcontextprotocol/${name}`;',
      "type Choice = 'auto' | '2026-07-28';",
      "if (version === '2025-11-25') start();",
      '// -32022 and "2025-11-25" in a comment',
      "throw new Error(`refused with -32022: the server speaks 2026-07-28 (${list})`);",
      'const parse = -32700, fine = 32020, pattern = /-32022/;',
    ].join('\n'),
    'protocol/era.ts': "export const HEADER_MISMATCH = -32020;\nconst v = '2026-07-28';",
  }), [
    'transport/x.ts:1: -32020 (an MCP error code)',
    'transport/x.ts:2: "io.modelcontextprotocol/protocolVersion" (a reserved _meta key)',
    'transport/x.ts:3: "io.modelcontextprotocol/" (a reserved _meta key)',
    'transport/x.ts:4: "2026-07-28" (a protocol revision)',
    'transport/x.ts:5: "2025-11-25" (a protocol revision)',
  ]);
});
