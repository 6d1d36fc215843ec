/** The most values one `completion/complete` answer carries (the spec's limit). */
export const MAX_COMPLETION_VALUES = 100;

/** What a completer is told: the partial value, and the other arguments the client has filled in so far. */
export interface CompletionRequest {
  value: string;
  arguments: Readonly<Record<string, string>>;
}

/** Suggests values for one argument of a prompt or a resource template, best first. */
export type Completer = (request: CompletionRequest) => readonly string[] | Promise<readonly string[]>;

/** A completer per argument; arguments without one complete to nothing. */
export type Completers<Args> = { readonly [Name in keyof Args]?: Completer };

export interface CompletionResult {
  values: string[];
  total: number;
  hasMore: boolean;
}

/** The spec's shape: at most 100 values, with how many there were in all. */
export function completionOf(values: readonly string[]): CompletionResult {
  return { values: values.slice(0, MAX_COMPLETION_VALUES), total: values.length, hasMore: values.length > MAX_COMPLETION_VALUES };
}

function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * A completer over a known list (chain names, leagues, tags): values that start with what was
 * typed first, then values that contain it, each group in the list's own order; case and accents
 * do not count. An empty value offers the list as it is.
 */
export function completeFrom(list: () => readonly string[]): Completer {
  return ({ value }) => {
    const values = list();
    const typed = fold(value.trim());
    if (typed === '') return values;
    const starts: string[] = [];
    const contains: string[] = [];
    for (const candidate of values) {
      const folded = fold(candidate);
      if (folded.startsWith(typed)) starts.push(candidate);
      else if (folded.includes(typed)) contains.push(candidate);
    }
    return [...starts, ...contains];
  };
}
