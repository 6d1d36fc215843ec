import { interceptProviders } from './capture.ts';
import { listTools, PACKS, startGateway, type ListedTool } from './gateway.ts';
import { alterations } from './meaning-kept.ts';
import type { Setup, Verdict } from './setups/setup.ts';

export interface HostResult {
  setup: Setup;
  tools: number;
  /** Per pack, its tools/list as the gateway published it. */
  published: Record<string, ListedTool[]>;
  /** Per pack, what the host did with its tools. */
  packs: Record<string, Verdict>;
}

/** Drives one setup against one pack and judges the request it would have sent. */
async function judge(setup: Setup, endpoint: string, published: Awaited<ReturnType<typeof listTools>>, capture: ReturnType<typeof interceptProviders>): Promise<Verdict> {
  if (setup.check) return setup.check(endpoint);
  capture.take();
  await setup.send!(endpoint);
  const requests = capture.take().filter(({ url }) => setup.provider!.matches(url));
  if (requests.length === 0) return { refusals: ['no request reached the provider'], alterations: [] };
  const { body } = requests[0]!;
  const sentTools = setup.provider!.tools(body);
  return {
    refusals: setup.provider!.refusals(body),
    alterations: alterations(published, sentTools),
    strictTools: sentTools.filter((tool) => tool.strict).length,
    sent: sentTools,
  };
}

/** Every setup against every pack of a gateway started here, in one process, with no network. */
export async function runHosts(setups: Setup[]): Promise<HostResult[]> {
  const capture = interceptProviders();
  const gateway = await startGateway();
  try {
    const published = new Map(await Promise.all(PACKS.map(async (pack) => [pack, await listTools(gateway.url, pack)] as const)));
    const results: HostResult[] = [];
    for (const setup of setups) {
      const packs: Record<string, Verdict> = {};
      for (const pack of PACKS) packs[pack] = await judge(setup, `${gateway.url}/${pack}/mcp`, published.get(pack)!, capture);
      results.push({ setup, tools: [...published.values()].reduce((total, tools) => total + tools.length, 0), published: Object.fromEntries(published), packs });
    }
    return results;
  } finally {
    await gateway.close();
    capture.restore();
  }
}
