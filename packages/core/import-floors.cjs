// The floors of packages/core, bottom first (docs/development.md, "Working inside core"). A file
// may import files of its own floor and of the floors below it; an import into a floor above it
// "runs back up" and is refused, unless it is one of the at most two named in ALLOWED_UPWARD.
// A file belongs to the first floor whose pattern matches it (observability/tracing.ts is support).
const FLOORS = [
  { name: 'protocol', paths: ['^src/protocol/'] },
  {
    name: 'support',
    paths: [
      '^src/(config|limits-config|logger|redact-urls|series|calendar-date|upstream-observer)[.]ts$',
      '^src/redis/',
      '^src/observability/(tracing|tracing-config)[.]ts$',
    ],
  },
  {
    name: 'pack',
    paths: ['^src/(tool|content-tool|pack|pack-module|remote-tools|remote-features|prompt|resource|completion|uri-template|client-channel|ask-client|pack-api)[.]ts$'],
  },
  // A request's way back to the client (streams/) and the tasks calls become (tasks/) are the MCP layer's.
  { name: 'mcp', paths: ['^src/mcp/', '^src/streams/', '^src/tasks/'] },
  { name: 'observability', paths: ['^src/observability/', '^src/(metrics|upstream-metrics)[.]ts$'] },
  { name: 'http', paths: ['^src/http/'] },
  { name: 'security and page', paths: ['^src/security/', '^src/page/'] },
  { name: 'server', paths: ['^src/server/', '^src/cluster/', '^src/(start|serve|index|upstream-api)[.]ts$'] },
];

/** Imports that may run back up, each with why (at most two). */
const ALLOWED_UPWARD = [];

module.exports = { FLOORS, ALLOWED_UPWARD };
