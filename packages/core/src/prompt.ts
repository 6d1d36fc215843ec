import { z } from 'zod';
import type { Completers } from './completion.ts';
import type { ToolContent } from './protocol/tool-result.ts';
import type { ToolContext } from './tool.ts';

/** One message of a prompt: what the user (or the assistant) says, as an MCP content item. */
export interface PromptMessage {
  role: 'user' | 'assistant';
  content: ToolContent;
}

/** What a prompt's handler returns: the messages an agent starts from, and optionally a line saying what they are for. */
export interface PromptResult {
  description?: string;
  messages: PromptMessage[];
}

/** MCP prompt arguments are strings: a zod object of string fields (optional ones are not required). */
export type PromptArguments = z.ZodObject<Record<string, z.ZodType<string | undefined>>>;

/**
 * A prompt: a template an agent (or its user) picks to start a task, declared like a tool, one
 * per file under a pack's `prompts/`. The argument schema's `.describe()` texts are what
 * `prompts/list` shows; `complete` offers values for `completion/complete`.
 */
export interface PromptDefinition<Args extends PromptArguments = PromptArguments> {
  name: string;
  title: string;
  description: string;
  arguments: Args;
  complete?: Completers<z.infer<Args>>;
  // Method syntax on purpose, as a tool's handler: prompts of different argument types share a list.
  handler(args: z.infer<Args>, context: ToolContext): Promise<PromptResult>;
}

export function definePrompt<Args extends PromptArguments>(definition: PromptDefinition<Args>): PromptDefinition<Args> {
  return definition;
}

/** A prompt's arguments as `prompts/list` shows them. */
export interface ListedPromptArgument {
  name: string;
  description?: string;
  required: boolean;
}

export function listedArguments(schema: PromptArguments): ListedPromptArgument[] {
  return Object.entries(schema.shape).map(([name, field]) => {
    const description = field.description;
    return { name, ...(description ? { description } : {}), required: !field.safeParse(undefined).success };
  });
}

/** A user turn of plain text: what most prompts are made of. */
export function userText(text: string): PromptMessage {
  return { role: 'user', content: { type: 'text', text } };
}
