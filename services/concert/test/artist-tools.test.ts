import { readFileSync } from 'node:fs';
import { RawBody, startFakeUpstream, startPack, type FakeRequest, type FakeResponse, type FakeUpstream, type PackHarness } from '@toolgate/upstream/testing';
import { concertModule } from '../src/index.ts';

const read = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
const artist = read('bandsintown-artist.json');
const artistEvents = read('bandsintown-artist-events.json');
// The recordings carry the recording app's id in every URL; configured as ours, it must never come back.
const APP_ID = '58c406aaf44bbb601a1bc5a75d0a4ca6';

let upstream: FakeUpstream;
let pack: PackHarness;
let route: (request: FakeRequest) => FakeResponse;
beforeEach(async () => {
  route = (request) => {
    if (request.path === '/artists/Justin%20Bieber') return { body: artist };
    if (request.path === '/artists/Christina%20Aguilera/events') return { body: artistEvents };
    return { body: new RawBody('\n{warn=Not found}\n') };
  };
  upstream = await startFakeUpstream((request) => route(request));
  pack = await startPack(concertModule, { BANDSINTOWN_APP_ID: APP_ID, BANDSINTOWN_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '30000' });
});
afterEach(async () => {
  await pack.close();
  await upstream.close();
});

describe('artist', () => {
  it('answers a recorded profile, typed, without the app id', async () => {
    const result = await pack.call('artist', { name: 'Justin Bieber' });
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toMatchObject({
      id: 307871,
      name: 'Justin Bieber',
      url: 'https://www.bandsintown.com/a/307871?came_from=267',
      mbid: 'e0140a67-e4d1-4f13-8a01-364355bee46e',
      tracker_count: 5295141,
      upcoming_event_count: 0,
    });
    expect(result.structuredContent.links).toHaveLength(15);
    expect(result.structuredContent.links).toContainEqual({ type: 'website', url: 'https://www.justinbiebermusic.com/' });
    expect(JSON.stringify(result)).not.toContain(APP_ID);
    expect(upstream.requests[0]!.query.get('app_id')).toBe(APP_ID);
  });

  it('says "no such artist" for Bandsintown\'s not-found answers, as a tool error and not an upstream failure', async () => {
    const result = await pack.call('artist', { name: 'Nobody Here' });
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toBe('Bandsintown knows no artist named "Nobody Here": check the spelling, or use the artist\'s Bandsintown id as "id_<n>".');
    route = () => ({ status: 404, body: { errorMessage: '[NotFound] The artist was not found' } });
    const viaStatus = await pack.call('artist', { name: 'Nobody Else' });
    expect(viaStatus.content[0]!.text).toMatch(/^Bandsintown knows no artist named "Nobody Else"/);
  });

  it('encodes names as Bandsintown documents, so no typed text reaches the path as it is', async () => {
    await pack.call('artist', { name: 'AC/DC' });
    await pack.call('artist', { name: '../../admin?x=1#' });
    await pack.call('artist', { name: 'id_307871' });
    expect(upstream.requests.map((request) => request.path)).toEqual([
      '/artists/AC%252FDC',
      '/artists/..%252F..%252Fadmin%253Fx%3D1%23',
      '/artists/id_307871',
    ]);
  });

  it('serves a repeat from the cache', async () => {
    await pack.call('artist', { name: 'Justin Bieber' });
    await pack.call('artist', { name: 'Justin Bieber' });
    expect(upstream.requests).toHaveLength(1);
  });

  it('rejects an empty name or control characters before calling upstream', async () => {
    expect((await pack.call('artist', { name: '  ' })).isError).toBe(true);
    expect((await pack.call('artist', { name: 'a\nb' })).isError).toBe(true);
    expect(upstream.requests).toHaveLength(0);
  });
});

describe('artist_events', () => {
  it('maps a recorded festival event into the events shape, and passes the date upstream', async () => {
    const result = await pack.call('artist_events', { name: 'Christina Aguilera', date: '2023-05-01,2023-06-01' });
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent.count).toBe(1);
    expect(result.structuredContent.items[0]).toEqual({
      id: 104054519,
      artist_id: 39,
      url: 'https://www.bandsintown.com/e/104054519?came_from=267&utm_medium=api&utm_source=public_api&utm_campaign=event',
      datetime: '2023-05-06T15:00:00',
      title: 'Lovers & Friends 2023',
      description: null,
      lineup: ['Christina Aguilera'],
      offers: [{ type: 'Tickets', url: 'https://www.bandsintown.com/t/104054519?came_from=267&utm_medium=api&utm_source=public_api&utm_campaign=ticket', status: 'available' }],
      venue: { name: 'Lovers & Friends 2023', url: '', city: 'Las Vegas', region: 'NV', country: 'United States', latitude: 36.1431237, longitude: -115.1621698 },
    });
    expect(upstream.requests[0]!.query.get('date')).toBe('2023-05-01,2023-06-01');
    expect(JSON.stringify(result)).not.toContain(APP_ID);
  });

  it('tells an unknown artist from an artist with no events', async () => {
    const unknown = await pack.call('artist_events', { name: 'Nobody Here' });
    expect(unknown.content[0]!.text).toMatch(/^Bandsintown knows no artist named "Nobody Here"/);
    route = () => ({ body: [] });
    const quiet = await pack.call('artist_events', { name: 'Quiet Band', date: 'upcoming' });
    expect(quiet.structuredContent).toEqual({ items: [], count: 0 });
  });

  it('validates the date as events does', async () => {
    const result = await pack.call('artist_events', { name: 'Christina Aguilera', date: 'tomorrow' });
    expect(result.isError).toBe(true);
    expect(upstream.requests).toHaveLength(0);
  });
});
