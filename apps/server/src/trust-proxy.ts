// The proxies the shop believes about a client's address (TRUST_PROXY), as Fastify and the
// start-up line need them.
import type { Config } from './config';

/** TRUST_PROXY as Fastify takes it: false, true, a hop count, or a list of addresses. */
export function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  // A hop count: believe that many proxies in front of us, and no client-supplied entries.
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** Fastify's `trustProxy` for the configured proxies; a hop count believes that many hops. */
export function fastifyTrustProxy(
  trustProxy: Config['trustProxy'],
): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof trustProxy === 'number' ? (_address, hop) => hop < trustProxy : trustProxy;
}

/**
 * TRUST_PROXY as the start-up line names it, and the operator's warning when it believes every
 * hop: then any client picks the address its limits are counted by, with one header.
 */
export function trustProxyNotice({ trustProxy }: Pick<Config, 'trustProxy'>): {
  named: string;
  warning: string | null;
} {
  return {
    named: `TRUST_PROXY=${String(trustProxy)}`,
    warning:
      trustProxy === true
        ? 'TRUST_PROXY=true believes every X-Forwarded-For hop, so any client can choose the ' +
          'address its limits count: set the number of proxies in front (1 behind deploy/nginx.conf) ' +
          'or their addresses'
        : null,
  };
}
