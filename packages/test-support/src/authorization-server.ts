import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { stopChild } from './stop-child.ts';

export interface AuthorizationServer {
  /** Its issuer identifier, e.g. `http://127.0.0.1:41234`. */
  issuer: string;
  /** Signs a token with the server's own key, for claims a client would never get (expired, wrong audience). */
  mint(claims: Record<string, unknown>, expiresInSeconds?: number, omit?: string[]): Promise<string>;
  /** Every `resource` (RFC 8707) a token was asked for, in order. */
  resources(): Promise<string[]>;
  stop(): Promise<void>;
}

const MAIN = fileURLToPath(new URL('./authorization-server-main.ts', import.meta.url));

/**
 * Starts the test authorization server (authorization-server-main.ts) in a child process: a
 * real server, and out of jest's module realm, whose typed arrays and objects its JOSE code rejects.
 */
export async function startAuthorizationServer(): Promise<AuthorizationServer> {
  const child = spawn(process.execPath, [MAIN], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const [first] = (await Promise.race([once(lines, 'line'), once(child, 'exit').then(() => [undefined])])) as [string | undefined];
  if (!first) throw new Error('the test authorization server did not start');
  const { issuer } = JSON.parse(first) as { issuer: string };
  return {
    issuer,
    async mint(claims, expiresIn, omit) {
      const response = await fetch(`${issuer}/mint`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ claims, expiresIn, omit }) });
      return ((await response.json()) as { token: string }).token;
    },
    resources: async () => (await (await fetch(`${issuer}/resources`)).json()) as string[],
    stop: () => stopChild(child),
  };
}
