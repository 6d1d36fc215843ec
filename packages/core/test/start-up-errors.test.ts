import { z } from 'zod';
import { ConfigError, definePackModule, redisCommandTimeoutMs, redisUrl, startServer } from '../src/index.ts';
import { echoPack } from './echo-pack.ts';

// Two packs that share a cache read REDIS_URL as every real pack does (upstream's env shape).
const cachedModule = (name: string) =>
  definePackModule({ name, defaultPort: 0, envSchema: z.object({ REDIS_URL: redisUrl, REDIS_COMMAND_TIMEOUT_MS: redisCommandTimeoutMs }), create: () => ({ pack: echoPack }) });

/** The lines a start with this environment is refused with (it must be refused). */
async function refusalLines(env: NodeJS.ProcessEnv): Promise<string[]> {
  const error = await startServer({ service: 'gateway', modules: [cachedModule('one'), cachedModule('two')], defaultPort: 0, env }).then(
    (server) => server.close().then(() => new Error('the start was not refused')),
    (refusal: unknown) => refusal,
  );
  expect(error).toBeInstanceOf(ConfigError);
  return (error as Error).message.split('\n').slice(1);
}

// Issue 42, point 6: start-up errors in the words of the person who set the variable.
describe('a start refused for its environment says what is wrong in plain words, each problem once', () => {
  it('PORT=abc: the value is not a number (not zod\'s "expected number, received NaN")', async () => {
    expect(await refusalLines({ PORT: 'abc' })).toEqual(['  PORT: "abc" is not a number']);
  });

  it('out of range, not whole, not one of a list: the value and what it must be', async () => {
    expect(await refusalLines({ PORT: '70000', MAX_BODY_BYTES: '0', SHUTDOWN_TIMEOUT_MS: '1.5', LOG_LEVEL: 'loud' })).toEqual([
      '  LOG_LEVEL: "loud" is not one of fatal, error, warn, info, debug, trace, silent',
      '  MAX_BODY_BYTES: "0" is too small: it must be above 0',
      '  SHUTDOWN_TIMEOUT_MS: "1.5" is not a whole number',
      '  PORT: "70000" is too large: it must be at most 65535',
    ]);
  });

  it("a schema's own message is kept as it is written", async () => {
    expect(await refusalLines({ OTEL_TRACES_SAMPLER: 'xray', OTEL_TRACES_SAMPLER_ARG: 'half' })).toEqual([
      '  OTEL_TRACES_SAMPLER: one of always_on, always_off, traceidratio, parentbased_always_on, parentbased_always_off, parentbased_traceidratio',
      '  OTEL_TRACES_SAMPLER_ARG: a ratio from 0 to 1',
    ]);
  });

  it('REDIS_URL=http://…: one line, though the guards and every pack read it, and never the URL (it may hold a password)', async () => {
    const lines = await refusalLines({ REDIS_URL: 'http://user:hunter2@cache.internal:6379', REDIS_COMMAND_TIMEOUT_MS: 'soon' });
    expect(lines).toEqual(['  REDIS_URL: not a redis:// or rediss:// URL (as redis://host:6379)', '  REDIS_COMMAND_TIMEOUT_MS: "soon" is not a number']);
    expect(lines.join('\n')).not.toMatch(/hunter2|cache\.internal/);
  });
});
