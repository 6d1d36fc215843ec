import { namespacedTaskId, namespacedUri, parseNamespacedTaskId, parseNamespacedUri } from '../src/mcp/combined-uris.ts';
import { parseUriTemplate } from '../src/uri-template.ts';

const cases: [pack: string, uri: string, namespaced: string][] = [
  ['quotes', 'quotes://quote/abc', 'quotes://quotes///quote/abc'],
  ['everything', 'ui://widget/panel.html', 'ui://everything///widget/panel.html'],
  ['books', 'urn:isbn:0451450523', 'urn://books/isbn:0451450523'],
  ['files', 'file:///etc/hosts', 'file://files////etc/hosts'],
  ['web', 'https://example.com/a?b=1#c', 'https://web///example.com/a?b=1#c'],
  ['my_server-2', 'test://static-text', 'test://my_server-2///static-text'],
  ['notes', 'data:text/plain,hi', 'data://notes/text/plain,hi'],
];

describe('resource URIs at /mcp', () => {
  it.each(cases)('namespaces %s %s one way and reads it back exactly', (pack, uri, namespaced) => {
    expect(namespacedUri(pack, uri)).toBe(namespaced);
    expect(parseNamespacedUri(namespaced)).toEqual({ pack, uri });
  });

  it('keeps a valid URI valid: the URL parser finds the pack as the authority and the scheme unchanged', () => {
    for (const [pack, uri, namespaced] of cases) {
      const parsed = new URL(namespaced);
      expect(parsed.protocol).toBe(`${new URL(uri).protocol}`);
      expect(parsed.host).toBe(pack.toLowerCase());
    }
  });

  it('namespaces a template so that its expansion reads back the server’s own expansion', () => {
    const original = parseUriTemplate('quotes://author/{slug}');
    const namespaced = parseUriTemplate(namespacedUri('quotes', original.template)!);
    for (const slug of ['mark-twain', 'a b', 'x/y', 'é']) {
      expect(parseNamespacedUri(namespaced.expand({ slug }))).toEqual({ pack: 'quotes', uri: original.expand({ slug }) });
    }
  });

  it('cannot namespace a URI without a scheme, and reads nothing back from a URI that is not namespaced', () => {
    expect(namespacedUri('quotes', 'no-scheme/here')).toBeUndefined();
    expect(namespacedUri('quotes', '')).toBeUndefined();
    expect(parseNamespacedUri('urn:isbn:1')).toBeUndefined();
    expect(parseNamespacedUri('quotes:///x')).toBeUndefined();
  });
});

describe('task ids at /mcp', () => {
  it('prefix the pack and split at the first colon', () => {
    expect(namespacedTaskId('everything', 'task:42')).toBe('everything:task:42');
    expect(parseNamespacedTaskId('everything:task:42')).toEqual({ pack: 'everything', taskId: 'task:42' });
    expect(parseNamespacedTaskId('no-pack')).toBeUndefined();
    expect(parseNamespacedTaskId(':x')).toBeUndefined();
  });
});
