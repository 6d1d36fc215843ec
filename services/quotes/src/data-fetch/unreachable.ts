/**
 * Why a download never got an answer, in words: fetch itself says only "fetch failed" and keeps
 * the reason (DNS, refused, reset, certificate) in its `cause`.
 */
export function unreachable(url: string, error: unknown, timeoutMs: number): string {
  const { host } = new URL(url);
  const failure = error as Error & { cause?: { code?: string; message?: string } };
  if (failure.name === 'TimeoutError') return `no answer from ${host} within ${timeoutMs / 1000} s`;
  const code = failure.cause?.code;
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${host} cannot be found (DNS lookup failed, ${code}): is this machine offline?`;
    case 'ECONNREFUSED':
      return `${host} refused the connection (${code})`;
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return `${host} closed the connection (${code})`;
    case 'ENETUNREACH':
    case 'EHOSTUNREACH':
      return `${host} cannot be reached from this machine (${code})`;
    default:
      return `${host} cannot be reached (${failure.cause?.message ?? failure.message}${code ? `, ${code}` : ''})`;
  }
}
