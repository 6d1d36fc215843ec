/** SEP-2243: an argument a tool's schema marks `x-mcp-header: "<Name>"` travels as `Mcp-Param-<Name>` too. */
export interface ParamHeader {
  param: string;
  header: string;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const WRAPPED = /^=\?base64\?(.*)\?=$/s;

/** The header-mirrored arguments of a tool, read from its published input schema. */
export function paramHeadersOf(inputSchema: unknown): ParamHeader[] {
  const properties = (inputSchema as { properties?: unknown } | undefined)?.properties;
  if (typeof properties !== 'object' || properties === null) return [];
  return Object.entries(properties).flatMap(([param, schema]) => {
    const header = (schema as Record<string, unknown> | null)?.['x-mcp-header'];
    return typeof header === 'string' && header !== '' ? [{ param, header }] : [];
  });
}

/** A header's value as the client meant it: `=?base64?…?=` decoded (strictly), anything else literal; undefined when the Base64 is broken. */
function decoded(value: string): string | undefined {
  const wrapped = WRAPPED.exec(value);
  if (!wrapped) return value;
  const base64 = wrapped[1]!;
  if (!BASE64.test(base64)) return undefined;
  return Buffer.from(base64, 'base64').toString('utf8');
}

/**
 * Checks each mirrored argument against its header (2026-07-28 requests): both present and equal,
 * or both absent. Returns what disagrees, for a 400 HeaderMismatch, or undefined when all agree.
 */
export function paramHeaderMismatch(headers: readonly ParamHeader[], args: unknown, headerOf: (name: string) => string | undefined): string | undefined {
  for (const { param, header } of headers) {
    const value = args && typeof args === 'object' ? (args as Record<string, unknown>)[param] : undefined;
    const sent = headerOf(`mcp-param-${header.toLowerCase()}`);
    const absent = value === undefined || value === null;
    if (absent && sent === undefined) continue;
    if (absent) return `the Mcp-Param-${header} header is sent but arguments.${param} is not`;
    if (sent === undefined) return `arguments.${param} is sent but the required Mcp-Param-${header} header is absent`;
    const text = decoded(sent);
    if (text === undefined) return `the Mcp-Param-${header} header is not valid Base64 inside =?base64?…?=`;
    if (typeof value === 'object') continue;
    if (text !== String(value)) return `the Mcp-Param-${header} header does not match arguments.${param}`;
  }
  return undefined;
}
