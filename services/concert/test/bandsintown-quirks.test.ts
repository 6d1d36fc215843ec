import { RawBody, startFakeUpstream, startPack, type FakeResponse, type FakeUpstream, type PackHarness } from '@toolgate/upstream/testing';
import { concertModule } from '../src/index.ts';

// The forms are listed, with where each was seen, in fixtures/SOURCES.md.
const APP_ID = 'test-app-id-5f3a';

let upstream: FakeUpstream;
let pack: PackHarness;
let answer: FakeResponse;
beforeEach(async () => {
  upstream = await startFakeUpstream(() => answer);
  pack = await startPack(concertModule, { BANDSINTOWN_APP_ID: APP_ID, BANDSINTOWN_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '30000' });
});
afterEach(async () => {
  await pack.close();
  await upstream.close();
});

describe('Bandsintown answers that are not the answer', () => {
  it.each([
    ['{warn=Not found} with newlines', new RawBody('\n{warn=Not found}\n')],
    ['{warn=Not found}', new RawBody('{warn=Not found}\n')],
    ['{error=Not Found}', new RawBody('{error=Not Found}\n')],
    ['an errorMessage [NotFound]', { errorMessage: '[NotFound] The artist was not found' }],
  ])('%s (HTTP 200) is an empty list of events', async (_name, body) => {
    answer = { body };
    const result = await pack.call('events', { location: 'Berlin' });
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual({ items: [], count: 0 });
  });

  it('never counts "not found" against the breaker: ten in a row, then a real answer still comes through', async () => {
    answer = { body: new RawBody('\n{warn=Not found}\n') };
    for (let i = 0; i < 10; i += 1) {
      const result = await pack.call('events', { location: `City ${String.fromCharCode(65 + i)}` });
      expect(result.structuredContent.count).toBe(0);
    }
    answer = { body: [] };
    const after = await pack.call('events', { location: 'Oslo' });
    expect(after.isError).toBeUndefined();
    expect(upstream.requests).toHaveLength(11);
  });

  it('says it is rate limited when Bandsintown sends {"errors":["Rate limit exceeded"]} with HTTP 200', async () => {
    answer = { body: { errors: ['Rate limit exceeded'] } };
    const result = await pack.call('events', { location: 'Berlin' });
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toBe('Bandsintown: rate limited (Rate limit exceeded): try again in a minute');
    // Not retried at once (it would only spend more of the limit), and not cached.
    expect(upstream.requests).toHaveLength(1);
    answer = { body: [] };
    expect((await pack.call('events', { location: 'Berlin' })).isError).toBeUndefined();
  });

  it('passes on any other errorMessage in Bandsintown\'s own words', async () => {
    answer = { body: { errorMessage: 'Invalid date format' } };
    const result = await pack.call('events', { location: 'Berlin' });
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toBe('Bandsintown: refused the request: Invalid date format');
  });

  it('keeps the app id out of an errorMessage sent with HTTP 200 too', async () => {
    answer = { body: { errorMessage: `app_id ${APP_ID} is not allowed` } };
    const result = await pack.call('events', { location: 'Berlin' });
    expect(result.content[0]!.text).toBe('Bandsintown: refused the request: app_id [redacted] is not allowed');
  });

  it('reads an errorMessage sent with a 4xx status and keeps the app id out of it', async () => {
    answer = { status: 403, body: { errorMessage: `app_id ${APP_ID} is not allowed` } };
    const result = await pack.call('events', { location: 'Berlin' });
    expect(result.content[0]!.text).toBe('Bandsintown: refused the request (HTTP 403): app_id [redacted] is not allowed');
  });
});
