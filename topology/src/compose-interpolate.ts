/**
 * Compose's variable interpolation (`${VAR}`, `${VAR:-default}`, `${VAR-default}`, `$$`), applied
 * to every string of a parsed compose file as `docker compose config` does before validating.
 */
export function interpolate(value: unknown, env: Record<string, string | undefined>): unknown {
  if (typeof value === 'string') {
    return value.replace(/\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?-)([^}]*))?\}/g, (match, name?: string, operator?: string, fallback?: string) => {
      if (match === '$$') return '$';
      const current = env[name!];
      if (operator === ':-') return current ? current : (fallback ?? '');
      if (operator === '-') return current ?? fallback ?? '';
      return current ?? '';
    });
  }
  if (Array.isArray(value)) return value.map((item) => interpolate(item, env));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolate(item, env)]));
  }
  return value;
}

/** Names a compose file reads from the shell or .env: interpolated ones and value-less environment entries. */
export function referencedVariables(compose: { services?: Record<string, { environment?: unknown }> }, raw: string): Set<string> {
  const names = new Set([...raw.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1]!));
  for (const service of Object.values(compose.services ?? {})) {
    const environment = service.environment;
    if (environment && typeof environment === 'object' && !Array.isArray(environment)) {
      for (const [name, value] of Object.entries(environment)) if (value === null) names.add(name);
    }
  }
  return names;
}
