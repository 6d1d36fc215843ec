import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lockPathOf, readLock, watchLock, writeLock } from '../src/pinning/lock-file.ts';
import { lineDiff } from '../src/pinning/definition-diff.ts';

const directory = () => mkdtempSync(join(tmpdir(), 'toolgate-lock-'));
const tool = (description: string) => ({ name: 'search', description, inputSchema: { type: 'object' } });

describe('the lock file', () => {
  it('sits beside the servers file', () => {
    expect(lockPathOf('/etc/toolgate/mcp-servers.json')).toBe('/etc/toolgate/mcp-servers.lock.json');
    expect(lockPathOf('/srv/servers')).toBe('/srv/servers.lock.json');
  });

  it('is written with sorted keys (a stable diff in review) and read back the same', () => {
    const path = join(directory(), 'mcp.lock.json');
    writeLock(path, { lockfileVersion: 1, servers: { b: { tools: { search: { name: 'search', inputSchema: { type: 'object' }, description: 'x' } } } } });
    expect(readFileSync(path, 'utf8')).toMatch(/"description": "x",\n\s+"inputSchema"/);
    expect(readLock(path).servers['b']!.tools['search']!.description).toBe('x');
  });

  it('is read again at once on SIGHUP; one that cannot be read leaves the last good one in force', () => {
    const path = join(directory(), 'mcp.lock.json');
    writeLock(path, { lockfileVersion: 1, servers: { s: { tools: { search: tool('first') } } } });
    const watch = watchLock(path);
    writeLock(path, { lockfileVersion: 1, servers: { s: { tools: { search: tool('second') } } } });
    process.emit('SIGHUP', 'SIGHUP');
    expect(watch.pinsOf('s')!['search']!.description).toBe('second');
    writeFileSync(path, '{ "lockfileVersion": 2 }');
    process.emit('SIGHUP', 'SIGHUP');
    expect(watch.problem).toMatch(/is not a toolgate lock file/);
    expect(watch.pinsOf('s')!['search']!.description).toBe('second');
  });
});

describe('lineDiff', () => {
  it('marks the lines only one side has, with two lines of context, and skips the rest', () => {
    const before = ['{', '  "a": 1,', '  "b": 2,', '  "c": 3,', '  "d": 4,', '  "e": 5,', '  "f": 6', '}'].join('\n');
    const after = before.replace('"e": 5', '"e": 50');
    expect(lineDiff(before, after)).toBe(['…', '    "c": 3,', '    "d": 4,', '-   "e": 5,', '+   "e": 50,', '    "f": 6', '  }'].join('\n'));
  });
});
