import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { serveInChild } from './serve-in-child.ts';

/** Mounts a fetch-style handler (Request → Response) on node:http with Hono's adapter, as the frameworks' READMEs do. */
export function serveFetch(handler: (request: Request) => Response | Promise<Response>): void {
  serveInChild(createServer(getRequestListener(handler)));
}
