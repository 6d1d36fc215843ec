import { parseUriTemplate } from '../src/uri-template.ts';

describe('URI templates of built-in resources', () => {
  it('matches a URI and decodes each variable', () => {
    const template = parseUriTemplate('quotes://quote/{id}');
    expect(template.variables).toEqual(['id']);
    expect(template.match('quotes://quote/abc-123')).toEqual({ id: 'abc-123' });
    expect(template.match('quotes://quote/a%20b')).toEqual({ id: 'a b' });
    expect(template.match('quotes://author/abc')).toBeUndefined();
  });

  it('keeps a simple variable to one segment, a reserved one across slashes', () => {
    expect(parseUriTemplate('test://template/{id}/data').match('test://template/1/2/data')).toBeUndefined();
    expect(parseUriTemplate('test://template/{id}/data').match('test://template/123/data')).toEqual({ id: '123' });
    expect(parseUriTemplate('files://{+path}').match('files://a/b/c.txt')).toEqual({ path: 'a/b/c.txt' });
  });

  it('expands what it matches back to the same URI', () => {
    const template = parseUriTemplate('quotes://author/{slug}');
    const uri = template.expand({ slug: 'mark twain/jr' });
    expect(uri).toBe('quotes://author/mark%20twain%2Fjr');
    expect(template.match(uri)).toEqual({ slug: 'mark twain/jr' });
  });

  it('does not match a URI whose percent-encoding is broken', () => {
    expect(parseUriTemplate('x://{a}').match('x://%E0%A4%A')).toBeUndefined();
  });

  it('refuses expressions it does not support, naming the template', () => {
    expect(() => parseUriTemplate('x://{?page,limit}')).toThrow('x://{?page,limit}');
    expect(() => parseUriTemplate('x://{a}/{a}')).toThrow('twice');
    expect(() => parseUriTemplate('x://{a')).toThrow('only {name}');
  });
});
