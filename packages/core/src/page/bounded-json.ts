import { nestsDeeperThan } from '../protocol/json-depth.ts';

/** The most characters of one schema the page shows; the rest is cut, with a note. */
export const SCHEMA_SHOWN_CHARACTERS = 16_384;
/** Deeper than this a schema is shown compact: two spaces a level would grow it with the square of its depth. */
const PRETTY_DEPTH = 12;
/** Deeper than this nothing is serialised at all (JSON.stringify recurses). */
const SHOWN_DEPTH = 64;

/** A schema as the page shows it: its text, and a note when that is not all of it. */
export interface SchemaText {
  text: string;
  note?: string;
}

/**
 * A tool's schema as text for the page, at a cost bounded by the schema's own size: indented when
 * it is shallow (the indentation of a deep schema grows with the square of its depth: a 74 KB
 * schema became a 40 MB page), compact otherwise, and cut at 16 KiB either way. A schema too deep
 * to serialise safely is not shown; tools/list has every schema whole.
 */
export function schemaText(schema: unknown): SchemaText {
  if (nestsDeeperThan(schema, SHOWN_DEPTH)) return { text: '', note: `nested deeper than ${SHOWN_DEPTH} levels: not shown here; the tool list an MCP client reads has it whole` };
  const pretty = !nestsDeeperThan(schema, PRETTY_DEPTH);
  const text = pretty ? JSON.stringify(schema, null, 2) : JSON.stringify(schema);
  const compactNote = pretty ? undefined : `nested deeper than ${PRETTY_DEPTH} levels: shown compact`;
  if (text.length <= SCHEMA_SHOWN_CHARACTERS) return compactNote ? { text, note: compactNote } : { text };
  const cut = `cut at ${SCHEMA_SHOWN_CHARACTERS.toLocaleString('en')} of ${text.length.toLocaleString('en')} characters; the tool list an MCP client reads has it whole`;
  return { text: `${text.slice(0, SCHEMA_SHOWN_CHARACTERS)}…`, note: compactNote ? `${compactNote}, ${cut}` : cut };
}

/** A value from a schema (a default, an enum value) as short JSON: never deep, never long. */
export function shortJson(value: unknown, maxCharacters = 200): string {
  if (nestsDeeperThan(value, 8)) return '…';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > maxCharacters ? `${text.slice(0, maxCharacters)}…` : text;
}
