import { availableParallelism } from 'node:os';
import { parseEnv } from '../src/config.ts';
import { clusterEnvSchema } from '../src/cluster/workers-setting.ts';

const workers = (WORKERS?: string) => parseEnv(clusterEnvSchema, WORKERS === undefined ? {} : { WORKERS }).WORKERS;

describe('WORKERS', () => {
  it('is 1 when unset: one process, as before', () => {
    expect(workers()).toBe(1);
  });

  it('takes a whole number', () => {
    expect(workers('4')).toBe(4);
  });

  it('auto is the number of cores this process may use', () => {
    expect(workers('auto')).toBe(availableParallelism());
  });

  it.each(['0', '-2', '1.5', 'many', '1000'])('refuses %s, naming the variable', (value) => {
    expect(() => workers(value)).toThrow(/WORKERS/);
  });
});
