import { ReadRate } from '../src/read-rate.ts';

describe('ReadRate: bytes a second read from one server', () => {
  it('lets a second\'s worth through at once, then asks to wait for what is read past it', () => {
    let now = 0;
    const rate = new ReadRate(1_000, () => now);
    expect(rate.take(600)).toBe(0);
    expect(rate.take(400)).toBe(0);
    expect(rate.take(500)).toBe(500);
    now += 500;
    expect(rate.take(0)).toBe(0);
    expect(rate.take(100)).toBe(100);
  });

  it('never saves up more than a second: a quiet minute does not buy a minute\'s burst', () => {
    let now = 0;
    const rate = new ReadRate(1_000, () => now);
    now += 60_000;
    expect(rate.take(1_000)).toBe(0);
    expect(rate.take(1_000)).toBe(1_000);
  });

  it('is shared: what one stream reads, another waits for', () => {
    let now = 0;
    const rate = new ReadRate(2_048, () => now);
    const streams = [rate.take(1_024), rate.take(1_024), rate.take(1_024), rate.take(1_024)];
    expect(streams).toEqual([0, 0, 500, 1_000]);
  });
});
