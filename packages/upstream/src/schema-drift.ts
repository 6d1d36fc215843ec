import type { z } from 'zod';

/** A short account of how an upstream response differs from what we expect (first few issues). */
export function describeDrift(error: z.ZodError): string {
  const issues = error.issues.slice(0, 3).map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'body'}: ${issue.message}`);
  const more = error.issues.length > 3 ? `; and ${error.issues.length - 3} more` : '';
  return issues.join('; ') + more;
}
