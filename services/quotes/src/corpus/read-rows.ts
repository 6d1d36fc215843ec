import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';

/** A data file that cannot be used: the message names the file and, when it is one row, the row. */
export class CorpusError extends Error {
  override readonly name = 'CorpusError';
}

/** Why a file cannot be read, in words (the code stays for a search). */
const READ_FAILURES: Record<string, string> = {
  ENOENT: 'no such file (ENOENT)',
  EACCES: 'not readable by this user (EACCES)',
  EISDIR: 'a directory, not a file (EISDIR)',
  ENOTDIR: 'a file stands where a directory should be on this path (ENOTDIR)',
};

function describe(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'row'}: ${issue.message}`).join('; ');
}

/**
 * Reads a JSON array file and validates every row; the first bad row stops the load with its
 * position (1-based) and `_id`, so the operator can find it. A missing optional file is `undefined`.
 */
export async function readRows<Schema extends z.ZodType>(
  directory: string,
  file: string,
  schema: Schema,
  options: { optional: boolean },
): Promise<z.infer<Schema>[] | undefined> {
  const path = join(directory, file);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && options.optional) return undefined;
    throw new CorpusError(`${path}: ${READ_FAILURES[code ?? ''] ?? `cannot be read (${code ?? String(error)})`}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new CorpusError(`${path}: not valid JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(data)) throw new CorpusError(`${path}: expected a JSON array of rows`);
  return data.map((row: unknown, index) => {
    const parsed = schema.safeParse(row);
    if (parsed.success) return parsed.data;
    const id = typeof row === 'object' && row !== null && '_id' in row ? ` (_id ${JSON.stringify(row._id)})` : '';
    throw new CorpusError(`${path}: row ${index + 1}${id} is invalid: ${describe(parsed.error)}`);
  });
}
