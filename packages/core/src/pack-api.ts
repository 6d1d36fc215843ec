/**
 * The pack author's entry point, `@toolgate/core`: the few names a pack's tools, schemas and module
 * use. It loads zod and nothing of the server (no HTTP server, tracing, metrics or Redis: the
 * pack-api-imports test watches). Everything else is `@toolgate/core/server` (src/index.ts).
 */
export { defineTool, ToolError } from './tool.ts';
export type { InputShape, ToolAnnotations, ToolContext, ToolDefinition } from './tool.ts';
export { defineContentTool, isContentTool } from './content-tool.ts';
export type { ContentToolDefinition } from './content-tool.ts';
export { errorResult, toolContentSchema } from './protocol/tool-result.ts';
export type { CallOutcome, CallToolResult, ToolContent } from './protocol/tool-result.ts';
export { definePack } from './pack.ts';
export type { AnyToolDefinition, Pack } from './pack.ts';
export type { RemoteListedTool, RemoteTools } from './remote-tools.ts';
export { definePackModule } from './pack-module.ts';
export type { BuiltPack, PackDependencies, PackModule, PackStatus, ReadinessCheck } from './pack-module.ts';
export { isCalendarDate } from './calendar-date.ts';
export { ConfigError } from './config.ts';
export type { Logger } from 'pino';
export type { Tracing } from './observability/tracing.ts';
export type { BreakerState, CacheResult, UpstreamAttempt, UpstreamAttemptResult, UpstreamAttemptScope, UpstreamObserver, UpstreamOutcome } from './upstream-observer.ts';
