import { namespacedListing, namespacedMeta, namespacedPromptResult, namespacedReadResult, namespacedToolMeta, namespacedToolResult } from '../src/mcp/combined-rewrite.ts';

describe('what /mcp rewrites in a pack’s answers', () => {
  it('points an MCP App tool’s _meta (both spellings) at the namespaced ui:// resource', () => {
    const tool = { name: 'show', inputSchema: {}, _meta: { ui: { resourceUri: 'ui://dash/panel.html', prefersBorder: true }, 'ui/resourceUri': 'ui://dash/panel.html', other: 1 } };
    expect(namespacedToolMeta('apps', tool)._meta).toEqual({ ui: { resourceUri: 'ui://apps///dash/panel.html', prefersBorder: true }, 'ui/resourceUri': 'ui://apps///dash/panel.html', other: 1 });
    const plain = { name: 'plain', inputSchema: {}, _meta: { other: 1 } };
    expect(namespacedToolMeta('apps', plain)).toBe(plain);
    expect(namespacedMeta('apps', undefined)).toBeUndefined();
  });

  it('namespaces embedded resources and resource links in a tool result, and leaves the rest alone', () => {
    const result = {
      content: [
        { type: 'text', text: 'see' },
        { type: 'resource', resource: { uri: 'test://embedded', mimeType: 'text/plain', text: 'x' } },
        { type: 'resource_link', uri: 'file:///a.txt', name: 'a' },
      ],
      isError: false,
    };
    expect(namespacedToolResult('files', result).content).toEqual([
      { type: 'text', text: 'see' },
      { type: 'resource', resource: { uri: 'test://files///embedded', mimeType: 'text/plain', text: 'x' } },
      { type: 'resource_link', uri: 'file://files////a.txt', name: 'a' },
    ]);
    const textOnly = { content: [{ type: 'text', text: 'hi' }] };
    expect(namespacedToolResult('files', textOnly)).toBe(textOnly);
  });

  it('namespaces read contents, prompt messages and listings; drops a listing without a scheme', () => {
    expect(namespacedReadResult('q', { contents: [{ uri: 'quotes://tags', text: '{}' }] })).toEqual({ contents: [{ uri: 'quotes://q///tags', text: '{}' }] });
    expect(namespacedPromptResult('q', { messages: [{ role: 'user', content: { type: 'resource', resource: { uri: 'quotes://quote/1', text: '' } } }] }).messages).toEqual([
      { role: 'user', content: { type: 'resource', resource: { uri: 'quotes://q///quote/1', text: '' } } },
    ]);
    expect(namespacedListing('q', { uriTemplate: 'quotes://quote/{id}', name: 'quote' }, 'uriTemplate')).toEqual({ uriTemplate: 'quotes://q///quote/{id}', name: 'quote' });
    expect(namespacedListing('q', { uri: 'relative/path', name: 'bad' }, 'uri')).toBeUndefined();
  });
});
