/** Query parameters whose values are credentials, by how their name ends (`apiKey`, `access_token`, `app_id`). */
const SECRET_PARAM = /(key|token|secret|passw(or)?d|pwd|^auth$|authorization|signature|^sig$|app_?id|credentials?)$/i;
/** An API key as providers put it in the path: after a version (Alchemy's `/v2/<key>`, Infura's `/v3/<id>`). */
const KEY_AFTER_VERSION = /^(?=[\w-]*\d)[\w-]{16,}$/;
/** …or alone, as 32 or more hex digits (Infura, QuickNode, Ankr); 0x hex (addresses, hashes) is not a key. */
const HEX_KEY = /^[0-9a-f]{32,}$/i;

const isKeySegment = (segment: string, previous: string | undefined) =>
  HEX_KEY.test(segment) || (previous !== undefined && /^v\d+$/i.test(previous) && KEY_AFTER_VERSION.test(segment));

/** A URL with a scheme, as it stands in a log line, a JSON string or a message. */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>\\`]+/gi;

function redactUrl(url: string): string {
  const schemeEnd = url.indexOf('://') + 3;
  const rest = url.slice(schemeEnd);
  const authorityEnd = rest.search(/[/?#]/);
  let authority = authorityEnd === -1 ? rest : rest.slice(0, authorityEnd);
  let tail = authorityEnd === -1 ? '' : rest.slice(authorityEnd);
  const at = authority.lastIndexOf('@');
  if (at !== -1) authority = `[redacted]@${authority.slice(at + 1)}`;
  const queryStart = tail.search(/[?#]/);
  const path = queryStart === -1 ? tail : tail.slice(0, queryStart);
  const after = queryStart === -1 ? '' : tail.slice(queryStart);
  tail =
    path
      .split('/')
      .map((segment, index, segments) => (isKeySegment(segment, segments[index - 1]) ? '[redacted]' : segment))
      .join('/') +
    after.replace(/([?&;])([^=&#;]+)=([^&#;]*)/g, (match, separator: string, name: string) =>
      SECRET_PARAM.test(name) ? `${separator}${name}=[redacted]` : match,
    );
  return `${url.slice(0, schemeEnd)}${authority}${tail}`;
}

/**
 * Removes credentials from every URL in a text bound for a log line or an error: the userinfo
 * (`user:pass@`), credential-named query parameters (`?apiKey=…`, `&token=…`) and key-like path
 * segments (Alchemy's and Infura's keys live in the path). The rest of each URL stays, so a
 * reader still sees which host and route failed. Configured secrets are removed by value besides
 * (createRedactor in @toolgate/upstream): this catches what no one configured.
 */
export function redactUrls(text: string): string {
  if (!text.includes('://')) return text;
  return text.replace(URL_IN_TEXT, redactUrl);
}
