// JSON with comments and trailing commas: how VS Code writes its settings and mcp.json files
// (config-dialects.ts reads the other hosts' files as strict JSON, as they do). Comments and trailing commas are blanked out (string-aware, so a "//" inside a
// URL survives), then JSON.parse does the rest and its error positions still point at the file.

/** Parses JSONC; throws a SyntaxError naming the line and column on bad input. */
export function parseJsonc(text: string): unknown {
  return parseAt(stripJsonc(withoutBom(text)));
}

/** Parses strict JSON, as JSON.parse does (no comments, no trailing commas); errors name the line and column. */
export function parseJson(text: string): unknown {
  return parseAt(withoutBom(text));
}

/** A byte order mark becomes a space, so offsets still point at the file. */
function withoutBom(text: string): string {
  return text.startsWith('\uFEFF') ? ` ${text.slice(1)}` : text;
}

function parseAt(plain: string): unknown {
  try {
    return JSON.parse(plain);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const at = /position (\d+)/.exec(message);
    if (!at) throw new SyntaxError(message);
    const before = plain.slice(0, Number(at[1]));
    const line = before.split('\n').length;
    const column = before.length - before.lastIndexOf('\n');
    throw new SyntaxError(`${message} (line ${line}, column ${column})`);
  }
}

/** Replaces comments, then trailing commas, with spaces, keeping every offset and newline. */
export function stripJsonc(text: string): string {
  const out = text.split('');
  forEachOutsideStrings(text, (i) => {
    if (text[i] !== '/' || (text[i + 1] !== '/' && text[i + 1] !== '*')) return i + 1;
    const line = text[i + 1] === '/';
    const end = line ? text.indexOf('\n', i) : text.indexOf('*/', i + 2);
    const stop = end === -1 ? text.length : line ? end : end + 2;
    for (let k = i; k < stop; k++) if (out[k] !== '\n' && out[k] !== '\r') out[k] = ' ';
    return stop;
  });
  const uncommented = out.join('');
  forEachOutsideStrings(uncommented, (i) => {
    if (uncommented[i] !== ',') return i + 1;
    let k = i + 1;
    while (k < uncommented.length && /\s/.test(uncommented[k]!)) k++;
    if (uncommented[k] === '}' || uncommented[k] === ']') out[i] = ' ';
    return i + 1;
  });
  return out.join('');
}

/** Calls `visit` at each index outside string literals; `visit` returns where to continue. */
function forEachOutsideStrings(text: string, visit: (index: number) => number): void {
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      i++;
    } else {
      i = visit(i);
    }
  }
}
