import { UpstreamError, type UpstreamClient } from '@toolgate/upstream';
import { z } from 'zod';
import { PREFER_FOR_MS, createHostFallback } from '../src/upstream/host-fallback.ts';

/** A host that answers with its name, or fails as told. */
function host(name: string, fail: { status?: number } | undefined = undefined) {
  const calls: string[] = [];
  const client = {
    name,
    fail,
    calls,
    async get({ path }: { path: string }) {
      calls.push(path);
      if (client.fail) throw new UpstreamError(`failed (HTTP ${client.fail.status})`, { upstream: name, statusCode: client.fail.status, isRetryable: false });
      return name;
    },
    close: async () => {},
  };
  return client;
}

const ask = (path: string) => ({ path, schema: z.string(), ttlMs: 0 });

describe('asking the same API on several hosts', () => {
  it('goes back to the first host once the stand-in has been preferred for PREFER_FOR_MS', async () => {
    let now = 0;
    const first = host('first', { status: 403 });
    const second = host('second');
    const hosts = createHostFallback([first, second] as unknown as UpstreamClient[], () => now);
    expect(await hosts.get(ask('/a'))).toBe('second');
    first.fail = undefined;
    now = PREFER_FOR_MS;
    expect(await hosts.get(ask('/b'))).toBe('second');
    expect(first.calls).toEqual(['/a']);
    now = PREFER_FOR_MS + 1;
    expect(await hosts.get(ask('/c'))).toBe('first');
    expect(first.calls).toEqual(['/a', '/c']);
  });

  it('passes a 404 through without asking another host: it is an answer', async () => {
    const first = host('first', { status: 404 });
    const second = host('second');
    const hosts = createHostFallback([first, second] as unknown as UpstreamClient[]);
    await expect(hosts.get(ask('/missing'))).rejects.toMatchObject({ statusCode: 404 });
    expect(second.calls).toEqual([]);
  });
});
