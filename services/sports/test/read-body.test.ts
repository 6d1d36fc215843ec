import { RefusedInBody, UpstreamError } from '@toolgate/upstream';
import { explainSportsDbError, readSportsDbBody } from '../src/upstream/read-body.ts';
import { fixture } from './sportsdb-stand-in.ts';

function refusalOf(read: () => unknown): RefusedInBody {
  try {
    read();
  } catch (error) {
    if (error instanceof RefusedInBody) return error;
    throw error;
  }
  throw new Error('expected a RefusedInBody');
}

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

  it('turns the recorded invalid-key body into a refusal worded to name THESPORTSDB_API_KEY', () => {
    const refused = refusalOf(() => readSportsDbBody(JSON.stringify(fixture('invalid-key')), 'events'));
    expect(refused.message).toBe('Invalid Premium API key: Signup here: https://www.thesportsdb.com/pricing');
    expect(refused.describe!('Invalid Premium API key: [redacted]')).toBe(
      'refused the API key: "Invalid Premium API key: [redacted]". Set THESPORTSDB_API_KEY to a valid key: 123 is the free public key; premium keys come from https://www.thesportsdb.com/pricing',
    );
  });

  it("makes any other lone Message a refusal in TheSportsDB's words, for the client to word", () => {
    const refused = refusalOf(() => readSportsDbBody('{"Message":"Too many requests from this key"}', 'events'));
    expect(refused.message).toBe('Too many requests from this key');
    expect(refused.describe).toBeUndefined();
    expect(readSportsDbBody('{"Message":"Partial","events":[]}', 'events')).toEqual({ Message: 'Partial', events: [] });
  });

  it('rewrites only an HTTP 400 invalid-key error, from the reason the client read', () => {
    const invalid = new UpstreamError('request rejected (HTTP 400)', { upstream: 'TheSportsDB', statusCode: 400, isRetryable: false, upstreamMessage: fixture('invalid-key').Message });
    const rewritten = explainSportsDbError(invalid) as UpstreamError;
    expect(rewritten.message).toMatch(/^TheSportsDB: refused the API key \(HTTP 400\): "Invalid Premium API key/);
    expect(rewritten.countsAsFailure).toBe(false);
    const other = new UpstreamError('request rejected (HTTP 400)', { upstream: 'TheSportsDB', statusCode: 400, isRetryable: false, upstreamMessage: 'Bad date' });
    expect(explainSportsDbError(other)).toBe(other);
    const server = new UpstreamError('server error (HTTP 500)', { upstream: 'TheSportsDB', statusCode: 500, isRetryable: true });
    expect(explainSportsDbError(server)).toBe(server);
  });
});
