export { createToolIndex } from './tool-index.ts';
export type { ToolHit, ToolIndex, ToolIndexOptions } from './tool-index.ts';
export type { SearchableTool } from './searchable-tool.ts';
export type { SynonymGroups } from './synonyms.ts';
export { MAX_QUERY_CHARS, MAX_QUERY_WORDS } from './parse-query.ts';
