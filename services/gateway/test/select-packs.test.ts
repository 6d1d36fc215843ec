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

describe('the per-pack remote service (services/remote)', () => {
  it('refuses the same names as the gateway: every built-in pack', async () => {
    const { BUILT_IN_PACK_NAMES } = await import('@toolgate/remote');
    const { packModules } = await import('../src/pack-modules.ts');
    expect([...BUILT_IN_PACK_NAMES].sort()).toEqual(packModules.map((m) => m.name).sort());
  });
});
