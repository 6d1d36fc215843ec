import { strictHostRefusals } from '../mcp/openai-strict.ts';
import { nestsDeeperThan } from '../protocol/json-depth.ts';
import { schemaText } from './bounded-json.ts';
import type { CatalogPack, CatalogTool } from './catalog.ts';
import { html, type Html } from './escape-html.ts';
import { schemaFields } from './schema-form.ts';

/** What MCP's annotation hints say, in words; a hint a server leaves out says nothing. */
function annotationBadges(annotations: Record<string, unknown> | undefined): Html {
  if (!annotations) return html``;
  const badges: string[] = [];
  if (annotations.readOnlyHint === true) badges.push('read-only');
  if (annotations.destructiveHint === true) badges.push('destructive');
  if (annotations.idempotentHint === true) badges.push('idempotent');
  if (annotations.openWorldHint === true) badges.push('open world');
  if (annotations.openWorldHint === false) badges.push('closed world');
  return html`${badges.map((badge) => html`<span class="badge">${badge}</span>`)}`;
}

/** Why an agent in OpenAI strict mode cannot be given this tool (and so none of its request's tools): a fronted server's schema. */
function strictNote(tool: CatalogTool): Html {
  // The strict conversion walks the schema recursively: a schema too deep for it is shown as it is.
  if (nestsDeeperThan(tool.inputSchema, STRICT_CHECK_DEPTH)) return html``;
  const [refusal] = strictHostRefusals({ name: tool.name, inputSchema: tool.inputSchema });
  return refusal ? html`<p class="detail strict-refusal">OpenAI strict mode would refuse this tool, and with it every tool of the agent's request: ${refusal}</p>` : html``;
}

const STRICT_CHECK_DEPTH = 64;

/** A schema within its size bound (bounded-json.ts), with a note when it is not all of it. */
function shownSchema(label: string, schema: unknown): Html {
  const { text, note } = schemaText(schema);
  return html`<details><summary>${label}${note ? html` <span class="muted">(${note})</span>` : ''}</summary>${text ? html`<pre>${text}</pre>` : ''}</details>`;
}

/**
 * One tool: what `tools/list` says of it, its input schema as a form that calls the tool at its
 * pack's real MCP endpoint (assets/page.js), and its output schema.
 */
export function renderTool(pack: CatalogPack, tool: CatalogTool, idPrefix: string): Html {
  const endpoint = `/${pack.segment}/mcp`;
  const title = tool.title ?? (typeof tool.annotations?.title === 'string' ? tool.annotations.title : undefined);
  return html`<article class="tool" id="${pack.segment}.${tool.name}">
<h3>${title ? html`${title} <code>${tool.name}</code>` : html`<code>${tool.name}</code>`} ${annotationBadges(tool.annotations)}</h3>
${tool.description ? html`<p class="description">${tool.description}</p>` : ''}
${strictNote(tool)}
<form class="try" data-endpoint="${endpoint}" data-tool="${tool.name}" aria-label="Try ${tool.name}">
${schemaFields(tool.inputSchema, idPrefix)}
<button type="submit" disabled>Try it</button>
</form>
<div class="result" aria-live="polite" hidden><p class="outcome"></p><pre class="structured"></pre><pre class="text"></pre></div>
${shownSchema('Input schema', tool.inputSchema)}
${tool.outputSchema ? shownSchema('Output schema', tool.outputSchema) : html`<p class="muted">Answers content (no structured output schema).</p>`}
</article>`;
}
