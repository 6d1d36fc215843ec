import { createSocket } from 'node:dgram';

export interface DnsServer {
  /** `127.0.0.1:<port>`, for dns.setServers. */
  address: string;
  /** Every name asked for, with its query type (1 = A, 28 = AAAA). */
  questions: Array<{ name: string; type: number }>;
  close(): Promise<void>;
}

/**
 * A tiny authoritative DNS server on 127.0.0.1 (UDP, RFC 1035 wire format, hand-written):
 * answers A queries for the names in `records`, NODATA for their other types and NXDOMAIN for
 * every other name. `silent: true` never answers, like a DNS server a container cannot reach.
 */
export async function startDnsServer(records: Record<string, string>, options: { silent?: boolean } = {}): Promise<DnsServer> {
  const questions: DnsServer['questions'] = [];
  const socket = createSocket('udp4');
  socket.on('message', (query, peer) => {
    const labels: string[] = [];
    let offset = 12;
    while (query[offset]! > 0) {
      labels.push(query.subarray(offset + 1, offset + 1 + query[offset]!).toString('ascii'));
      offset += query[offset]! + 1;
    }
    const questionEnd = offset + 5;
    const name = labels.join('.').toLowerCase();
    const type = query.readUInt16BE(offset + 1);
    questions.push({ name, type });
    if (options.silent) return;
    const address = records[name];
    const answer = address && type === 1;
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2);
    header.writeUInt16BE(address ? 0x8400 : 0x8403, 2); // response, authoritative; NXDOMAIN when unknown
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answer ? 1 : 0, 6);
    const parts = [header, query.subarray(12, questionEnd)];
    if (answer) {
      const record = Buffer.alloc(16);
      record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      record.writeUInt16BE(1, 2); // A
      record.writeUInt16BE(1, 4); // IN
      record.writeUInt32BE(60, 6); // TTL
      record.writeUInt16BE(4, 10);
      address.split('.').forEach((octet, index) => record.writeUInt8(Number(octet), 12 + index));
      parts.push(record);
    }
    socket.send(Buffer.concat(parts), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    questions,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
