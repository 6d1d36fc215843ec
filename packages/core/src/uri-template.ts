/**
 * The URI templates a built-in pack may declare (RFC 6570, level 2 without fragments): literal
 * text and `{name}` (one segment, percent-encoded) or `{+name}` (reserved expansion: slashes
 * kept). Matching a URI gives each variable's decoded value; expanding is the inverse.
 */
export interface UriTemplate {
  readonly template: string;
  readonly variables: readonly string[];
  match(uri: string): Record<string, string> | undefined;
  expand(values: Readonly<Record<string, string>>): string;
}

const EXPRESSION = /\{(\+?)([A-Za-z0-9_]+)\}/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Parses a template; anything else in braces (other operators, lists) is refused with the template named. */
export function parseUriTemplate(template: string): UriTemplate {
  const variables: string[] = [];
  const reserved: boolean[] = [];
  let pattern = '^';
  let last = 0;
  for (const match of template.matchAll(EXPRESSION)) {
    pattern += escapeRegExp(template.slice(last, match.index));
    const plus = match[1] === '+';
    pattern += plus ? '(.*?)' : '([^/?#]*?)';
    variables.push(match[2]!);
    reserved.push(plus);
    last = match.index + match[0].length;
  }
  const tail = template.slice(last);
  if (/[{}]/.test(template.replace(EXPRESSION, ''))) {
    throw new Error(`URI template ${template}: only {name} and {+name} expressions are supported`);
  }
  if (new Set(variables).size !== variables.length) throw new Error(`URI template ${template}: a variable appears twice`);
  const regex = new RegExp(`${pattern}${escapeRegExp(tail)}$`, 's');

  return {
    template,
    variables,
    match(uri) {
      const found = regex.exec(uri);
      if (!found) return undefined;
      const values: Record<string, string> = {};
      try {
        variables.forEach((name, index) => {
          values[name] = decodeURIComponent(found[index + 1]!);
        });
      } catch {
        return undefined;
      }
      return values;
    },
    expand(values) {
      let index = 0;
      return template.replace(EXPRESSION, () => {
        const value = values[variables[index]!] ?? '';
        const plus = reserved[index]!;
        index += 1;
        return plus ? encodeURI(value) : encodeURIComponent(value);
      });
    },
  };
}
