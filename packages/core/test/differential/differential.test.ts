import { createReferenceHandler } from './reference-handler.ts';
import type { Case, DifferenceId } from './case.ts';
import { corpus } from './corpus.ts';
import { DIFFERENCES, GLOBAL_DIFFERENCES, type Difference } from './differences.ts';
import { sendToReference, sendToToolgate, type Observation } from './exchange.ts';
import { createEchoApp, echoPack } from '../echo-pack.ts';

const SERVER_INFO = 'io.modelcontextprotocol/serverInfo';

/** Server names and versions differ by construction; everything else is compared as sent. */
function normalise(observation: Observation): Observation {
  const messages = observation.messages.map((message) => {
    const copy = structuredClone(message) as Record<string, any>;
    if (copy.result?.serverInfo) copy.result.serverInfo = { name: '<server>', version: '<version>' };
    if (copy.result?._meta?.[SERVER_INFO]) copy.result._meta[SERVER_INFO] = { name: '<server>', version: '<version>' };
    return copy;
  });
  return { ...observation, messages };
}

function differencesOf(testCase: Case): Difference[] {
  return [...(testCase.differences ?? []).map((id) => DIFFERENCES[id]), ...Object.values(GLOBAL_DIFFERENCES)];
}

describe('differential: toolgate against the SDK v2 createMcpHandler on the same corpus', () => {
  const app = createEchoApp();
  const reference = createReferenceHandler(echoPack);
  afterAll(() => reference.close());

  it('has a corpus of at least 40 requests across the three dialects and the error cases', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(40);
    for (const dialect of ['bare', '2025', '2026', 'http'] as const) {
      expect(corpus.filter((testCase) => testCase.dialect === dialect).length).toBeGreaterThan(5);
    }
    expect(new Set(corpus.map(({ name }) => name)).size).toBe(corpus.length);
  });

  it.each(corpus.map((testCase) => [testCase.name, testCase] as const))('%s', async (_name, testCase) => {
    const differences = differencesOf(testCase);
    const asked = differences.reduce((request, difference) => difference.referenceRequest?.(request) ?? request, testCase);
    const referenceAnswer = normalise(await sendToReference(reference, asked));
    const expected = differences.reduce((answer, difference) => difference.expect?.(answer, testCase) ?? answer, referenceAnswer);
    const actual = normalise(await sendToToolgate(app, '/echo/mcp', testCase));
    expect(actual).toEqual(expected);
  });

  it('every listed per-request difference is real: the reference answers those requests differently as sent', async () => {
    for (const [id, difference] of Object.entries(DIFFERENCES)) {
      const cases = corpus.filter((testCase) => testCase.differences?.includes(id as DifferenceId));
      expect({ id, used: cases.length > 0 }).toEqual({ id, used: true });
      for (const testCase of cases) {
        const referenceAnswer = normalise(await sendToReference(reference, testCase));
        const actual = normalise(await sendToToolgate(app, '/echo/mcp', testCase));
        expect({ difference: id, reason: difference.reason, case: testCase.name, same: JSON.stringify(referenceAnswer) === JSON.stringify(actual) }).toEqual({
          difference: id,
          reason: difference.reason,
          case: testCase.name,
          same: false,
        });
      }
    }
  });
});
