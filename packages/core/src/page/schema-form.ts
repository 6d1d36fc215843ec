import { shortJson } from './bounded-json.ts';
import { html, type Html } from './escape-html.ts';

type Schema = Record<string, unknown>;

/** How the page's script turns a field back into an argument (assets/page.js reads data-kind). */
type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'json' | 'enum';

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A form shows this many fields at most, and a list this many choices; past them the schema says the rest. */
const MAX_FIELDS = 50;
const MAX_CHOICES = 100;

function kindOf(schema: Schema): FieldKind {
  // A choice that is itself deep or long is typed as JSON: an option's value is the whole of it.
  if (Array.isArray(schema.enum) && schema.enum.length > 0 && schema.enum.length <= MAX_CHOICES && schema.enum.every((value) => typeof value !== 'object' || value === null)) {
    return 'enum';
  }
  switch (schema.type) {
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
      return schema.type;
    default:
      // Arrays, objects, unions and anything a remote server invents: typed as JSON.
      return 'json';
  }
}

function hintOf(schema: Schema): string {
  const parts: string[] = [];
  if (typeof schema.description === 'string') parts.push(schema.description);
  if (schema.default !== undefined) parts.push(`default ${shortJson(schema.default)}`);
  return parts.join(' · ');
}

function control(id: string, name: string, schema: Schema, kind: FieldKind, required: boolean): Html {
  const common = html`id="${id}" name="${name}" data-kind="${kind}"${required ? html` required` : ''}`;
  const placeholder = schema.default === undefined ? undefined : shortJson(schema.default);
  switch (kind) {
    case 'enum': {
      const values = schema.enum as unknown[];
      return html`<select ${common}>${required ? '' : html`<option value="">(not set)</option>`}${values.map(
        (value) => html`<option value="${JSON.stringify(value)}">${typeof value === 'string' ? value : shortJson(value)}</option>`,
      )}</select>`;
    }
    case 'boolean':
      return html`<select ${common}>${required ? '' : html`<option value="">(not set)</option>`}<option value="true">true</option><option value="false">false</option></select>`;
    case 'number':
    case 'integer': {
      const bounds = html`${typeof schema.minimum === 'number' ? html` min="${schema.minimum}"` : ''}${typeof schema.maximum === 'number' ? html` max="${schema.maximum}"` : ''}`;
      return html`<input type="number" step="${kind === 'integer' ? '1' : 'any'}"${bounds} ${common}${placeholder ? html` placeholder="${placeholder}"` : ''}>`;
    }
    case 'string':
      return html`<input type="text" ${common}${typeof schema.maxLength === 'number' ? html` maxlength="${schema.maxLength}"` : ''}${
        typeof schema.default === 'string' ? html` placeholder="${schema.default}"` : ''
      }>`;
    case 'json':
      return html`<textarea rows="2" spellcheck="false" ${common} placeholder="${placeholder ?? (schema.type === 'array' ? '[ … ] as JSON' : 'JSON')}"></textarea>`;
  }
}

/**
 * A tool's input schema as form fields, one per top-level property. `idPrefix` is made by the
 * page (pack and tool index), never taken from a name: names may hold any character.
 */
export function schemaFields(inputSchema: Record<string, unknown>, idPrefix: string): Html {
  const every = isSchema(inputSchema.properties) ? Object.entries(inputSchema.properties) : [];
  const properties = every.slice(0, MAX_FIELDS);
  const required = new Set(Array.isArray(inputSchema.required) ? inputSchema.required : []);
  if (properties.length === 0) return html`<p class="muted">No arguments.</p>`;
  const more = every.length > MAX_FIELDS ? html`<p class="muted">And ${every.length - MAX_FIELDS} more arguments: see the input schema.</p>` : '';
  return html`<div class="fields">${properties.map(([name, value], index) => {
    const schema = isSchema(value) ? value : {};
    const kind = kindOf(schema);
    const id = `${idPrefix}-${index}`;
    const isRequired = required.has(name);
    const hint = hintOf(schema);
    return html`<div class="field"><label for="${id}"><code>${name}</code>${isRequired ? html`<span class="required" title="required">*</span>` : ''} <span class="type">${
      kind === 'json' ? String(schema.type ?? 'JSON') : kind === 'enum' ? 'one of' : kind
    }</span></label>${control(id, name, schema, kind, isRequired)}${hint ? html`<small>${hint}</small>` : ''}</div>`;
  })}</div>${more}`;
}
