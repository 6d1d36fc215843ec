import { readFileSync } from 'node:fs';

/** A recorded answer from test/fixtures (SOURCES.md says where each comes from). */
export const fixture = (name: string): any => JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8'));
