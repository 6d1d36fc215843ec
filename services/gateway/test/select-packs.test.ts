import { z } from 'zod';
import { definePack, definePackModule } from '@toolgate/core';
import { selectPacks } from '../src/select-packs.ts';

const module = (name: string) =>
  definePackModule({ name, defaultPort: 0, envSchema: z.object({}), create: () => ({ pack: definePack({ name, version: '0', tools: [] }) }) });

describe('TOOLGATE_PACKS', () => {
  const available = [module('quotes'), module('chain')];

  it('serves every pack when unset or blank', () => {
    expect(selectPacks(available, undefined)).toEqual(available);
    expect(selectPacks(available, ' ')).toEqual(available);
  });

  it('serves only the named packs, whatever the case and spacing', () => {
    expect(selectPacks(available, ' Chain ').map((m) => m.name)).toEqual(['chain']);
  });

  it('names unknown packs and the ones available', () => {
    expect(() => selectPacks(available, 'quotes,weather')).toThrow(/TOOLGATE_PACKS: unknown pack\(s\) weather; available: quotes, chain/);
  });
});
