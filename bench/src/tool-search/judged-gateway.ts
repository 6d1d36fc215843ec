import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { definePack, type Logger, type Pack, type RemoteListedTool } from '@toolgate/core';
import { createApp, createLogger, createMetrics, parseEnv, type MountedPack } from '@toolgate/core/server';
import { createRemotePack, DEFAULT_CONNECTION_BOUNDS } from '@toolgate/federation';
import { packModules } from '@toolgate/gateway';
import { syntheticTools } from './synthetic-tools.ts';

const require = createRequire(import.meta.url);

export interface JudgedGateway {
  url: string;
  packs: Pack[];
  close(): Promise<void>;
}

export interface JudgedPacks {
  packs: Pack[];
  close(): Promise<void>;
}

/**
 * The packs the judged set is scored on, built in this process: every built-in pack, the real
 * `@modelcontextprotocol/server-everything` from npm fronted over stdio as the entry `everything`
 * (unless `everything: false`), and, with `distractors`, a fronted server of that many generated
 * tools (synthetic-tools.ts) as `workspace`.
 */
export async function buildJudgedPacks(options: { distractors?: number; everything?: boolean } = {}): Promise<JudgedPacks> {
  const logger = createLogger({ level: 'silent' });
  const packs: Pack[] = [];
  const closers: (() => Promise<void> | void)[] = [];
  for (const module of packModules) {
    // Defaults, no keys: a pack lists its tools without reaching its upstream.
    const built = await module.create(parseEnv(module.envSchema, {}), { logger });
    packs.push(built.pack);
    if (built.close) closers.push(built.close);
  }
  if (options.everything !== false) {
    const everything = await frontEverything(logger);
    packs.push(everything.pack);
    if (everything.close) closers.push(everything.close);
  }
  if (options.distractors) packs.push(distractorPack(options.distractors));
  return {
    packs,
    async close() {
      for (const close of closers) await close();
    },
  };
}

/** The judged packs (buildJudgedPacks) served by the gateway on a free loopback port, each at `/<name>/mcp` and all at `/mcp`. */
export async function startJudgedGateway(options: { distractors?: number; everything?: boolean } = {}): Promise<JudgedGateway> {
  const built = await buildJudgedPacks(options);
  const mounted: MountedPack[] = built.packs.map((pack) => ({ pack, segment: pack.name }));
  const app = createApp({ packs: mounted, logger: createLogger({ level: 'silent' }), metrics: createMetrics({ collectProcessMetrics: false }) });
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    packs: built.packs,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await built.close();
    },
  };
}

/** The real server-everything from npm, over stdio, as the entry `everything`. */
function frontEverything(logger: Logger) {
  return createRemotePack(
    { name: 'everything', transport: 'stdio', command: process.execPath, args: [require.resolve('@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'], env: {}, secrets: [] },
    { logger, bounds: { ...DEFAULT_CONNECTION_BOUNDS, timeoutMs: 15_000 }, env: { PATH: process.env.PATH }, toolChanges: 'follow' },
  );
}

/** A fronted server's tools as the gateway holds them: listed as the server lists them, never called here. */
function distractorPack(count: number): Pack {
  const tools: RemoteListedTool[] = syntheticTools(count).map((tool) => ({ ...tool }));
  return definePack({
    name: 'workspace',
    version: '1.0.0',
    tools: [],
    remoteTools: {
      list: () => tools,
      call: async () => ({ content: [{ type: 'text', text: 'not served in the benchmark' }], isError: true }),
    },
  });
}
