// RFC 6570 level 1 URI templates (`test://template/{id}/data`), enough for resource
// templates (server/resources#resource-templates): expand and match simple `{var}`s.

/** A compiled URI template. */
export class UriTemplate {
  readonly template: string;
  readonly variables: string[];
  #pattern: RegExp;

  constructor(template: string) {
    this.template = template;
    this.variables = [];
    let source = '^';
    let last = 0;
    for (const match of template.matchAll(/\{([A-Za-z0-9_.%]+)\}/g)) {
      source += escapeRegExp(template.slice(last, match.index));
      // Level 1: a simple string expansion never contains a reserved character like '/'.
      source += '([^/?#]*)';
      this.variables.push(match[1]!);
      last = match.index! + match[0].length;
    }
    source += `${escapeRegExp(template.slice(last))}$`;
    this.#pattern = new RegExp(source);
  }

  /** The variables of `uri` when it matches this template, else undefined. */
  match(uri: string): Record<string, string> | undefined {
    const found = this.#pattern.exec(uri);
    if (!found) return undefined;
    const values: Record<string, string> = {};
    this.variables.forEach((name, index) => {
      try {
        values[name] = decodeURIComponent(found[index + 1]!);
      } catch {
        values[name] = found[index + 1]!;
      }
    });
    return values;
  }

  /** Fills the template: values are percent-encoded as level 1 requires. */
  expand(values: Record<string, string>): string {
    return this.template.replace(/\{([A-Za-z0-9_.%]+)\}/g, (_whole, name: string) => encodeURIComponent(values[name] ?? ''));
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
