export type Json = Record<string, unknown>;

/** One tool as a provider request carries it. */
export interface SentTool {
  name: string;
  parameters: Json;
  /** Sent with OpenAI's `strict: true` (the model's arguments then always match the schema). */
  strict?: boolean;
  /** Gemini's `parameters` are its OpenAPI-style dialect (upper-case types, `nullable`). */
  dialect: 'json-schema' | 'gemini-openapi';
}

/** How one provider's API reads a request: the tools it carries and what it would refuse. */
export interface ProviderRules {
  name: 'OpenAI' | 'Anthropic' | 'Gemini';
  /** Whether a captured URL is a request to this provider's generation endpoint. */
  matches(url: string): boolean;
  tools(body: Json): SentTool[];
  /** The 400 messages the provider answers this request with (empty: it takes it). */
  refusals(body: Json): string[];
}

export const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
