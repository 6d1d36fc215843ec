const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text and attribute values into HTML. Every string the page shows passes through here: tool
 * names, titles, descriptions and schemas come from packs, and from remote MCP servers too.
 */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (character) => ENTITIES[character]!);
}

/** A tagged template whose interpolations are escaped, unless they are already `Html`. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0]!;
  values.forEach((value, index) => {
    out += htmlOf(value) + strings[index + 1]!;
  });
  return new Html(out);
}

/** Markup made by `html` (or joined from it): interpolated as it is, not escaped again. */
export class Html {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

function htmlOf(value: unknown): string {
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(htmlOf).join('');
  if (value === undefined || value === null || value === false) return '';
  return escapeHtml(value);
}
