import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** Thrown at once, without sending anything, while Redis is away (down, hung or reconnecting). */
export class RedisUnavailableError extends Error {
  override readonly name = 'RedisUnavailableError';
}

export interface BoundedRedis {
  /** The connection: for libraries that take an ioredis client (rate-limiter-flexible). Commands on it go through `run`. */
  readonly client: Redis;
  /** Whether commands are sent: connected, and no command has failed since the last successful probe. */
  available(): boolean;
  /**
   * Runs `command` on the client, or throws RedisUnavailableError at once while Redis is away.
   * An `Error` from it (a timeout, a dropped connection) marks Redis away until a background
   * PING answers again; any other rejection (rate-limiter-flexible's RateLimiterRes, a spent
   * budget) is an answer and passes through.
   */
  run<T>(command: (client: Redis) => Promise<T>): Promise<T>;
  /** Resolves true once connected, or false after `timeoutMs` (a start need not wait for a Redis that is down). */
  connected(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface BoundedRedisOptions {
  url: string;
  /** Named in CLIENT LIST and in log lines. */
  name: string;
  /** REDIS_COMMAND_TIMEOUT_MS; 250 by default. */
  commandTimeoutMs?: number;
  logger?: Logger;
  /** First background PING after a failure; doubles up to 2 s. */
  probeAfterMs?: number;
}

const MAX_PROBE_MS = 2_000;

/**
 * One Redis connection that never makes a caller wait long: no offline queue (a command while
 * disconnected fails at once), a timeout on every command, and a breaker that, after any failed
 * command, stops sending commands until a background PING answers. Meanwhile callers use their
 * fallback (an in-memory limiter, no shared cache). ioredis reconnects in the background.
 * The URL is never logged: it may hold a password.
 */
export function connectBoundedRedis(options: BoundedRedisOptions): BoundedRedis {
  const commandTimeoutMs = options.commandTimeoutMs ?? 250;
  const connectTimeout = Math.max(1_000, commandTimeoutMs * 4);
  const firstProbeMs = options.probeAfterMs ?? 250;
  const { logger, name } = options;
  const client = new Redis(options.url, {
    connectionName: name,
    enableOfflineQueue: false,
    // Commands in flight when the connection drops fail at once instead of being sent again.
    maxRetriesPerRequest: 0,
    commandTimeout: commandTimeoutMs,
    connectTimeout,
    // ioredis arms it even for a socket that is already gone; short, so a closing process is not held.
    disconnectTimeout: 200,
    retryStrategy: (attempt) => Math.min(100 * 2 ** Math.min(attempt, 5), MAX_PROBE_MS),
  });

  let away = false;
  let closed = false;
  let probe: NodeJS.Timeout | undefined;
  let connectionErrorLogged = false;
  client.on('error', (error: Error) => {
    // One line per outage, not one per reconnection attempt.
    if (connectionErrorLogged) return;
    connectionErrorLogged = true;
    logger?.warn({ redis: name, err: { message: error.message } }, 'Redis connection failed; reconnecting in the background');
  });
  let everReady = false;
  client.on('ready', () => {
    everReady = true;
    connectionErrorLogged = false;
  });

  const scheduleProbe = (delayMs: number) => {
    if (closed) return;
    probe = setTimeout(() => {
      probe = undefined;
      if (client.status !== 'ready') return scheduleProbe(Math.min(delayMs * 2, MAX_PROBE_MS));
      client.ping().then(
        () => {
          away = false;
          logger?.info({ redis: name }, 'Redis answers again; using it');
        },
        () => scheduleProbe(Math.min(delayMs * 2, MAX_PROBE_MS)),
      );
    }, delayMs);
    probe.unref();
  };

  const markAway = (error: Error) => {
    if (away) return;
    away = true;
    logger?.warn({ redis: name, err: { message: error.message } }, 'Redis is not answering; falling back until it does');
    scheduleProbe(firstProbeMs);
  };

  const connected = (timeoutMs: number): Promise<boolean> => {
    if (client.status === 'ready') return Promise.resolve(true);
    return new Promise((resolve) => {
      const onReady = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        client.off('ready', onReady);
        resolve(false);
      }, timeoutMs);
      client.once('ready', onReady);
    });
  };

  const available = () => !away && !closed && client.status === 'ready';
  return {
    client,
    available,
    async run(command) {
      // Only before the first connection: a command waits for it (at most the connect timeout,
      // 1 s by default), so a process that just started shares its cache and budgets from its
      // first call; a Redis that is down at start costs only the first calls that wait.
      if (!everReady && !away && !closed) await connected(connectTimeout);
      if (!available()) throw new RedisUnavailableError(`Redis (${name}) is unavailable`);
      try {
        return await command(client);
      } catch (error) {
        if (error instanceof Error) markAway(error);
        throw error;
      }
    },
    connected,
    async close() {
      closed = true;
      clearTimeout(probe);
      // quit() lets pending commands finish; a connection that is down or hung has none worth
      // waiting for, and disconnect() also stops the background reconnection.
      if (client.status === 'ready' && !away) await client.quit().catch(() => undefined);
      client.disconnect();
    },
  };
}
