// Several instances on one PostgreSQL database behind nginx (docs/deploy.md): how soon a write
// committed through one instance shows on another, and what placing orders through nginx costs
// against placing them on one instance directly.
import { type Cluster, startCluster } from '../lib/cluster';
import { findPart, listParts, type Part, prepareShop, restockPart, signInAdmin } from '../lib/shop';
import { compareToCeiling, type Comparison, orderBursts } from '../lib/throughput';
import type { Session } from '../session';
import { CLUSTER, CUSTOMERS, ORDER_ROUNDS, ORDER_SECONDS } from '../settings';
import { ordersInTurn } from './orders';

export interface Propagation {
  /** Per write: from the write's answer (committed by then) to the other instance's new answer. */
  afterAnswerMs: number[];
  /** Per write: from sending the write, which commits before it answers, to the same moment. */
  afterSendMs: number[];
}

export interface Instances {
  propagation: Propagation;
  /** Orders through nginx (the figure) against orders on one instance directly (the reference):
   * reported by the whole bench, not measured by the gate. */
  orders?: Comparison | undefined;
}

/** Long past the product's promise of a second: a change that never shows is a failure. */
const GIVE_UP_MS = 10_000;

/**
 * Restocks one part by a unit through `writer`, then asks `reader` for the part, again as soon
 * as each answer arrives, until it shows the new stock. The reader answers from memory, which it
 * drops when PostgreSQL tells it of the write's commit (LISTEN/NOTIFY, decision 003).
 */
async function propagateOnce(
  writer: string,
  reader: string,
  adminToken: string,
  part: Part,
): Promise<{ afterAnswerMs: number; afterSendMs: number; part: Part }> {
  const sent = performance.now();
  const written = await restockPart(writer, adminToken, part, 1);
  const answered = performance.now();
  if (written.stock !== part.stock + 1) {
    throw new Error(`the restock left ${written.stock} units, not ${part.stock + 1}`);
  }
  for (;;) {
    const seen = await findPart(reader, part.id);
    const now = performance.now();
    if (seen.stock === written.stock) {
      return { afterAnswerMs: now - answered, afterSendMs: now - sent, part: written };
    }
    if (now - answered > GIVE_UP_MS) {
      throw new Error(
        `${reader} still answered ${seen.stock} units ${GIVE_UP_MS} ms after the write`,
      );
    }
  }
}

/** `CLUSTER.writes` restocks of one part through `writer`, each watched for on `reader`. */
async function measurePropagation(
  writer: string,
  reader: string,
  adminToken: string,
): Promise<Propagation> {
  const [first] = await listParts(reader);
  if (!first) throw new Error('no parts in the catalog');
  // Read once, so that the reader answers the part from memory from the first write on.
  let part = await findPart(reader, first.id);
  const propagation: Propagation = { afterAnswerMs: [], afterSendMs: [] };
  for (let write = 0; write < CLUSTER.writes; write++) {
    const once = await propagateOnce(writer, reader, adminToken, part);
    propagation.afterAnswerMs.push(once.afterAnswerMs);
    propagation.afterSendMs.push(once.afterSendMs);
    part = once.part;
  }
  return propagation;
}

/**
 * Orders through nginx, spread over every instance, against the same orders on the first
 * instance alone, in alternating rounds (`compareToCeiling`), each after a warm-up.
 */
async function ordersThroughBalancer(cluster: Cluster): Promise<Comparison> {
  const direct = cluster.instances[0]?.base;
  if (!direct) throw new Error('no instances');
  const shop = await prepareShop(cluster.balancer, {
    customers: CUSTOMERS,
    tag: 'instances',
    dataDir: cluster.seedDataDir,
  });
  const orders = ordersInTurn(shop);
  const throughBalancer = orderBursts(cluster.balancer, orders);
  const onOneInstance = orderBursts(direct, orders);
  await throughBalancer(1);
  await onOneInstance(1);
  return compareToCeiling(throughBalancer, onOneInstance, ORDER_ROUNDS, ORDER_SECONDS);
}

/** Propagation first, on the demo stock: the orders' preparation fills every part to the brim. */
export async function measureInstances(
  session: Session,
  { orders = true } = {},
): Promise<Instances> {
  const cluster = await startCluster(session, CLUSTER.instancePorts, CLUSTER.balancerPort);
  try {
    const [writer, reader] = cluster.instances;
    if (!writer || !reader) throw new Error('fewer than two instances');
    const adminToken = await signInAdmin(cluster.balancer, cluster.seedDataDir);
    const propagation = await measurePropagation(writer.base, reader.base, adminToken);
    return { propagation, orders: orders ? await ordersThroughBalancer(cluster) : undefined };
  } finally {
    await cluster.stop();
  }
}
