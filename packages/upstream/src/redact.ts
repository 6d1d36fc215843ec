import { redactUrls } from '@toolgate/core/upstream';

/** Query parameters whose values are credentials in the upstreams toolgate talks to. */
const SECRET_PARAMS = /^(app_id|api_key|apikey|key|token|access_token)$/i;

/**
 * Returns a function that removes secrets from any text bound for an error or a log:
 * every known secret value, the value of any credential-named query parameter, and what
 * redactUrls removes from every URL (userinfo, key-like path segments).
 */
export function createRedactor(secrets: (string | undefined)[]): (text: string) => string {
  // Longest first, so a secret that contains another is removed whole.
  const values = secrets.filter((value): value is string => typeof value === 'string' && value.length > 0).sort((a, b) => b.length - a.length);
  return (text) => {
    let result = text;
    for (const value of values) {
      result = result.split(value).join('[redacted]');
      const encoded = encodeURIComponent(value);
      if (encoded !== value) result = result.split(encoded).join('[redacted]');
    }
    return redactUrls(
      result.replace(/([?&])([^=&#]+)=([^&#]*)/g, (match, separator: string, name: string) =>
        SECRET_PARAMS.test(name) ? `${separator}${name}=[redacted]` : match,
      ),
    );
  };
}
