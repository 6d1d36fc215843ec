import type { ProviderRules, SentTool } from '../providers/types.ts';

/** What one host made of one pack's tools. */
export interface Verdict {
  /** What the provider would answer with a 400 (or the checker counts as an error). */
  refusals: string[];
  /** What reached the model changed or lost. */
  alterations: string[];
  /** What a checker points out that is so by design, shown in the table with why (not a failure). */
  notes?: string[];
  /** Tools the request marked strict (OpenAI's `strict: true`). */
  strictTools?: number;
  /** The tools as the request carried them. */
  sent?: SentTool[];
}

/** One way an agent hands MCP tools to a model: a library, its settings and a provider. */
export interface Setup {
  host: string;
  /** The npm packages whose pinned versions the table names. */
  packages: string[];
  provider?: ProviderRules;
  /**
   * Why this setup cannot take every tool as published, when that is a documented limit of the
   * setup and not of the schemas (docs/protocol.md). The run must then see it refused.
   */
  cannot?: string;
  /** Drives the library as its users do until it sends its model request (captured, never sent). */
  send?(endpoint: string): Promise<void>;
  /** For a checker that sends nothing (the Inspector): its own verdict. */
  check?(endpoint: string): Promise<Verdict>;
}

export const API_KEY = 'sk-toolgate-host-check-not-a-key';
export const PROMPT = 'What can you do?';

/** The library's call fails on the captured request's 400: expected, the request is what counts. */
export async function sent(call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
  } catch {
    // The stand-in answered 400.
  }
}
