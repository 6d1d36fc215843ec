/** `${VAR}` in a value of the servers file; `$${` stays a literal `${`. */
const REFERENCE = /\$(\$)?\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

export interface Substituted {
  value: string;
  /** The values that came from the environment: secrets until shown otherwise, redacted wherever text leaves. */
  secrets: string[];
  /** Variables named but not set. */
  missing: string[];
}

/** Replaces each `${VAR}` with the variable from `env`, so secrets stay out of the file. */
export function substituteEnv(text: string, env: NodeJS.ProcessEnv): Substituted {
  const secrets: string[] = [];
  const missing: string[] = [];
  const value = text.replace(REFERENCE, (whole, escaped: string | undefined, name: string) => {
    if (escaped) return whole.slice(1);
    const found = env[name];
    if (found === undefined) {
      missing.push(name);
      return '';
    }
    if (found !== '') secrets.push(found);
    return found;
  });
  return { value, secrets, missing };
}
