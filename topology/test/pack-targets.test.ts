import { existsSync } from 'node:fs';
import { repoRoot, selectTargets } from '../src/index.ts';

describe('choosing the packs of an end-to-end run', () => {
  it('defaults to the echo fixture plus every product pack present in the checkout', () => {
    const names = selectTargets(undefined).map((target) => target.name);
    expect(names[0]).toBe('echo');
    for (const name of names.slice(1)) expect(existsSync(`${repoRoot}services/${name}/src/main.ts`)).toBe(true);
  });

  it('takes a comma-separated list, and names a missing pack clearly', () => {
    expect(selectTargets(' echo ').map((target) => target.name)).toEqual(['echo']);
    expect(() => selectTargets('echo,nosuchpack')).toThrow('no pack service at services/nosuchpack/src/main.ts');
  });

  it('starts a product pack as its package start script does, on a port the system picks', () => {
    const gatewayLike = selectTargets('echo')[0]!.service('r1');
    expect(gatewayLike.command).toBe(process.execPath);
    expect(gatewayLike.env).toMatchObject({ PORT: '0', HOST: '127.0.0.1', REPLICA_NAME: 'r1' });
  });
});
