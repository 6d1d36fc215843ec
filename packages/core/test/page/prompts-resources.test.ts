import request from 'supertest';
import { z } from 'zod';
import { definePack, definePrompt, userText } from '../../src/index.ts';
import { createEchoApp, echoPack } from '../echo-pack.ts';
import { libraryPack } from '../support/content-modules.ts';

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** A prompt whose texts are markup: the page must show them as text. */
const hostilePrompts = definePack({
  name: 'shady',
  version: '1.0.0',
  tools: [],
  prompts: [
    definePrompt({
      name: 'shady',
      title: '<img src=x onerror=alert(1)>',
      description: '<script>alert(2)</script>',
      arguments: z.object({}),
      async handler() {
        return { messages: [userText('x')] };
      },
    }),
  ],
});

describe('the catalog page shows each pack’s prompts and resources beside its tools', () => {
  const app = createEchoApp({
    packs: [
      { pack: echoPack, segment: 'echo' },
      { pack: libraryPack, segment: 'library' },
    ],
  });

  it('lists the prompts with their arguments, the resources and templates with their URIs, as clients list them', async () => {
    const page = await request(app).get('/').set('accept', HTML);
    expect(page.status).toBe(200);
    const library = page.text.slice(page.text.indexOf('id="pack-library"'));
    expect(library).toMatch(/<h3>Prompts<\/h3>.*Review a book <code>review<\/code>/s);
    expect(library).toMatch(/Arguments: <code>book<\/code><span class="required" aria-label="required">\*<\/span> \(The book id\)/);
    expect(library).toMatch(/<h3>Resources<\/h3>.*Catalog <code>books:\/\/catalog<\/code>/s);
    expect(library).toMatch(/A book <code>books:\/\/book\/\{id\}<\/code> <span class="badge">template<\/span>/);
    expect(page.text).toMatch(/<a href="#pack-library">library<\/a> .*1 tool, 1 prompt, 2 resources/);
    // A pack without any shows no empty sections.
    const echo = page.text.slice(page.text.indexOf('id="pack-echo"'), page.text.indexOf('id="pack-library"'));
    expect(echo).not.toContain('<h3>Prompts</h3>');
  });

  it('carries them in the catalog another process’s page reads (CATALOG_PEERS)', async () => {
    const catalog = (await request(app).get('/_toolgate/catalog')).body;
    const library = catalog.packs.find((pack: { name: string }) => pack.name === 'library');
    expect(library.prompts.map((prompt: { name: string }) => prompt.name)).toEqual(['review']);
    expect(library.resources.map((resource: { uri: string }) => resource.uri)).toEqual(['books://catalog', 'books://book/{id}']);
  });

  it('escapes what a pack says of its prompts', async () => {
    const page = await request(createEchoApp({ packs: [{ pack: hostilePrompts, segment: 'shady' }] })).get('/').set('accept', HTML);
    expect(page.text).not.toContain('<script>alert(2)');
    expect(page.text).not.toContain('<img src=x');
    expect(page.text).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
  });
});
