import type { CatalogPrompt, CatalogResource } from './catalog-content.ts';
import { html, type Html } from './escape-html.ts';

function renderPrompt(prompt: CatalogPrompt): Html {
  const args = prompt.arguments ?? [];
  return html`<li><h4>${prompt.title ? html`${prompt.title} <code>${prompt.name}</code>` : html`<code>${prompt.name}</code>`}</h4>
${prompt.description ? html`<p class="description">${prompt.description}</p>` : ''}
${args.length > 0
  ? html`<p class="muted">Arguments: ${args.map(
      (arg, index) => html`${index > 0 ? ', ' : ''}<code>${arg.name}</code>${arg.required ? html`<span class="required" aria-label="required">*</span>` : ''}${arg.description ? html` (${arg.description})` : ''}`,
    )}</p>`
  : html`<p class="muted">No arguments.</p>`}
</li>`;
}

function renderResource(resource: CatalogResource): Html {
  return html`<li><h4>${resource.title ?? resource.name} <code>${resource.uri}</code>${resource.template ? html` <span class="badge">template</span>` : ''}${resource.mimeType ? html` <span class="muted">${resource.mimeType}</span>` : ''}</h4>
${resource.description ? html`<p class="description">${resource.description}</p>` : ''}
</li>`;
}

/**
 * A pack's prompts and resources, beside its tools: what a client's prompt picker and resource
 * browser will show (names, arguments, URIs). They are read, not tried, here.
 */
export function renderPromptsAndResources(prompts: readonly CatalogPrompt[], resources: readonly CatalogResource[]): Html {
  return html`${prompts.length > 0 ? html`<section class="prompts"><h3>Prompts</h3><ul class="entries">${prompts.map(renderPrompt)}</ul></section>` : ''}
${resources.length > 0 ? html`<section class="resources"><h3>Resources</h3><ul class="entries">${resources.map(renderResource)}</ul></section>` : ''}`;
}
