import { UpstreamError } from '@toolgate/upstream';
import { explainSportsDbError, readSportsDbBody } from '../src/upstream/read-body.ts';
import { fixture } from './sportsdb-stand-in.ts';

describe("reading TheSportsDB's bodies", () => {
  it('reads the forms of "nothing found" as no records', () => {
    expect(readSportsDbBody('', 'events')).toEqual({ events: null });
    expect(readSportsDbBody('  \n', 'tvevents')).toEqual({ tvevents: null });
    expect(readSportsDbBody('{"Message":"No data found"}', 'lookup')).toEqual({ lookup: null });
    expect(readSportsDbBody('{"events":null}', 'events')).toEqual({ events: null });
  });

  it('passes records through', () => {
    expect(readSportsDbBody(JSON.stringify(fixture('lookupeventstats')), 'eventstats')).toEqual(fixture('lookupeventstats'));
  });

  it('turns the recorded invalid-key body into an error naming THESPORTSDB_API_KEY, not a breaker strike', () => {
    const thrown = (() => {
      try {
        readSportsDbBody(JSON.stringify(fixture('invalid-key')), 'events');
      } catch (error) {
        return error as UpstreamError;
      }
    })();
    expect(thrown).toBeInstanceOf(UpstreamError);
    expect(thrown!.message).toBe(
      'TheSportsDB: refused the API key: "Invalid Premium API key: Signup here: https://www.thesportsdb.com/pricing". Set THESPORTSDB_API_KEY to a valid key: 123 is the free public key; premium keys come from https://www.thesportsdb.com/pricing',
    );
    expect(thrown!.countsAsFailure).toBe(false);
  });

  it('makes any other lone Message an error in TheSportsDB\'s words', () => {
    expect(() => readSportsDbBody('{"Message":"Too many requests from this key"}', 'events')).toThrow('TheSportsDB: said: "Too many requests from this key"');
  });

  it('rewrites only an HTTP 400 invalid-key error', () => {
    const invalid = new UpstreamError('request rejected (HTTP 400)', { upstream: 'TheSportsDB', statusCode: 400, isRetryable: false, body: fixture('invalid-key') });
    expect((explainSportsDbError(invalid) as Error).message).toMatch(/^TheSportsDB: refused the API key \(HTTP 400\): "Invalid Premium API key/);
    const other = new UpstreamError('request rejected (HTTP 400)', { upstream: 'TheSportsDB', statusCode: 400, isRetryable: false, body: { Message: 'Bad date' } });
    expect(explainSportsDbError(other)).toBe(other);
    const server = new UpstreamError('server error (HTTP 500)', { upstream: 'TheSportsDB', statusCode: 500, isRetryable: true });
    expect(explainSportsDbError(server)).toBe(server);
  });
});
