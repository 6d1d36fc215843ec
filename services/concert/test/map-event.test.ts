import { readFileSync } from 'node:fs';
import { bandsintownEventsSchema } from '../src/upstream/schemas.ts';
import { mapEvent, toCoordinate } from '../src/upstream/map-event.ts';

const fixture = JSON.parse(readFileSync(new URL('./fixtures/bandsintown-events.json', import.meta.url), 'utf8'));

describe('mapping a Bandsintown event', () => {
  const [first, second] = bandsintownEventsSchema.parse(fixture)!.map(mapEvent);

  it('turns string ids and coordinates into numbers and an empty description into null', () => {
    expect(first).toEqual({
      id: 1016876543,
      artist_id: 510,
      url: 'https://www.bandsintown.com/e/1016876543?came_from=267',
      datetime: '2026-07-14T19:30:00',
      title: 'Maroon 5 at Madison Square Garden',
      description: null,
      lineup: ['Maroon 5', 'Opening Act'],
      offers: [{ type: 'Tickets', url: 'https://www.bandsintown.com/t/1016876543', status: 'available' }],
      venue: {
        name: 'Madison Square Garden',
        url: 'https://www.bandsintown.com/v/10001',
        city: 'New York',
        region: 'NY',
        country: 'United States',
        latitude: 40.7505,
        longitude: -73.9934,
      },
    });
  });

  it('fills in a missing title, venue url and blank coordinates', () => {
    expect(second).toMatchObject({
      title: 'Some Band @ Bowery Ballroom',
      description: 'An intimate acoustic night.',
      venue: { url: '', latitude: null, longitude: null },
    });
  });

  it('reads coordinates', () => {
    expect(toCoordinate('51.5')).toBe(51.5);
    expect(toCoordinate(-0.12)).toBe(-0.12);
    expect(toCoordinate('')).toBeNull();
    expect(toCoordinate('north')).toBeNull();
    expect(toCoordinate(null)).toBeNull();
  });

  it('rejects a non-numeric id as drift rather than inventing one', () => {
    expect(bandsintownEventsSchema.safeParse([{ ...fixture[0], id: 'abc' }]).success).toBe(false);
  });
});
