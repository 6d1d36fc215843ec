import { ToolError } from '@toolgate/core';
import { UpstreamError } from '@toolgate/upstream';

/** Supercell's error bodies: `{"reason": "accessDenied.invalidIp", "message": "... from IP 1.2.3.4"}`. */
function reasonOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { reason } = body as Record<string, unknown>;
  return typeof reason === 'string' ? reason : undefined;
}

const IPV4_OR_6 = /\bIP\s+([0-9a-fA-F:.]{3,45})\b/;

/**
 * Turns the official API's refusals into errors an operator or a model can act on. `what` names
 * the thing asked for ("player #2PP"), for the 404. Anything else passes through unchanged.
 * The body's `reason` only picks the case; any text shown is the client's `upstreamMessage`, which
 * has had the token redacted (the raw body has not).
 */
export function explainOfficialError(error: unknown, what: string): unknown {
  if (!(error instanceof UpstreamError) || error.statusCode === undefined) return error;
  const reason = reasonOf(error.body);
  const said = error.upstreamMessage;
  const status = error.statusCode;
  if (status === 404) return new ToolError(`Brawl Stars API: no ${what} (notFound)`);
  if (status === 403 && reason === 'accessDenied.invalidIp') {
    const ip = IPV4_OR_6.exec(said ?? '')?.[1];
    const where = ip ? `this server's IP ${ip}` : "this server's IP";
    return new ToolError(
      `Brawl Stars API: the token does not allow access from ${where} (accessDenied.invalidIp). ` +
        `Add ${ip ?? 'the IP'} to the key's allowed IP addresses at developer.brawlstars.com, or create a key for it.`,
    );
  }
  if (status === 403) {
    return new ToolError(`Brawl Stars API: the token was refused (${said ?? 'HTTP 403'}); check BRAWLSTARS_API_TOKEN.`);
  }
  if (status === 503 && reason === 'inMaintenance') {
    return new ToolError('Brawl Stars API: in maintenance (inMaintenance); the game\'s API is down while Supercell updates it, try again later.');
  }
  return error;
}
