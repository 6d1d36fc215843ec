/** Intended differences from the reference; each is defined with its reason in differences.ts. */
export type DifferenceId =
  | 'answersWithoutFullAccept'
  | 'notAcceptableWording'
  | 'readableParamsError'
  | 'internalErrorsHidden'
  | 'smallerBodyLimit'
  | 'originGuard';

/** One request of the corpus, sent unchanged to toolgate and to the reference. */
export interface Case {
  name: string;
  dialect: 'bare' | '2025' | '2026' | 'http';
  method?: 'POST' | 'GET' | 'DELETE';
  headers: Record<string, string>;
  /** A value sent as JSON, or `{ raw }` sent as is. */
  body?: unknown;
  /** Intended differences from the reference that apply to this request. */
  differences?: DifferenceId[];
}
