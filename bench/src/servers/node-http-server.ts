import { createServer } from 'node:http';
import { nodeHttpHandler } from '../node-http-handler.ts';
import { serveInChild } from './serve-in-child.ts';

/** (c) The limit: bare node:http reads and parses the body and writes the same JSON-RPC response. */
serveInChild(createServer(nodeHttpHandler));
