import { completeFrom, completionOf } from '../src/completion.ts';

describe('argument completion', () => {
  const chains = completeFrom(() => ['eth-mainnet', 'base-mainnet', 'arb-mainnet', 'eth-sepolia', 'Ñandú']);

  it('offers values starting with what was typed first, then values containing it, in list order', async () => {
    expect(await chains({ value: 'eth', arguments: {} })).toEqual(['eth-mainnet', 'eth-sepolia']);
    expect(await chains({ value: 'main', arguments: {} })).toEqual(['eth-mainnet', 'base-mainnet', 'arb-mainnet']);
    expect(await chains({ value: 'ARB', arguments: {} })).toEqual(['arb-mainnet']);
  });

  it('ignores case and accents, and offers the whole list for an empty value', async () => {
    expect(await chains({ value: 'nandu', arguments: {} })).toEqual(['Ñandú']);
    expect(await chains({ value: '  ', arguments: {} })).toHaveLength(5);
  });

  it('caps an answer at 100 values and says how many there were', () => {
    const many = Array.from({ length: 250 }, (_, index) => `v${index}`);
    expect(completionOf(many)).toEqual({ values: many.slice(0, 100), total: 250, hasMore: true });
    expect(completionOf(['a'])).toEqual({ values: ['a'], total: 1, hasMore: false });
  });
});
