import { Writable } from 'node:stream';
import { createLogger, redactUrls } from '../src/index.ts';

/** A logger whose lines are kept, at every level. */
function capturedLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger({ level: 'trace', destination }), lines };
}

describe('credentials in URLs never reach a log line (issue 28, item 7)', () => {
  const cases = [
    ['userinfo', 'http://rpc-user:hunter2@node.example:8545/', ['hunter2', 'rpc-user'], 'http://[redacted]@node.example:8545/'],
    ['a Redis URL with a password', 'redis://:redispw@cache.internal:6379/0', ['redispw'], 'redis://[redacted]@cache.internal:6379/0'],
    ['credential-named query parameters', 'https://api.example.com/v1/events?app_id=app123&apiKey=k-456&access_token=t789&date=upcoming', ['app123', 'k-456', 't789'], 'https://api.example.com/v1/events?app_id=[redacted]&apiKey=[redacted]&access_token=[redacted]&date=upcoming'],
    ['an Alchemy key in the path', 'https://eth-mainnet.g.alchemy.com/v2/Zx81kq0Lm2pQ7rT4uV9wY3aB6cD1eF5g', ['Zx81kq0Lm2pQ7rT4uV9wY3aB6cD1eF5g'], 'https://eth-mainnet.g.alchemy.com/v2/[redacted]'],
    ['an Infura project id in the path', 'https://mainnet.infura.io/v3/9aa3d95b3bc440fa88ea12eaa4456161', ['9aa3d95b3bc440fa88ea12eaa4456161'], 'https://mainnet.infura.io/v3/[redacted]'],
  ] as const;

  it.each(cases)('%s: redacted in fields, nested objects, errors and the message', (_name, url, secrets, shown) => {
    const { logger, lines } = capturedLogger();
    logger.warn({ url, nested: { target: url }, err: { message: `connect ECONNREFUSED ${url}` } }, `upstream ${url} failed`);
    const line = lines.join('');
    for (const secret of secrets) expect(line).not.toContain(secret);
    expect(JSON.parse(line)).toMatchObject({ url: shown, nested: { target: shown }, msg: `upstream ${shown} failed` });
  });

  it('keeps what is no credential: hosts, routes, addresses in paths, ordinary parameters', () => {
    const kept = [
      'https://ipfs.io/ipfs/QmXoypizjW3WknFiJnKLwHCnL72vedxjQkDDP1mXWo6uco/readme',
      'https://etherscan.io/tx/0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060',
      'https://raw.githubusercontent.com/trustwallet/assets/master/blockchains/ethereum/assets/0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48/logo.png',
      'https://www.thesportsdb.com/api/v1/json/3/eventsday.php?d=2026-11-25&s=Soccer',
      'https://api.quotable.io/quotes?author=albert-einstein&tags=wisdom',
      'http://127.0.0.1:8545/',
    ];
    for (const url of kept) expect(redactUrls(`see ${url} now`)).toBe(`see ${url} now`);
  });
});
