/** The fields of one Server-Sent Event that an exchange reads: its id, a retry hint, and its data. */
export interface EventFields {
  id?: string;
  retry?: number;
  data?: string;
}

/** Splits one whole event (as SseSplitter hands it) into its fields, as the SSE spec reads them. */
export function eventFields(event: Buffer): EventFields {
  const fields: EventFields = {};
  const data: string[] = [];
  for (const raw of event.toString('utf8').split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const colon = line.indexOf(':');
    if (colon === 0) continue;
    const name = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.charCodeAt(colon + 1) === 0x20 ? line.slice(colon + 2) : line.slice(colon + 1);
    if (name === 'data') data.push(value);
    else if (name === 'id' && !value.includes('\0')) fields.id = value;
    else if (name === 'retry' && /^\d{1,9}$/.test(value)) fields.retry = Number(value);
  }
  if (data.length > 0) fields.data = data.join('\n');
  return fields;
}
