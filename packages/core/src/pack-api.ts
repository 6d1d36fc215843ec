/**
 * The pack author's entry point, `@toolgate/core`: the few names a pack's tools, schemas and module
 * use. It loads zod and nothing of the server (no HTTP server, tracing, metrics or Redis: the
 * pack-api-imports test watches). Everything else is `@toolgate/core/server` (src/index.ts).
 */
export { defineTool, ToolError } from './tool.ts';
export type { InputShape, TaskControl, ToolAnnotations, ToolContext, ToolDefinition, ToolExecution } from './tool.ts';
export { defineContentTool, isContentTool } from './content-tool.ts';
export type { ContentToolDefinition } from './content-tool.ts';
export { errorResult, toolContentSchema } from './protocol/tool-result.ts';
export type { CallOutcome, CallToolResult, ToolContent } from './protocol/tool-result.ts';
export { definePrompt, userText } from './prompt.ts';
export type { PromptArguments, PromptDefinition, PromptMessage, PromptResult } from './prompt.ts';
export { defineResource, defineResourceTemplate, ResourceNotFoundError } from './resource.ts';
export type { AnyResourceDefinition, ResourceAnnotations, ResourceBody, ResourceDefinition, ResourceTemplateDefinition, ResourceUpdates } from './resource.ts';
export { completeFrom, completionOf, MAX_COMPLETION_VALUES } from './completion.ts';
export type { Completer, CompletionRequest, CompletionResult, Completers } from './completion.ts';
export { askClient, clientCan, InputRequired } from './ask-client.ts';
export type { ClientRequest } from './ask-client.ts';
export { ClientRequestError, LOG_LEVELS } from './client-channel.ts';
export type { ClientChannel, LogLevel } from './client-channel.ts';
export { definePack } from './pack.ts';
export type { AnyToolDefinition, Pack } from './pack.ts';
export type { RemoteListedTool, RemoteTools } from './remote-tools.ts';
export type { RemoteFeatures, RemoteListedPrompt, RemoteListedResource, RemoteListedResourceTemplate, RemoteNotification } from './remote-features.ts';
export { definePackModule } from './pack-module.ts';
export type { BuiltPack, PackDependencies, PackModule, PackStatus, ReadinessCheck } from './pack-module.ts';
export { isCalendarDate } from './calendar-date.ts';
export { ConfigError } from './config.ts';
export type { Logger } from 'pino';
export type { Tracing } from './observability/tracing.ts';
export type { BreakerState, CacheResult, UpstreamAttempt, UpstreamAttemptResult, UpstreamAttemptScope, UpstreamHold, UpstreamObserver, UpstreamOutcome } from './upstream-observer.ts';
