-- EXPLAIN ANALYZE of the list pages the sort-direction and deferred-join changes are about, each
-- written as the repositories write it, before and after (bench/results/ledger-and-orders-pages.md). On the database of sort-pages-seed.sql:
--   psql postgres://postgres@127.0.0.1:5432/$DB -f bench/sql/sort-pages-explain.sql
\timing on
select id as manager from users where username = 'manager_h17' \gset

-- GET /orders/all?sort=quantity (admin, page 1), before: ties newest first.
explain (analyze, buffers, costs off)
select o.*, buyer.id, buyer.username, seller.id, seller.username, c.id, c.name_en, c.name_fr, c.name_ar
from orders o join users buyer on buyer.id = o.buyer_id
left join users seller on seller.id = o.seller_id left join categories c on c.id = o.category_id
order by o.quantity asc, o.created_at desc, o.id desc limit 25 offset 0;
-- After: ties follow the sort (ascending, oldest first).
explain (analyze, buffers, costs off)
select o.*, buyer.id, buyer.username, seller.id, seller.username, c.id, c.name_en, c.name_fr, c.name_ar
from orders o join users buyer on buyer.id = o.buyer_id
left join users seller on seller.id = o.seller_id left join categories c on c.id = o.category_id
order by o.quantity asc, o.created_at asc, o.id asc limit 25 offset 0;

-- GET /orders/all?sort=status, before and after.
explain (analyze, buffers, costs off)
select o.*, buyer.id, buyer.username, seller.id, seller.username, c.id, c.name_en, c.name_fr, c.name_ar
from orders o join users buyer on buyer.id = o.buyer_id
left join users seller on seller.id = o.seller_id left join categories c on c.id = o.category_id
order by o.status asc, o.created_at desc, o.id desc limit 25 offset 0;
explain (analyze, buffers, costs off)
select o.*, buyer.id, buyer.username, seller.id, seller.username, c.id, c.name_en, c.name_fr, c.name_ar
from orders o join users buyer on buyer.id = o.buyer_id
left join users seller on seller.id = o.seller_id left join categories c on c.id = o.category_id
order by o.status asc, o.created_at asc, o.id asc limit 25 offset 0;
-- sort=-status (unchanged order), and page 400 of sort=status.
explain (analyze, buffers, costs off)
select o.*, buyer.id, buyer.username, seller.id, seller.username, c.id, c.name_en, c.name_fr, c.name_ar
from orders o join users buyer on buyer.id = o.buyer_id
left join users seller on seller.id = o.seller_id left join categories c on c.id = o.category_id
order by o.status desc, o.created_at desc, o.id desc limit 25 offset 0;
explain (analyze, buffers, costs off)
select o.*, buyer.id, buyer.username, seller.id, seller.username, c.id, c.name_en, c.name_fr, c.name_ar
from orders o join users buyer on buyer.id = o.buyer_id
left join users seller on seller.id = o.seller_id left join categories c on c.id = o.category_id
order by o.status asc, o.created_at asc, o.id asc limit 25 offset 9975;

-- GET /ledger?page=400 (the manager's own statement, 25 rows), before: joined, then offset.
explain (analyze, buffers, costs off)
select e.*, counterparty.id, counterparty.username, actor.id, actor.username
from ledger_entries e
left join users counterparty on counterparty.id = e.counterparty_id
left join users actor on actor.id = e.actor_id
where e.user_id = :'manager'
order by e.created_at desc, e.id desc limit 25 offset 9975;
-- After: the page's ids from the index alone, then those 25 rows joined.
explain (analyze, buffers, costs off)
select e.*, counterparty.id, counterparty.username, actor.id, actor.username
from ledger_entries e
left join users counterparty on counterparty.id = e.counterparty_id
left join users actor on actor.id = e.actor_id
where e.id in (select p.id from ledger_entries p where p.user_id = :'manager'
               order by p.created_at desc, p.id desc limit 25 offset 9975)
order by e.created_at desc, e.id desc;
-- The statement's count (statementCount, unchanged).
explain (analyze, buffers, costs off)
select count(*)::int from ledger_entries e where e.user_id = :'manager';
