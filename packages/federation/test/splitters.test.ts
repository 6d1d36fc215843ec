import { eventFields } from '../src/sse-fields.ts';
import { SseSplitter } from '../src/sse-splitter.ts';
import { LineSplitter } from '../src/stdio/line-splitter.ts';

/** Feeds `text` in pieces of `size` bytes. */
function feed(push: (chunk: Buffer) => void, text: string, size: number): void {
  const bytes = Buffer.from(text);
  for (let start = 0; start < bytes.length; start += size) push(bytes.subarray(start, start + size));
}

describe('LineSplitter: stdout and stderr lines, bounded', () => {
  it.each([1, 2, 7, 1_000])('splits lines the same whatever the chunk size (%i bytes)', (size) => {
    const lines: string[] = [];
    const splitter = new LineSplitter({ maxLineBytes: 100, onLine: (line) => lines.push(line.toString()), onOverflow: () => lines.push('OVERFLOW') });
    feed((chunk) => splitter.push(chunk), 'one\ntwo\r\n\nthree\nunfinished', size);
    expect(lines).toEqual(['one', 'two\r', '', 'three']);
    expect(splitter.buffered).toBe('unfinished'.length);
    expect(splitter.take()?.toString()).toBe('unfinished');
  });

  it('never holds more than the bound of a line without a newline, and reads on after it', () => {
    const seen: string[] = [];
    let most = 0;
    const splitter = new LineSplitter({ maxLineBytes: 1_024, onLine: (line) => seen.push(line.toString()), onOverflow: () => seen.push('OVERFLOW') });
    for (let count = 0; count < 10_000; count += 1) {
      splitter.push(Buffer.alloc(100, 'x'));
      most = Math.max(most, splitter.buffered);
    }
    splitter.push(Buffer.from('still x\nnext\n'));
    expect(most).toBeLessThanOrEqual(1_024);
    expect(seen).toEqual(['OVERFLOW', 'next']);
  });

  it('keeps the head of an overlong line when asked (stderr)', () => {
    const heads: string[] = [];
    const splitter = new LineSplitter({ maxLineBytes: 8, keepHead: true, onLine: () => undefined, onOverflow: (head) => heads.push(head!.toString()) });
    feed((chunk) => splitter.push(chunk), 'abcdefghijklmnop\n', 3);
    expect(heads).toEqual(['abcdefgh']);
  });
});

describe('SseSplitter: events of a stream, bounded', () => {
  it.each([1, 3, 64])('finds events across chunks of %i bytes, LF and CRLF alike', (size) => {
    const events: (string | undefined)[] = [];
    const splitter = new SseSplitter({ maxEventBytes: 1_000, onEvent: (event) => events.push(eventFields(event).data), onOverflow: () => events.push('OVERFLOW') });
    feed((chunk) => splitter.push(chunk), 'event: message\ndata: {"a":1}\n\ndata: x\r\ndata: y\r\n\r\n: a comment\n\ndata:z\n\n', size);
    expect(events).toEqual(['{"a":1}', 'x\ny', undefined, 'z']);
  });

  it('stops at an event larger than the bound, holding no more than the bound', () => {
    let overflowed = 0;
    let most = 0;
    const splitter = new SseSplitter({ maxEventBytes: 4_096, onEvent: () => undefined, onOverflow: () => (overflowed += 1) });
    splitter.push(Buffer.from('data: '));
    for (let count = 0; count < 1_000; count += 1) {
      splitter.push(Buffer.alloc(100, 'x'));
      most = Math.max(most, splitter.buffered);
    }
    expect(overflowed).toBe(1);
    expect(most).toBeLessThanOrEqual(4_096);
  });

  it('counts without holding when nobody reads the events', () => {
    const splitter = new SseSplitter({ maxEventBytes: 10, onOverflow: () => undefined });
    splitter.push(Buffer.from('data: 1\n\ndata: 2\n\n'));
    expect(splitter.buffered).toBe(0);
  });
});
