import { MemoryOAuthProvider } from '@toolgate/test-support';

/**
 * An OAuth-capable client's first connection: it is refused, discovers the authorization
 * server from the gateway's 401 and sends the user to authorize (the provider follows the
 * link; the test server approves at once). The host then hands the code back through
 * `finish` (the client library's own code exchange) and connects again, now with a token.
 */
export async function connectWithOAuth<T>(
  connect: (provider: MemoryOAuthProvider) => Promise<T>,
  finish: (provider: MemoryOAuthProvider, code: string) => Promise<unknown>,
): Promise<T> {
  const provider = new MemoryOAuthProvider();
  try {
    return await connect(provider);
  } catch (error) {
    if (!provider.authorizationCode) throw error;
  }
  await finish(provider, provider.authorizationCode);
  return connect(provider);
}
