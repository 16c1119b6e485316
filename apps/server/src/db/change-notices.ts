import { setTimeout as delay } from 'node:timers/promises';

import type { FastifyBaseLogger } from 'fastify';
import type { Client } from 'pg';

/** The channel the triggers of migrations 0010 and 0016 notify, with the written table's name. */
export const CHANGES_CHANNEL = 'shop_changes';

/** How the listening connection is named in `pg_stat_activity`, for operators (and tests). */
export const LISTENER_APPLICATION_NAME = 'apex-parts-change-notices';

/**
 * What a change notice says: a table was written and the write committed, or `null` when notices
 * may have been missed (the listening connection was lost, and is back), so anything may have
 * changed.
 */
export type ChangeNotice = string | null;

/** Who hears the notices: every write's, and the moment they stop arriving. */
export interface ChangeListener {
  drop(notice: ChangeNotice): void;
  /** The connection is gone: writes from now until the next `drop(null)` tell nobody. */
  lost(): void;
}

const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 5_000;

/**
 * How often the listening connection is asked whether it still answers, and how long it has to.
 * A server that goes away tells nobody when a firewall, a NAT or a failed host drops the
 * connection without closing it: the socket stays open and silent, no notice arrives, and every
 * cache would serve what it holds for good. A query that gets no answer is how the instance
 * finds out, within these ten seconds (TCP keepalive alone takes minutes on Linux's defaults).
 */
export interface Heartbeat {
  everyMs: number;
  answerWithinMs: number;
}
const HEARTBEAT: Heartbeat = { everyMs: 5_000, answerWithinMs: 5_000 };

/**
 * Listens on PostgreSQL for every committed write to the tables the instances cache, from any
 * instance, and tells `listener.drop` the table's name. When the connection goes, or stops
 * answering, `lost()`; it reconnects by itself, soon at first, then every 5 s; once it is back,
 * `drop(null)` says that anything may have changed meanwhile. Answers a function that stops
 * listening.
 */
export async function listenForChanges(
  url: string,
  listener: ChangeListener,
  log: FastifyBaseLogger,
  heartbeat: Heartbeat = HEARTBEAT,
): Promise<() => Promise<void>> {
  // Loaded only for PostgreSQL, like the pool.
  const { default: pg } = await import('pg');
  let client: Client | null = null;
  let stopped = false;
  let retryMs = FIRST_RETRY_MS;
  let retry: NodeJS.Timeout | null = null;

  /** `gone` no longer carries notices: say so once, let it go, and connect again. */
  const lose = (gone: Client) => {
    if (stopped || client !== gone) return;
    client = null;
    listener.lost();
    // With a query unanswered, `end` destroys the socket instead of waiting on it.
    gone.end().catch(() => undefined);
    reconnectLater();
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: url,
      application_name: LISTENER_APPLICATION_NAME,
      // A connection, and each of its queries, answered within the heartbeat's time or failed.
      connectionTimeoutMillis: heartbeat.answerWithinMs,
      query_timeout: heartbeat.answerWithinMs,
      keepAlive: true,
    });
    next.on('notification', ({ channel, payload }) => {
      if (channel === CHANGES_CHANNEL) listener.drop(payload ?? null);
    });
    // 'error' comes first when the server goes away, then 'end'; one reconnect follows.
    next.on('error', (error) => log.warn({ err: error }, 'change notices: connection failed'));
    next.once('end', () => lose(next));
    try {
      await next.connect();
      await next.query(`listen ${CHANGES_CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    client = next;
    beatWhileListening(next);
    // Stopped while connecting: nobody will close this one otherwise.
    if (stopped) await stop();
  };

  /** Asks `listening` for an answer every so often, for as long as it is the one listened on. */
  const beatWhileListening = (listening: Client) => {
    const beat = setTimeout(() => {
      if (client !== listening) return;
      listening.query('select 1').then(
        () => beatWhileListening(listening),
        (error: unknown) => {
          if (client !== listening) return;
          log.warn({ err: error }, 'change notices: no answer; connecting again');
          lose(listening);
        },
      );
    }, heartbeat.everyMs);
    // Listening alone must not keep the process alive.
    beat.unref();
  };

  const reconnectLater = () => {
    retry = setTimeout(() => {
      retry = null;
      connect().then(
        () => {
          retryMs = FIRST_RETRY_MS;
          log.info('change notices: listening again; cached answers dropped');
          // Writes committed while nobody listened told nobody.
          listener.drop(null);
        },
        (error: unknown) => {
          log.warn({ err: error }, 'change notices: cannot reconnect yet');
          retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
          if (!stopped) reconnectLater();
        },
      );
    }, retryMs);
    // Listening alone must not keep the process alive.
    retry.unref();
  };

  const stop = async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const open = client;
    client = null;
    // A connection that has fallen silent may never confirm its end: shutting down waits no
    // longer than a heartbeat's answer would.
    await Promise.race([
      open?.end().catch(() => undefined),
      delay(heartbeat.answerWithinMs, undefined, { ref: false }),
    ]);
  };

  await connect();
  return stop;
}
