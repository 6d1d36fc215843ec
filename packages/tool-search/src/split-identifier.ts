/**
 * An identifier as the words it is made of: `events_by_day`, `get-sum`, `messageType`,
 * `ERC20Balance` → `events by day`, `get sum`, `message Type`, `ERC20 Balance`. Tool and parameter
 * names are written this way; people ask in words.
 */
export function splitIdentifier(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_\-./:]+/g, ' ');
}
