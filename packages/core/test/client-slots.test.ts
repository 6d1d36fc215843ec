import { ClientSlots } from '../src/http/client-slots.ts';

const later = <T>(value: T, ms = 5) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('ClientSlots', () => {
  it('runs at most `limit` tasks of one client at once; the rest wait, learn that they waited, and all finish', async () => {
    const slots = new ClientSlots(2);
    let running = 0;
    let most = 0;
    const waitedFlags: boolean[] = [];
    const task = (waited: boolean) => {
      waitedFlags.push(waited);
      running += 1;
      most = Math.max(most, running);
      return later('done').finally(() => (running -= 1));
    };
    const results = await Promise.all(Array.from({ length: 6 }, () => slots.run('a', task)));
    expect(results).toEqual(new Array(6).fill('done'));
    expect(most).toBe(2);
    expect(waitedFlags).toEqual([false, false, true, true, true, true]);
    expect(slots.size).toBe(0);
  });

  it('frees the slot when a task rejects or throws before returning its promise', async () => {
    const slots = new ClientSlots(1);
    await expect(slots.run('a', () => Promise.reject(new Error('rejected')))).rejects.toThrow('rejected');
    await expect(
      slots.run('a', () => {
        throw new Error('thrown');
      }),
    ).rejects.toThrow('thrown');
    // With the slot still held, this would wait for ever.
    await expect(slots.run('a', () => later('served'))).resolves.toBe('served');
    expect(slots.size).toBe(0);
  });

  it('counts clients apart', async () => {
    const slots = new ClientSlots(1);
    const order: string[] = [];
    await Promise.all([
      slots.run('a', () => later('a1', 20).then((value) => void order.push(value))),
      slots.run('b', () => later('b1', 1).then((value) => void order.push(value))),
      slots.run('a', () => later('a2', 1).then((value) => void order.push(value))),
    ]);
    // b did not wait behind a's slot; a's second task waited for its first.
    expect(order).toEqual(['b1', 'a1', 'a2']);
  });
});
