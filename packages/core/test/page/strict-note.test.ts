import request from 'supertest';
import { definePack, type RemoteListedTool } from '../../src/index.ts';
import { createEchoApp } from '../echo-pack.ts';

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** Issue 40: a fronted server's tool that an agent in OpenAI strict mode cannot be given is named on the page, with why. */
describe('the page on a fronted tool OpenAI strict mode would refuse', () => {
  const remoteTools: RemoteListedTool[] = [
    { name: 'lookup', inputSchema: { type: 'object', properties: { q: { type: 'string' }, limit: { type: 'integer' } }, required: ['q'] } },
    { name: 'annotate', inputSchema: { type: 'object', properties: { note: { description: 'any <b>value</b>' } }, required: ['note'] } },
  ];
  const remotePack = definePack({ name: 'remote', version: '0.0.0', tools: [], remoteTools: { list: () => remoteTools, call: async () => ({ content: [] }) } });

  it('says so under that tool, escaped, and nothing under the tools it takes or the built-in ones', async () => {
    const page = await request(createEchoApp({ packs: [{ pack: remotePack, segment: 'remote' }] })).get('/').set('accept', HTML);
    expect(page.status).toBe(200);
    const notes = page.text.match(/<p class="detail strict-refusal">[^<]*<\/p>/g) ?? [];
    expect(notes).toEqual([
      `<p class="detail strict-refusal">OpenAI strict mode would refuse this tool, and with it every tool of the agent's request: Invalid schema for function &#39;annotate&#39;: In context=(&#39;properties&#39;, &#39;note&#39;), schema must have a &#39;type&#39; key.</p>`,
    ]);
    const annotate = page.text.slice(page.text.indexOf('id="remote.annotate"'));
    expect(annotate.indexOf('strict-refusal')).toBeLessThan(annotate.indexOf('</article>'));
  });

  it('says nothing for the built-in echo pack', async () => {
    const page = await request(createEchoApp()).get('/').set('accept', HTML);
    expect(page.text).not.toContain('strict-refusal');
  });
});
