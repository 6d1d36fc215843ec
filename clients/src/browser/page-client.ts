// Runs in the browser page (bundled by esbuild): the official SDK client, exactly as a web app
// would use it, behind a small handle API the matrix drives through page.evaluate.
import { auth, UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/** The page's origin (the package compiles without the DOM library). */
const origin = () => (globalThis as unknown as { location: { origin: string } }).location.origin;

/** A web app's OAuth client state, in memory: redirectToAuthorization is where it would navigate. */
function pageProvider(): OAuthClientProvider & { pending?: string } {
  const state: Record<string, unknown> = {};
  const provider: OAuthClientProvider & { pending?: string } = {
    get redirectUrl() {
      return `${origin()}/callback`;
    },
    get clientMetadata() {
      return { client_name: 'toolgate browser page', redirect_uris: [`${origin()}/callback`], grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'none' };
    },
    clientInformation: () => state.client as never,
    saveClientInformation: (information) => void (state.client = information),
    tokens: () => state.tokens as never,
    saveTokens: (tokens) => void (state.tokens = tokens),
    redirectToAuthorization: (url) => void (provider.pending = url.href),
    saveCodeVerifier: (verifier) => void (state.verifier = verifier),
    codeVerifier: () => state.verifier as string,
  };
  return provider;
}

const clients = new Map<number, Client>();
const providers = new Map<string, ReturnType<typeof pageProvider>>();
let next = 0;

const api = {
  /** A handle, or (OAuth) the authorization URL the app would navigate to. */
  async connect(endpoint: string, headers: Record<string, string>, oauth: boolean): Promise<number | { authorize: string }> {
    let authProvider = oauth ? providers.get(endpoint) : undefined;
    if (oauth && !authProvider) providers.set(endpoint, (authProvider = pageProvider()));
    const client = new Client({ name: 'browser-page', version: '1.0.0' });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(endpoint), { authProvider, requestInit: { headers } }));
    } catch (error) {
      if (error instanceof UnauthorizedError && authProvider?.pending) return { authorize: authProvider.pending };
      throw error;
    }
    clients.set(++next, client);
    return next;
  },
  /** What the app's /callback page does with the code. */
  async finishAuth(endpoint: string, code: string): Promise<void> {
    await auth(providers.get(endpoint)!, { serverUrl: endpoint, authorizationCode: code });
  },
  async listTools(id: number): Promise<string[]> {
    return (await clients.get(id)!.listTools()).tools.map(({ name }) => name);
  },
  async call(id: number, name: string, args: Record<string, unknown>): Promise<unknown> {
    return clients.get(id)!.callTool({ name, arguments: args });
  },
  async close(id: number): Promise<void> {
    await clients.get(id)?.close();
    clients.delete(id);
  },
};

(globalThis as unknown as { mcp: typeof api }).mcp = api;
