import { Agent, request } from 'node:http';
import type { Reply } from './check-reply.ts';
import type { FuzzCase } from './fuzz-case.ts';

function sendOne(url: string, fuzzCase: FuzzCase, agent: Agent, timeoutMs: number): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...fuzzCase.headers };
    if (headers['content-type'] === '') delete headers['content-type'];
    const outgoing = request(url, { method: 'POST', agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, contentType: String(response.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    outgoing.setTimeout(timeoutMs, () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    outgoing.on('error', reject);
    outgoing.end(fuzzCase.body);
  });
}

/** Sends every case (a few at a time, keep-alive) and hands each reply, or the transport error, to `onReply`. */
export async function sendCases(
  url: string,
  cases: FuzzCase[],
  onReply: (fuzzCase: FuzzCase, reply: Reply | Error) => void,
  options: { concurrency?: number; timeoutMs?: number } = {},
): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency ?? 8 });
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const fuzzCase = cases[next++]!;
      // A hang detector that names the case, not a speed bound: far above any answer on a loaded machine.
      onReply(fuzzCase, await sendOne(url, fuzzCase, agent, options.timeoutMs ?? 120_000).catch((error: Error) => error));
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
  agent.destroy();
}
