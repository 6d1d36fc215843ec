/**
 * Bandsintown writes the caller's `app_id` into every URL it returns (artist, event and ticket
 * links). The app id is the operator's credential: it is removed before a URL reaches a result.
 */
export function stripAppId(url: string | null | undefined): string {
  if (!url) return '';
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const kept = url.slice(queryStart + 1).split('&').filter((pair) => pair !== '' && !/^app_id(=|$)/i.test(pair));
  return kept.length > 0 ? `${url.slice(0, queryStart)}?${kept.join('&')}` : url.slice(0, queryStart);
}
