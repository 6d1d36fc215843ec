import type { MeasuredRow } from './report.ts';

const COLORS: Record<MeasuredRow['kind'], string> = { toolgate: '#2563eb', baseline: '#9ca3af', peer: '#f59e0b' };
const WIDTH = 900;
const LABEL_WIDTH = 300;
const BAR_WIDTH = 360;
const ROW_HEIGHT = 26;
const TOP = 58;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The serving-path comparison as an SVG bar chart, drawn from one run's rows: requests per
 * second at saturation, fastest first, each labelled with its share of bare node:http.
 */
export function servingPathChart(rows: MeasuredRow[], caption: string): string {
  const sorted = [...rows].sort((a, b) => b.requestsPerSecond - a.requestsPerSecond);
  const top = sorted[0]?.requestsPerSecond || 1;
  const limit = rows.find((row) => row.name === 'node-http')?.requestsPerSecond;
  const height = TOP + sorted.length * ROW_HEIGHT + 40;
  const bars = sorted.map((row, index) => {
    const y = TOP + index * ROW_HEIGHT;
    const width = Math.max(1, Math.round((row.requestsPerSecond / top) * BAR_WIDTH));
    const share = limit ? ` · ${(row.requestsPerSecond / limit).toFixed(2)}× node:http` : '';
    const weight = row.kind === 'toolgate' ? ' font-weight="bold"' : '';
    return [
      `<text x="${LABEL_WIDTH - 8}" y="${y + 17}" text-anchor="end"${weight}>${escape(row.name)}</text>`,
      `<rect x="${LABEL_WIDTH}" y="${y + 4}" width="${width}" height="${ROW_HEIGHT - 8}" fill="${COLORS[row.kind]}"/>`,
      `<text x="${LABEL_WIDTH + width + 6}" y="${y + 17}">${Math.round(row.requestsPerSecond)} req/s${share}</text>`,
    ].join('');
  });
  const legend = (['toolgate', 'peer', 'baseline'] as const).map(
    (kind, index) => `<rect x="${LABEL_WIDTH + index * 130}" y="${height - 26}" width="12" height="12" fill="${COLORS[kind]}"/><text x="${LABEL_WIDTH + 18 + index * 130}" y="${height - 16}">${kind === 'peer' ? 'peer framework' : kind}</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="system-ui, sans-serif" font-size="13" fill="#111">
<rect width="100%" height="100%" fill="#fff"/>
<text x="12" y="22" font-size="15" font-weight="bold">MCP tools/call (random_quote), requests per second at saturation — higher is better</text>
<text x="12" y="42" fill="#555">${escape(caption)}</text>
${bars.join('\n')}
${legend.join('')}
</svg>
`;
}
