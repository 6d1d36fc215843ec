import { judge, type Check } from '@toolgate/test-support';

const check = (id: string, status: Check['status']): Check => ({ id, status, errorMessage: `${id} ${status}` });

describe('judging conformance checks (not tick marks)', () => {
  it('passes a scenario with a success and no failure', () => {
    expect(judge({ scenario: 's', checks: [check('a', 'SUCCESS'), check('b', 'INFO')] }, {})).toMatchObject({ passed: true, unexpected: [], stale: [] });
  });

  it('does not pass a scenario whose checks only warn', () => {
    expect(judge({ scenario: 's', checks: [check('a', 'WARNING')] }, {})).toMatchObject({ passed: false, unexpected: ['no check succeeded'] });
  });

  it('reports each unlisted failing check', () => {
    const verdict = judge({ scenario: 's', checks: [check('a', 'SUCCESS'), check('b', 'FAILURE')] }, {});
    expect(verdict).toMatchObject({ passed: false, unexpected: ['b: b FAILURE'] });
  });

  it('sets aside failures listed by check, and flags a listed check that no longer fails', () => {
    const checks = [check('a', 'SUCCESS'), check('b', 'FAILURE')];
    expect(judge({ scenario: 's', checks }, { 's/b': 'reason' })).toMatchObject({ passed: true, unexpected: [], stale: [], expected: ['s/b'] });
    expect(judge({ scenario: 's', checks }, { 's/b': 'reason', 's/c': 'reason' }).stale).toEqual(['s/c']);
  });

  it('accepts a listed scenario that fails, and flags it as stale once it passes', () => {
    expect(judge({ scenario: 's', checks: [check('a', 'FAILURE')] }, { s: 'reason' })).toMatchObject({ unexpected: [], stale: [], expected: ['s'] });
    expect(judge({ scenario: 's', checks: [check('a', 'SUCCESS')] }, { s: 'reason' }).stale).toEqual(['s']);
  });
});
