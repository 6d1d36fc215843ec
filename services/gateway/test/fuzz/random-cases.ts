import fc from 'fast-check';
import { baselineArguments, type JsonSchema } from './json-schema-values.ts';
import { callText, type FuzzCase, type FuzzTool } from './fuzz-case.ts';

/** Any JSON value, strings included with lone surrogates and control characters. */
const hostileValue = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.double(),
  fc.integer(),
  fc.constantFrom(null, '', 0, -1, [], {}),
);

function randomArguments(tool: FuzzTool) {
  const schema = tool.inputSchema as JsonSchema;
  const names = Object.keys(schema.properties ?? {});
  const replaced = names.length > 0 ? fc.dictionary(fc.constantFrom(...names), hostileValue, { maxKeys: names.length }) : fc.constant({});
  const extra = fc.dictionary(fc.string({ maxLength: 12 }), hostileValue, { maxKeys: 3 });
  return fc.tuple(replaced, extra).map(([values, more]) => ({ ...more, ...baselineArguments(schema), ...values }));
}

/** Edits a valid body's text at random: cut it, drop a character, or insert one. */
function mutatedBody(valid: string) {
  return fc.tuple(fc.nat({ max: valid.length - 1 }), fc.integer({ min: 0, max: 2 }), fc.string({ unit: 'binary', minLength: 1, maxLength: 3 })).map(
    ([at, kind, text]) => (kind === 0 ? valid.slice(0, at) : kind === 1 ? valid.slice(0, at) + valid.slice(at + 1) : valid.slice(0, at) + text + valid.slice(at)),
  );
}

/**
 * `count` random cases for one pack, reproducible from `seed` (fast-check's seeded
 * generator: a failure report names the seed and the case label, and re-running finds it).
 */
export function randomCases(tools: FuzzTool[], count: number, seed: number): FuzzCase[] {
  const perTool = tools.map((tool) => {
    const valid = callText(tool.name, JSON.stringify(baselineArguments(tool.inputSchema as JsonSchema)));
    return fc.oneof(
      { weight: 5, arbitrary: randomArguments(tool).map((args) => ({ label: `${tool.name}: random arguments`, body: callText(tool.name, JSON.stringify(args)) })) },
      { weight: 2, arbitrary: mutatedBody(valid).map((body) => ({ label: `${tool.name}: mutated body`, body })) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 5 }).map((value) => ({ label: 'random JSON body', body: JSON.stringify(value) ?? 'null' })) },
    );
  });
  const generator = perTool.length > 0 ? fc.oneof(...perTool) : fc.jsonValue().map((value) => ({ label: 'random JSON body', body: JSON.stringify(value) ?? 'null' }));
  return fc.sample(generator, { seed, numRuns: count }).map((item, index) => ({ ...item, label: `${item.label} #${index} (seed ${seed})` }));
}
