import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp, createLogger, createMetrics, definePack, defineTool, serve, type BuiltPack, type Pack, type RunningServer, type Tracing } from '@toolgate/core/server';
import { z } from 'zod';
import { readManifests } from '@toolgate/pack-tools';
import { remotePackModules } from '../../src/index.ts';

/** The built-in packs' names, from their manifests, as the gateway passes them (a remote entry may not take one). */
export const BUILT_IN = readManifests(fileURLToPath(new URL('../../../../', import.meta.url))).map((pack) => pack.name);

/** Writes a servers file to a fresh temporary directory and returns its path. */
export function writeServersFile(content: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), 'toolgate-federation-')), 'mcp.json');
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

export interface GatewayExtras {
  tracing?: Tracing;
  /** Serve a built-in pack (`local`, one tool `hello`) beside the remote ones: what a bad server must not harm. */
  builtIn?: boolean;
  /** Other built-in packs to serve before the remote ones. */
  builtInPacks?: Pack[];
}

/** A built-in pack, as toolgate's own are: its tool answers without the network. */
export const localPack = definePack({
  name: 'local',
  version: '1.0.0',
  tools: [
    defineTool({
      name: 'hello',
      title: 'Hello',
      description: 'Says hello.',
      inputSchema: z.object({}),
      outputSchema: z.object({ greeting: z.string() }),
      handler: async () => ({ greeting: 'hello' }),
    }),
  ],
});

export interface FederatedGateway {
  url: string;
  /** The servers file it was started with (its lock file is beside it). */
  serversFile: string;
  packs: BuiltPack[];
  /** Everything logged so far, as JSON lines. */
  logs(): string;
  close(): Promise<void>;
}

/**
 * The gateway's own assembly (core's startServer) around the remote packs of a servers file,
 * with a logger the test reads back.
 */
export async function startFederatedGateway(servers: unknown, env: NodeJS.ProcessEnv = {}, options: GatewayExtras = {}): Promise<FederatedGateway> {
  const { tracing } = options;
  const lines: string[] = [];
  const destination = { write: (chunk: string) => lines.push(chunk) } as unknown as NodeJS.WritableStream;
  const logger = createLogger({ level: 'debug', destination, name: 'gateway' });
  const serversFile = writeServersFile(servers);
  const fullEnv = { PATH: process.env.PATH, MCP_SERVERS_FILE: serversFile, MCP_SERVER_TIMEOUT_MS: '5000', ...env };
  const modules = remotePackModules(fullEnv, BUILT_IN);
  const packs: BuiltPack[] = [];
  for (const module of modules) packs.push(await module.create({}, { logger: logger.child({ pack: module.name }), ...(tracing ? { tracing } : {}) }));
  const builtIn = [...(options.builtIn ? [localPack] : []), ...(options.builtInPacks ?? [])];
  const mounted = [...builtIn.map((pack) => ({ pack, segment: pack.name })), ...packs.map(({ pack, status }) => ({ pack, segment: pack.name, ...(status ? { status } : {}) }))];
  const app = createApp({
    packs: mounted,
    logger,
    metrics: createMetrics({ collectProcessMetrics: false }),
    ...(tracing ? { tracing } : {}),
  });
  const running: RunningServer = await serve(app, {
    port: 0,
    host: '127.0.0.1',
    logger,
    shutdownTimeoutMs: 1_000,
    onClose: async () => {
      await Promise.all(packs.map(({ close }) => close?.()));
      await tracing?.shutdown();
    },
  });
  return { url: running.url, serversFile, packs, logs: () => lines.join(''), close: () => running.close() };
}

/** One JSON-RPC request to a pack, the spec's bare call (no handshake). */
export async function rpc(url: string, method: string, params?: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, ...(params ? { params } : {}) }),
  });
  const body = (await response.json()) as { result?: Record<string, any>; error?: { code: number; message: string } };
  return { status: response.status, ...body };
}

export const callTool = (url: string, name: string, args: Record<string, unknown> = {}) => rpc(url, 'tools/call', { name, arguments: args });

/** Each pack's state, as /healthz shows it. */
export async function packStates(gatewayUrl: string): Promise<Record<string, { state: string; detail?: string }>> {
  const body = (await (await fetch(`${gatewayUrl}/healthz`)).json()) as { states: Record<string, { state: string; detail?: string }> };
  return body.states;
}
