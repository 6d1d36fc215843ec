import { REMOTE_PACK } from './gateway.ts';
import type { ClientUnderTest, Credentials, Session } from './types.ts';

/** Fails with what was expected and what came back. */
function check(ok: boolean, what: string, got: unknown): void {
  if (!ok) throw new Error(`${what}; got ${JSON.stringify(got)?.slice(0, 300)}`);
}

async function using<T>(session: Session, work: (session: Session) => Promise<T>): Promise<T> {
  try {
    return await work(session);
  } finally {
    await session.close().catch(() => undefined);
  }
}

/**
 * What every client must manage against the gateway: list the quotes pack's tools, call
 * search_quotes (a page of 3 quotes), get the concert pack's tool error (the operator has
 * not set BANDSINTOWN_APP_ID) as a tool error the user can read, not a crash, list and call
 * the tools of a remote pack (an MCP server the gateway fronts), do both at the one URL `/mcp`,
 * and through its search view (`/mcp?view=search`): search, then call through call_tool.
 */
export async function runScenario(client: ClientUnderTest, baseUrl: string, credentials: Credentials): Promise<void> {
  await using(await client.connect(`${baseUrl}/quotes/mcp`, credentials), async (quotes) => {
    const tools = await quotes.listTools();
    check(tools.includes('search_quotes') && tools.includes('random_quote'), 'tools/list names search_quotes and random_quote', tools);
    const found = await quotes.call('search_quotes', { query: 'love', limit: 10 });
    check(!found.isError, 'search_quotes succeeds', found);
    const count = /"count":\s*(\d+)/.exec(found.text)?.[1];
    check(count === '10', 'search_quotes returns a page of 10 quotes', found.text);
    await resourcesAndPrompts(quotes, { tags: 'quotes://tags', prompt: 'check_who_said' });
  });
  await using(await client.connect(`${baseUrl}/concert/mcp`, credentials), async (concert) => {
    const failed = await concert.call('events', { location: 'Berlin' });
    check(failed.isError && failed.text.includes('BANDSINTOWN_APP_ID'), 'events answers a tool error naming BANDSINTOWN_APP_ID', failed);
  });
  // A remote pack: server-everything (npm) behind the gateway, answered as the server answers.
  await using(await client.connect(`${baseUrl}/${REMOTE_PACK}/mcp`, credentials), async (remote) => {
    const tools = await remote.listTools();
    check(tools.includes('get-sum') && tools.includes('echo'), `the remote pack's tools/list names get-sum and echo`, tools);
    const sum = await remote.call('get-sum', { a: 2, b: 40 });
    check(!sum.isError && sum.text.includes('42'), "the remote pack's get-sum answers 42", sum);
  });
  // Every pack at one URL: built-in and remote tools named <pack>_<tool>.
  await using(await client.connect(`${baseUrl}/mcp`, credentials), async (combined) => {
    const tools = await combined.listTools();
    const remoteSum = `${REMOTE_PACK}_get-sum`;
    check(tools.includes('quotes_search_quotes') && tools.includes('concert_events') && tools.includes(remoteSum), `/mcp's tools/list names quotes_search_quotes, concert_events and ${remoteSum}`, tools);
    const found = await combined.call('quotes_search_quotes', { query: 'love', limit: 10 });
    check(!found.isError && /"count":\s*10\b/.test(found.text), '/mcp: quotes_search_quotes returns a page of 10 quotes', found.text);
    const sum = await combined.call(remoteSum, { a: 2, b: 40 });
    check(!sum.isError && sum.text.includes('42'), `/mcp: ${remoteSum} answers 42`, sum);
    await resourcesAndPrompts(combined, { tags: 'quotes://quotes///tags', prompt: 'quotes_check_who_said' });
  });
  // The search view of the one URL: two tools; a search finds the tool, call_tool calls it (built-in and remote).
  await using(await client.connect(`${baseUrl}/mcp?view=search`, credentials), async (search) => {
    const tools = await search.listTools();
    check(tools.length === 2 && tools.includes('search_tools') && tools.includes('call_tool'), '/mcp?view=search lists search_tools and call_tool only', tools);
    const found = await search.call('search_tools', { query: 'find quotations containing some words' });
    check(!found.isError && found.text.includes('quotes_search_quotes'), '/mcp?view=search: search_tools finds quotes_search_quotes', found.text);
    const quotes = await search.call('call_tool', { name: 'quotes_search_quotes', arguments: { query: 'love', limit: 10 } });
    check(!quotes.isError && /"count":\s*10\b/.test(quotes.text), '/mcp?view=search: call_tool quotes_search_quotes returns a page of 10 quotes', quotes.text);
    const remoteSum = `${REMOTE_PACK}_get-sum`;
    const sum = await search.call('call_tool', { name: remoteSum, arguments: { a: 2, b: 40 } });
    check(!sum.isError && sum.text.includes('42'), `/mcp?view=search: call_tool ${remoteSum} answers 42`, sum);
  });
}

/**
 * A client that exposes resources and prompts (the MCP SDKs) lists the quotes pack's resources and
 * gets its check_who_said prompt: at /mcp under the namespaced URI and the `<pack>_<prompt>` name.
 */
async function resourcesAndPrompts(session: Session, expected: { tags: string; prompt: string }): Promise<void> {
  if (!session.listResources || !session.getPrompt) return;
  const uris = await session.listResources();
  check(uris.includes(expected.tags), `resources/list names ${expected.tags}`, uris);
  const text = await session.getPrompt(expected.prompt, { text: 'The report of my death was an exaggeration', author: 'Twain' });
  check(/"verdict": "verified"/.test(text) && text.includes('Mark Twain'), `${expected.prompt} carries the corpus's verdict (verified, Mark Twain)`, text);
}

/**
 * A keyed gateway and a client without the key, which therefore tries OAuth (issue 12's dead
 * end): the connection must fail with the gateway's advice reaching the user, not hang or
 * die silently.
 */
export async function runNoKeyScenario(client: ClientUnderTest, baseUrl: string): Promise<void> {
  let session: Session | undefined;
  try {
    session = await client.connect(`${baseUrl}/quotes/mcp`, { kind: 'oauth', issuer: '' });
    await session.listTools();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    check(/Send its API key/.test(message), "the error the client reports carries the gateway's advice (send the API key)", message);
    return;
  } finally {
    await session?.close().catch(() => undefined);
  }
  throw new Error('listed tools on a keyed gateway without a key');
}
