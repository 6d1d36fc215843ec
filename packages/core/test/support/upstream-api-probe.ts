// Run as a child process by pack-api-imports.test.ts: imports `@toolgate/core/upstream` and uses
// each of its names as @toolgate/upstream does, then prints every package imported meanwhile.
import { recordLoadedPackages, reportLoadedPackages } from '@toolgate/test-support/loaded-packages';

const loaded = recordLoadedPackages();
const api = await import('../../src/upstream-api.ts');
api.recordCacheLookup(undefined);
api.combineUpstreamObservers({}, {})?.cacheLookedUp?.({ cache: 'probe', result: 'miss' });
api.redactUrls('https://user:pass@example.com/?apiKey=1');
api.redisCommandTimeoutMs.parse('250');
api.redisUrl.parse('redis://127.0.0.1:6379');
reportLoadedPackages(loaded);
