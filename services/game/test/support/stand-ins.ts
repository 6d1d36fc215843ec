import type { FakeRequest, FakeResponse } from '@toolgate/upstream/testing';
import { fixture } from './fixtures.ts';

export const TOKEN = 'eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzUxMiJ9.recorded-shape-token';

/**
 * The official API as a stand-in on 127.0.0.1: recorded answers by path, Supercell's error bodies
 * otherwise. `#GJRV99Q8` (player) and `#80GP0LRL0` (club) are the tags the recordings belong to.
 */
export function officialRoute(request: FakeRequest): FakeResponse {
  if (request.headers.authorization !== `Bearer ${TOKEN}`) return { status: 403, body: fixture('errors/access-denied.json') };
  const routes: Record<string, string> = {
    '/v1/events/rotation': 'official/events-rotation.json',
    '/v1/players/%23GJRV99Q8': 'official/player.json',
    '/v1/players/%23GJRV99Q8/battlelog': 'official/battlelog.json',
    '/v1/clubs/%2380GP0LRL0': 'official/club.json',
    '/v1/clubs/%2380GP0LRL0/members': 'official/club-members.json',
    '/v1/rankings/global/players': 'official/rankings-players.json',
    '/v1/rankings/FR/players': 'official/rankings-players.json',
    '/v1/rankings/global/clubs': 'official/rankings-clubs.json',
    '/v1/rankings/global/brawlers/16000000': 'official/rankings-brawlers.json',
  };
  const file = routes[request.path];
  return file ? { body: fixture(file) } : { status: 404, body: fixture('errors/not-found.json') };
}

/** Brawlify (or its mirror) as a stand-in: recorded answers by path, a 404 otherwise. */
export function brawlifyRoute(request: FakeRequest): FakeResponse {
  const routes: Record<string, string> = {
    '/v1/events': 'brawlify/events.json',
    '/v1/brawlers': 'brawlify/brawlers.json',
    '/v1/brawlers/16000038': 'brawlify/brawler-16000038.json',
    '/v1/maps': 'brawlify/maps.json',
    '/v1/maps/15000000': 'brawlify/map-15000000.json',
    '/v1/gamemodes': 'brawlify/gamemodes.json',
  };
  const file = routes[request.path];
  return file ? { body: fixture(file) } : { status: 404, body: { message: 'Not found' } };
}
