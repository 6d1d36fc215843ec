import type { BenchRequest } from './scenarios.ts';

export interface CallAnswer {
  status: number;
  contentType: string;
  /** The JSON-RPC message, whether it came as a JSON body or as the one event of an SSE stream. */
  message: unknown;
}

function ssePayload(text: string): string {
  const data = text
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).trimStart());
  if (data.length !== 1) throw new Error(`expected one SSE data line, got ${data.length}`);
  return data[0]!;
}

/** Sends the benchmark request once and decodes the answer: used to check servers before measuring. */
export async function callOnce(url: string, request: BenchRequest): Promise<CallAnswer> {
  const response = await fetch(url, { method: 'POST', headers: request.headers, body: request.body });
  const contentType = response.headers.get('content-type') ?? '';
  const text = await response.text();
  const json = contentType.startsWith('text/event-stream') ? ssePayload(text) : text;
  return { status: response.status, contentType, message: JSON.parse(json) };
}
