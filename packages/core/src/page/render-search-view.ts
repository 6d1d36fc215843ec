import { clientConfigs } from './client-configs.ts';
import { html, type Html } from './escape-html.ts';

/**
 * The search view (docs/tool-search.md): what it is, and a client's configuration for it at
 * `/mcp?view=search` when this gateway serves every pack shown there; each pack's own URL takes
 * `?view=search` too.
 */
export function renderSearchView(baseUrl: string, keyed: boolean, oneUrl: boolean): Html {
  const url = `${baseUrl}/mcp?view=search`;
  return html`<section class="pack" id="search-view" aria-labelledby="search-view-title">
<h2 id="search-view-title">Tool search: two tools instead of every tool</h2>
${oneUrl ? html`<p class="endpoint"><code>${url}</code></p>` : ''}
<p>Add <code>?view=search</code> to an MCP URL and it lists two tools instead of every tool: <code>search_tools</code> finds the tools for a task described in plain words (with their names and schemas), <code>call_tool</code> calls one by name and returns its own result. A model reads two short tool descriptions on each request instead of all of them; keys, limits, quotas and audit are those of the same URL without the view, and a search shows only the tools the key may use. <code>${baseUrl}/&lt;pack&gt;/mcp?view=search</code> does the same for one pack.</p>
${oneUrl
  ? html`<details class="clients"><summary>Connect a client</summary>
${clientConfigs('toolgate', url, keyed).map((config) => html`<h4>${config.host} <span class="muted">${config.where}</span></h4><pre class="copyable"><code>${config.text}</code></pre>`)}
</details>`
  : ''}
</section>`;
}
