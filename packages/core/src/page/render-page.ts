import type { PackStatus } from '../pack-module.ts';
import type { CatalogPack, CatalogTool } from './catalog.ts';
import { clientConfigs } from './client-configs.ts';
import { html, type Html } from './escape-html.ts';
import { assetUrl } from './page-assets.ts';
import type { UnreachablePeer } from './peer-catalog.ts';
import { renderSearchView } from './render-search-view.ts';
import { renderTool } from './render-tool.ts';
import { renderPromptsAndResources } from './render-prompts.ts';

export interface PageView {
  packs: CatalogPack[];
  /** CATALOG_PEERS whose packs could not be shown. */
  unreachable: UnreachablePeer[];
  /** Where clients reach the gateway: PUBLIC_URL, or the request's own scheme and host. */
  baseUrl: string;
  /** API_KEYS or OAuth on: the page asks for a key (kept in the browser's session storage). */
  keyed: boolean;
  /** Whether `<baseUrl>/mcp` serves every pack shown: not when some come from CATALOG_PEERS. */
  oneUrl: boolean;
}

function stateLabel(status: PackStatus): string {
  if (status.state === 'ready') return 'ready';
  if (status.missing && status.missing.length > 0) return `needs ${status.missing.join(', ')}`;
  return status.state === 'down' ? 'down' : 'degraded';
}

function stateBadge(status: PackStatus): Html {
  return html`<span class="state state-${status.state}">${stateLabel(status)}</span>`;
}

/**
 * A pack's tools as HTML, rendered once per list of tools (the same array until the list changes:
 * catalog.ts): a pack whose state flaps (a server down, "retrying in 3 s") costs the page a new
 * header, not its tools again.
 */
const renderedTools = new WeakMap<readonly CatalogTool[], { key: string; html: Html }>();

function toolsOf(pack: CatalogPack, packIndex: number): Html {
  const key = `${pack.segment}\u0000${packIndex}`;
  const cached = renderedTools.get(pack.tools);
  if (cached?.key === key) return cached.html;
  const rendered = html`${pack.tools.map((tool, toolIndex) => renderTool(pack, tool, `f${packIndex}-${toolIndex}`))}`;
  renderedTools.set(pack.tools, { key, html: rendered });
  return rendered;
}

function renderPack(pack: CatalogPack, packIndex: number, view: PageView): Html {
  const url = `${view.baseUrl}/${pack.segment}/mcp`;
  return html`<section class="pack" id="pack-${pack.segment}" aria-labelledby="pack-${pack.segment}-title">
<h2 id="pack-${pack.segment}-title">${pack.name} ${stateBadge(pack.status)}</h2>
<p class="endpoint"><code>${url}</code>${pack.version ? html` <span class="muted">v${pack.version}</span>` : ''}</p>
${pack.status.detail ? html`<p class="detail">${pack.status.detail}</p>` : ''}
<details class="clients"><summary>Connect a client</summary>
${renderClientConfigs(`toolgate-${pack.name}`, url, view.keyed)}
</details>
${toolsOf(pack, packIndex)}
${renderPromptsAndResources(pack.prompts ?? [], pack.resources ?? [])}
</section>`;
}

function renderClientConfigs(name: string, url: string, keyed: boolean): Html[] {
  return clientConfigs(name, url, keyed).map(
    (config) => html`<h4>${config.host} <span class="muted">${config.where}</span></h4><pre class="copyable"><code>${config.text}</code></pre>`,
  );
}

/** The combined endpoint (docs/deployment.md#one-url): one client entry instead of one per pack. */
function renderOneUrl(view: PageView): Html {
  const url = `${view.baseUrl}/mcp`;
  return html`<section class="pack" id="one-url" aria-labelledby="one-url-title">
<h2 id="one-url-title">Every pack at one URL</h2>
<p class="endpoint"><code>${url}</code></p>
<p>The tools of every pack below, each named <code>&lt;pack&gt;_&lt;tool&gt;</code>.</p>
<details class="clients"><summary>Connect a client</summary>
${renderClientConfigs('toolgate', url, view.keyed)}
</details>
</section>`;
}

/** "7 tools, 2 prompts, 3 resources": what a pack offers, in the navigation. */
function countsOf(pack: CatalogPack): string {
  const counts: [number, string][] = [
    [pack.tools.length, 'tool'],
    [pack.prompts?.length ?? 0, 'prompt'],
    [pack.resources?.length ?? 0, 'resource'],
  ];
  return counts.flatMap(([count, noun], index) => (count > 0 || index === 0 ? [`${count} ${noun}${count === 1 ? '' : 's'}`] : [])).join(', ');
}

/** The whole page, server-rendered: readable without JavaScript, which only runs the forms. */
export function renderPage(view: PageView): string {
  const toolCount = view.packs.reduce((count, pack) => count + pack.tools.length, 0);
  const page = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>toolgate: ${view.packs.length} packs, ${toolCount} tools</title>
<link rel="icon" href="${assetUrl('icon.svg')}" type="image/svg+xml">
<link rel="stylesheet" href="${assetUrl('page.css')}">
<script src="${assetUrl('page.js')}" defer></script>
</head>
<body>
<header>
<h1><img src="${assetUrl('icon.svg')}" alt="" width="28" height="28"> toolgate</h1>
<p>${view.packs.length} packs, ${toolCount} tools, each pack an MCP server at <code>${view.baseUrl}/&lt;pack&gt;/mcp</code>.</p>
${view.keyed
  ? html`<form id="key-form" class="key" autocomplete="off"><label for="api-key">API key</label> <input type="password" id="api-key" name="key" autocomplete="off" placeholder="needed to try tools"> <small>Kept in this tab's session storage only; sent as <code>Authorization: Bearer</code> (an OAuth access token goes here too).</small></form>`
  : ''}
${view.unreachable.map(
  (peer) => html`<p class="detail" role="status">The packs served by <code>${peer.url}</code> are missing from this page: it ${peer.problem}.</p>`,
)}
<noscript><p class="detail">Trying tools needs JavaScript; everything else on this page works without it.</p></noscript>
<nav aria-label="Packs"><ul>${view.packs.map(
  (pack) => html`<li><a href="#pack-${pack.segment}">${pack.name}</a> ${stateBadge(pack.status)} <span class="muted">${countsOf(pack)}</span></li>`,
)}</ul></nav>
</header>
<main>
${view.oneUrl ? renderOneUrl(view) : ''}
${renderSearchView(view.baseUrl, view.keyed, view.oneUrl)}
${view.packs.map((pack, index) => renderPack(pack, index, view))}
</main>
</body>
</html>
`;
  return page.value;
}
