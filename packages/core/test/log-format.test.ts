import { PassThrough } from 'node:stream';
import { createLogger, logFormatFor } from '../src/index.ts';

function capture() {
  const stream = new PassThrough();
  const lines: string[] = [];
  stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  return { stream, lines };
}

describe('log format', () => {
  it('is pretty at a terminal and JSON anywhere else, unless LOG_FORMAT says', () => {
    expect(logFormatFor(undefined, { isTTY: true })).toBe('pretty');
    expect(logFormatFor(undefined, { isTTY: false })).toBe('json');
    expect(logFormatFor(undefined, {})).toBe('json');
    expect(logFormatFor('json', { isTTY: true })).toBe('json');
    expect(logFormatFor('pretty', { isTTY: false })).toBe('pretty');
  });

  it('pretty: one readable line per entry, secrets still redacted', async () => {
    const { stream, lines } = capture();
    const logger = createLogger({ name: 'gateway', destination: stream, format: 'pretty' });
    logger.info({ url: 'http://127.0.0.1:8080', headers: { authorization: 'Bearer secret-key' } }, 'listening');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: listening \{.*"url":"http:\/\/127\.0\.0\.1:8080"/);
    expect(lines[0]).toContain('[redacted]');
    expect(lines[0]).not.toContain('secret-key');
  });

  it('json: one JSON object per entry', async () => {
    const { stream, lines } = capture();
    createLogger({ name: 'gateway', destination: stream, format: 'json' }).info({ key: 'secret-key' }, 'listening');
    await new Promise((resolve) => setImmediate(resolve));
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 30, service: 'gateway', key: '[redacted]', msg: 'listening' });
  });
});
