import { definePack } from '../../src/index.ts';
import { askingTools } from './asking-tools.ts';
import { contentTools } from './content-tools.ts';
import { fixturePrompts } from './fixture-prompts.ts';
import { fixtureResources, touchWatchedResourceTool, watchedResourceUpdates } from './fixture-resources.ts';
import { streamingTools } from './streaming-tools.ts';
import { taskTools } from './task-tools.ts';

/**
 * What `@modelcontextprotocol/conformance` expects of a server (names and results as its
 * scenarios specify): tools of every content kind, tools that log, report progress and ask the
 * client, prompts, resources and templates with completion. Exists only in the core's tests: it
 * proves the serving path, not a product.
 */
export const conformancePack = definePack({
  name: 'conformance',
  version: '1.0.0',
  sessions: true,
  logging: true,
  resourceUpdates: watchedResourceUpdates,
  tools: [...contentTools, ...streamingTools, ...askingTools, ...taskTools, touchWatchedResourceTool],
  prompts: fixturePrompts,
  resources: fixtureResources,
});
