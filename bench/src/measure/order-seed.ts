// A grown order history, written straight into the database: 100,000 orders through the API would
// take minutes.
import { type SqlTarget, withSql } from '../lib/sql';
import { ORDER_GROWTH } from '../settings';

/** The seeded orders' ids: the same order number always makes the same id. */
const orderId = (n: string) => `md5('bench-order-' || ${n})::uuid`;

/**
 * Brings the database's orders to `total` by bulk insert, never through the API: 100,000 orders would take the API minutes. The first
 * call empties the orders the benchmarks before placed, and adds customers up to
 * ORDER_GROWTH.customers. Order n belongs to customer n mod 1,000 (the customers in the order they
 * signed up, so the bench's own customers own their share), has 1 to 3 lines of the catalog's
 * parts, and was placed 10 minutes before order n - 1: the larger sizes add older history, as
 * years of trade would. Most orders are shipped, a third of the rest paid, one in 25 cancelled,
 * and the newest 50 unpaid.
 */
export async function seedOrders(target: SqlTarget, from: number, total: number): Promise<void> {
  await withSql(target, async (db) => {
    if (from === 0) {
      await db.query('truncate table orders cascade');
      await db.query(
        `insert into users (id, name, email, email_verified, role)
         select 'bench-customer-' || i, 'Customer ' || i, 'customer' || i || '@bench.example', true, 'user'
         from generate_series(1, greatest(0, $1::int - (select count(*)::int from users where role = 'user'))) i`,
        [ORDER_GROWTH.customers],
      );
    }
    // In batches, so no one statement holds a hundred thousand rows in PGlite's memory.
    const batch = 10_000;
    for (let first = from + 1; first <= total; first += batch) {
      const last = Math.min(total, first + batch - 1);
      await db.query(
        `with ps as (select array_agg(id order by id) as ids, count(*)::int as n from parts),
         cs as (select array_agg(id order by created_at, id) as ids,
                       array_agg(name order by created_at, id) as names,
                       array_agg(email order by created_at, id) as emails,
                       count(*)::int as n
                from users where role = 'user'),
         lines as (
           select g, pos, p.id as part_id, p.name, p.price_cents, 1 + (g + pos) % 3 as quantity
           from generate_series($1::int, $2::int) g
           cross join lateral generate_series(0, g % 3) pos
           cross join ps
           join parts p on p.id = ps.ids[1 + (g * 7 + pos * 13) % ps.n]
         ),
         placed_lines as (
           insert into order_lines (order_id, position, part_id, part_name, unit_price_cents, quantity, total_cents)
           select ${orderId('g')}, pos, part_id, name, price_cents, quantity, price_cents * quantity from lines
         ),
         totals as (select g, sum(price_cents * quantity)::int as total from lines group by g),
         placed as (
           select t.g, t.total, now() - t.g * interval '10 minutes' as at,
                  case when t.g <= 50 then 'unpaid' when t.g % 25 = 0 then 'cancelled'
                       when t.g % 3 = 0 then 'paid' else 'shipped' end::order_status as status
           from totals t
         )
         insert into orders (id, total_cents, user_id, user_name, user_email, phone, address, status,
                             payment_intent_id, transaction_id, paid_at, test_payment, expires_at,
                             cancelled_at, cancel_reason, shipped_at, created_at, updated_at)
         select ${orderId('o.g')}, o.total, cs.ids[1 + o.g % cs.n], cs.names[1 + o.g % cs.n],
                cs.emails[1 + o.g % cs.n], '555-0100', 'Bench Street ' || o.g, o.status,
                case when o.status in ('paid', 'shipped') then 'pi_bench_' || o.g end,
                case when o.status in ('paid', 'shipped') then 'pi_bench_' || o.g end,
                case when o.status in ('paid', 'shipped') then o.at + interval '5 minutes' end,
                o.status in ('paid', 'shipped'),
                case when o.status = 'unpaid' then now() + interval '1 day'
                     when o.status = 'cancelled' then o.at + interval '30 minutes' end,
                case when o.status = 'cancelled' then o.at + interval '30 minutes' end,
                case when o.status = 'cancelled' then 'expired'::order_cancel_reason end,
                case when o.status = 'shipped' then o.at + interval '1 day' end,
                o.at,
                o.at + case o.status when 'shipped' then interval '1 day'
                                     when 'cancelled' then interval '30 minutes'
                                     when 'paid' then interval '5 minutes'
                                     else interval '0' end
         from placed o cross join cs`,
        [first, last],
      );
    }
    // As autovacuum would soon after such an insert: done now, it does not run during the timing.
    await db.query('vacuum analyze orders');
    await db.query('vacuum analyze order_lines');
    // And the pages the insert dirtied are written out now, not by a checkpoint in the middle
    // of the timing, whose writes the reads' p99 would measure.
    await db.query('checkpoint');
  });
}
