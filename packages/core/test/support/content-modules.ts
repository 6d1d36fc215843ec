import { z } from 'zod';
import { completeFrom, definePack, definePackModule, startServer, definePrompt, defineResource, defineResourceTemplate, defineTool, ResourceNotFoundError, userText } from '../../src/index.ts';
import { conformancePack } from '../conformance/conformance-pack.ts';
import { echoModule } from './echo-module.ts';

/** The conformance fixture as a module: every kind of request a client can make, sessions included. */
export const conformanceModule = definePackModule({ name: 'conformance', defaultPort: 0, envSchema: z.object({}), create: () => ({ pack: conformancePack }) });

/** A server of echo and the conformance pack, on a free port; `url` is the conformance pack's endpoint. */
export async function startConformanceServer() {
  const server = await startServer({ service: 't', modules: [echoModule, conformanceModule], defaultPort: 0, env: { PORT: '0', LOG_LEVEL: 'silent' } });
  return { server, url: `${server.url}/conformance/mcp` };
}

const BOOKS: Record<string, { title: string; author: string }> = {
  dune: { title: 'Dune', author: 'Frank Herbert' },
  emma: { title: 'Emma', author: 'Jane Austen' },
};

/** A small stateless pack with a tool, a prompt, a resource and a template: what the policy and /mcp tests read. */
export const libraryPack = definePack({
  name: 'library',
  version: '1.0.0',
  tools: [
    defineTool({
      name: 'lookup',
      title: 'Look up a book',
      description: 'A book by id.',
      inputSchema: z.object({ id: z.string() }),
      outputSchema: z.object({ title: z.string(), author: z.string() }),
      async handler({ id }) {
        return BOOKS[id] ?? { title: '?', author: '?' };
      },
    }),
  ],
  prompts: [
    definePrompt({
      name: 'review',
      title: 'Review a book',
      description: 'Asks for a review of a book.',
      arguments: z.object({ book: z.string().describe('The book id') }),
      complete: { book: completeFrom(() => Object.keys(BOOKS)) },
      async handler({ book }) {
        return { messages: [userText(`Review ${BOOKS[book]?.title ?? book}.`), { role: 'user', content: { type: 'resource_link', uri: `books://book/${book}`, name: book } }] };
      },
    }),
  ],
  resources: [
    defineResource({
      uri: 'books://catalog',
      name: 'catalog',
      title: 'Catalog',
      description: 'Every book id.',
      mimeType: 'application/json',
      async read() {
        return { text: JSON.stringify(Object.keys(BOOKS)) };
      },
    }),
    defineResourceTemplate({
      uriTemplate: 'books://book/{id}',
      name: 'book',
      title: 'A book',
      description: 'One book.',
      mimeType: 'application/json',
      variables: z.object({ id: z.string() }),
      complete: { id: completeFrom(() => Object.keys(BOOKS)) },
      async read({ id }) {
        const book = BOOKS[id];
        if (!book) throw new ResourceNotFoundError(`no book ${id}`);
        return { text: JSON.stringify(book) };
      },
    }),
  ],
});

export const libraryModule = definePackModule({ name: 'library', defaultPort: 0, envSchema: z.object({}), create: () => ({ pack: libraryPack }) });
