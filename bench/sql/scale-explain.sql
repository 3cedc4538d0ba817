-- The statements behind the calls of `npx tsx run.ts scale` whose cost grows faster than the
-- answer (bench/results/scale.md), as the server sends them (taken from
-- PostgreSQL's log with log_min_duration_statement), for EXPLAIN on a database a
-- `run.ts scale --keep` run left:
--
--   psql -h 127.0.0.1 -U postgres -d km_bench_<id> -v p='%martin%' -f bench/sql/scale-explain.sql
--
-- Ids are those of bench/scale-shape.ts: level-three reseller 1 and its chain (level two 1,
-- level one 1, manager 1), manager package 1.

-- 1. GET /api/orders/all?search=… (orders.repository.ts listOrders): a search that matches few
-- orders walks orders_created_idx backwards through every order (the OR of a trigram match and
-- an array of buyers is estimated at ~16,000 rows, so the planner expects to stop early).
explain (analyze, buffers)
select o.id, o.created_at, o.product_name, buyer.username, seller.username, categories.name_en
from orders o
inner join users buyer on buyer.id = o.buyer_id
left join users seller on seller.id = o.seller_id
left join categories on categories.id = o.category_id
where (o.product_name ilike :'p'
       or o.buyer_id = any(array(select id from users where username ilike :'p')))
order by o.created_at desc, o.id desc
limit 25;

-- The same page from the matching ids only (a bitmap read of each side): fast for a rare term,
-- slow for a common one (every match read and sorted), hence the proposal to choose by the
-- capped count the list already makes.
explain (analyze, buffers)
with matching as materialized (
  select id from orders where product_name ilike :'p'
  union
  select id from orders where buyer_id = any(array(select id from users where username ilike :'p')))
select o.id, o.created_at, o.product_name
from matching join orders o using (id)
order by o.created_at desc, o.id desc
limit 25;

-- 2. GET /api/orders/all/stats without filters (orderStats): every order, every time.
explain (analyze, buffers)
select count(*)::int,
  (count(*) filter (where status = 'pending'))::int,
  (count(*) filter (where status = 'completed'))::int,
  (count(*) filter (where status = 'rejected'))::int,
  coalesce(sum(total_cents) filter (where status = 'completed'), 0)::text
from orders;

-- 3. GET /api/analytics/dashboard-stats, userTotals: profitOf() is a subquery per user into
-- profit_accruals (100,000 index probes at 100,000 users), and once that table has had rows its
-- estimate (rows=32 a probe) puts the cost past jit_above_cost: JIT compiles for 200-300 ms.
explain (analyze, buffers)
select role, status, count(*)::int, sum(balance_cents)::text,
  sum((users.profit_cents + coalesce((
    select sum(a.amount_cents) from profit_accruals a where a.user_id = users.id), 0))::bigint)::text
from users group by role, status;

-- The same with the pending margins summed once and joined.
explain (analyze, buffers)
select role, status, count(*)::int, sum(balance_cents)::text,
  sum((users.profit_cents + coalesce(a.cents, 0))::bigint)::text
from users
left join (select user_id, sum(amount_cents) as cents from profit_accruals group by user_id) a
  on a.user_id = users.id
group by role, status;

-- 4. dashboard-stats, productTotals and lowStockProducts: productStock is a subquery per product
-- into product_stock_changes, twice (100,000 probes each at 100,000 products), with JIT as above.
explain (analyze, buffers)
select count(*)::int,
  (count(*) filter (where (products.stock + coalesce((
     select sum(c.delta) from product_stock_changes c where c.product_id = products.id), 0))::int = 0))::int,
  (count(*) filter (where (products.stock + coalesce((
     select sum(c.delta) from product_stock_changes c where c.product_id = products.id), 0))::int
     <= coalesce(products.low_stock_threshold,
          (select (s.value->>'lowStockThreshold')::int from settings s where s.key = 'system'), 5)))::int
from products where products.deleted_at is null;

-- The same with the pending changes summed once and joined.
explain (analyze, buffers)
select count(*)::int,
  (count(*) filter (where p.stock + coalesce(c.delta, 0) = 0))::int,
  (count(*) filter (where p.stock + coalesce(c.delta, 0) <= coalesce(p.low_stock_threshold,
     (select (s.value->>'lowStockThreshold')::int from settings s where s.key = 'system'), 5)))::int
from products p
left join (select product_id, sum(delta) as delta from product_stock_changes group by product_id) c
  on c.product_id = p.id
where p.deleted_at is null;

-- 5. GET /api/products?limit=10000, every cached answer (product-list-cache.ts stockFigures): the
-- stock of every product of the catalogue, in id order (a sort that spills past work_mem at
-- 100,000 products), for a list of 10,000.
explain (analyze, buffers)
select coalesce(string_agg((p.stock + coalesce(c.delta, 0))::text, ',' order by p.id), '')
from products p
left join (select product_id, sum(delta) as delta from product_stock_changes group by product_id) c
  on c.product_id = p.id;

-- 6. The list built again (after a price change): besides 5 (twice), every product's id, and the
-- whole price lists of the buyer's chain, whatever the page holds.
explain (analyze, buffers)
select (select coalesce(string_agg(id::text, ',' order by id), '') from products) as ids;

explain (analyze, buffers)
select seller_id::text as seller,
  string_agg(product_id::text, ',' order by product_id) as ids,
  string_agg(price_cents::text, ',' order by product_id) as price
from seller_prices
where seller_id = any(array['00000000-0000-4000-8006-000000000001',
                            '00000000-0000-4000-8003-000000000001',
                            '00000000-0000-4000-8002-000000000001',
                            '00000000-0000-4000-8001-000000000001']::uuid[])
group by seller_id;
