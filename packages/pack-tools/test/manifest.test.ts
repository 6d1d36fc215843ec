import { parseManifest } from '../src/manifest.mjs';

const valid = {
  name: '@toolgate/demo',
  toolgate: {
    module: 'demoModule',
    port: 8086,
    env: { DEMO_API_KEY: { description: 'The key.', secret: true }, DEMO_BASE_URL: { description: 'The API.', example: 'https://x', offline: 'http://127.0.0.1:9' } },
    probe: { tool: 'hello', arguments: { name: 'probe' } },
  },
};

describe('parseManifest', () => {
  it('reads a pack\'s toolgate block, defaults filled in', () => {
    expect(parseManifest('demo', valid)).toEqual({
      name: 'demo',
      packageName: '@toolgate/demo',
      module: 'demoModule',
      port: 8086,
      env: [
        { name: 'DEMO_API_KEY', description: 'The key.', example: '', secret: true },
        { name: 'DEMO_BASE_URL', description: 'The API.', example: 'https://x', secret: false, offline: 'http://127.0.0.1:9' },
      ],
      probe: { tool: 'hello', arguments: { name: 'probe' } },
    });
  });

  it('names the file and every problem at once', () => {
    const broken = { name: '@toolgate/other', toolgate: { module: 'not a name', port: 80, env: { lower_case: {} }, probe: { tool: 1 } } };
    let message = '';
    try {
      parseManifest('demo', broken);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split('\n')).toEqual([
      'services/demo/package.json:',
      '  "name" must be "@toolgate/demo"',
      '  "toolgate.module": the name of the PackModule src/index.ts exports',
      '  "toolgate.port": a whole number from 1024 to 65535',
      '  "toolgate.env.lower_case": a variable name is upper case letters, digits and "_"',
      '  "toolgate.env.lower_case".description: say what it does',
      '  "toolgate.probe": { "tool": "<a tool that needs no network>", "arguments": { … } }',
    ]);
  });

  it('refuses a directory name that cannot be a segment and an env variable name', () => {
    expect(() => parseManifest('My-Pack', { ...valid, name: '@toolgate/My-Pack' })).toThrow(/directory name must match/);
  });

  it('says where to look when the block is missing', () => {
    expect(() => parseManifest('demo', { name: '@toolgate/demo' })).toThrow('services/demo/package.json: no "toolgate" block (see docs/development.md, "Add a pack")');
  });
});
