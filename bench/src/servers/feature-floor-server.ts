import { createServer } from 'node:http';
import { createFeatureFloorHandler } from '../feature-floor-handler.ts';
import { serveInChild } from './serve-in-child.ts';

/** (d) The feature floor: node:http plus only the per-call work every gateway call keeps (feature-floor-handler.ts). */
serveInChild(createServer(createFeatureFloorHandler()));
