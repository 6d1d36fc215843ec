import { holding, type ToolCase } from './tool-case.ts';

/** Every concert tool against the Bandsintown stand-in (the pack's recordings). */
export const CONCERT: ToolCase[] = [
  { pack: 'concert', tool: 'events', arguments: { location: 'New York, NY' }, expected: { count: 2, items: holding({ id: 1016876543, artist_id: 510 }) } },
  { pack: 'concert', tool: 'artist', arguments: { name: 'Justin Bieber' }, expected: { name: 'Justin Bieber' } },
  {
    pack: 'concert',
    tool: 'artist_events',
    arguments: { name: 'Christina Aguilera', date: '2023-05-01,2023-06-01' },
    expected: { count: 1, items: holding({ id: 104054519, title: 'Lovers & Friends 2023' }) },
  },
];
