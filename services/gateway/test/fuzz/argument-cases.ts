import { baselineArguments, boundaryValues, type JsonSchema } from './json-schema-values.ts';
import { callText, type FuzzCase, type FuzzTool } from './fuzz-case.ts';

/** For every argument of the tool: boundary values, just-outside values and wrong types; plus missing and extra keys. */
export function argumentCases(tool: FuzzTool): FuzzCase[] {
  const schema = tool.inputSchema as JsonSchema;
  const baseline = baselineArguments(schema);
  const cases: FuzzCase[] = [];
  const call = (label: string, args: Record<string, unknown> | string) =>
    cases.push({ label: `${tool.name}: ${label}`, body: callText(tool.name, typeof args === 'string' ? args : JSON.stringify(args)) });

  call('baseline arguments', baseline);
  call('no arguments', {});
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    for (const value of boundaryValues(property)) call(`${name} = ${JSON.stringify(value)?.slice(0, 40)}`, { ...baseline, [name]: value });
    if (schema.required?.includes(name)) {
      const { [name]: _missing, ...rest } = baseline;
      call(`${name} missing`, rest);
    }
    const raw = (label: string, json: string) => call(`${name} ${label}`, `${JSON.stringify({ ...baseline, [name]: 0 }).replace(`"${name}":0`, `"${name}":${json}`)}`);
    raw('nested 20,000 arrays deep', '['.repeat(20_000) + ']'.repeat(20_000));
    raw('nested 5,000 objects deep', '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000));
    raw('with __proto__ keys', '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}');
    call(`${name} huge number (raw 1e400)`, `${JSON.stringify({ ...baseline, [name]: 0 }).replace(`"${name}":0`, `"${name}":1e400`)}`);
  }
  call('unknown extra keys', { ...baseline, unexpected: 1, ...Object.fromEntries(Array.from({ length: 1000 }, (_, index) => [`k${index}`, index])) });
  return cases;
}
