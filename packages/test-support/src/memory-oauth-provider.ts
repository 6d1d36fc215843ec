type Json = Record<string, unknown>;

/**
 * The client side of an OAuth authorization-code flow for the MCP SDKs' `authProvider`
 * (their OAuthClientProvider interface), kept in memory. Where a host would open a browser
 * at the authorization URL, this follows it: the test authorization server approves at once
 * and redirects with the code, which `authorizationCode` then holds for `finishAuth`.
 */
export class MemoryOAuthProvider {
  readonly redirectUrl = 'http://127.0.0.1:1/callback';
  authorizationCode: string | undefined;
  #client: Json | undefined;
  #tokens: Json | undefined;
  #verifier = '';
  #discovery: unknown;

  /** `clientId` set → a pre-registered client; unset → the SDK registers one dynamically. */
  constructor(clientId?: string) {
    if (clientId) this.#client = { client_id: clientId };
  }

  get clientMetadata() {
    return {
      client_name: 'toolgate test client',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  clientInformation(): any {
    return this.#client;
  }

  saveClientInformation(information: Json): void {
    this.#client = information;
  }

  tokens(): any {
    return this.#tokens;
  }

  saveTokens(tokens: Json): void {
    this.#tokens = tokens;
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    const response = await fetch(authorizationUrl, { redirect: 'manual' });
    const location = response.headers.get('location');
    if (!location) throw new Error(`the authorization server did not redirect (${response.status})`);
    this.authorizationCode = new URL(location).searchParams.get('code') ?? undefined;
  }

  saveCodeVerifier(verifier: string): void {
    this.#verifier = verifier;
  }

  codeVerifier(): string {
    return this.#verifier;
  }

  // SDK v2 keeps what it discovered across the redirect, to check the callback's issuer.
  saveDiscoveryState(state: unknown): void {
    this.#discovery = state;
  }

  discoveryState(): any {
    return this.#discovery;
  }

  /** The access token the client holds now. */
  get accessToken(): string | undefined {
    return this.#tokens?.access_token as string | undefined;
  }
}
