-- A few hundred thousand orders for EXPLAIN of the list pages (bench/results/ledger-and-orders-pages.md,
-- sort directions): an admin, a manager with 2,000 resellers below it, 1,000
-- products, 400,000 orders over 400 days (quantity 1 to 5; 88 % completed, 7 % rejected, 5 %
-- pending) and the manager's statement, a profit per completed order (352,000 rows). About 40 s.
-- Run on an empty, migrated database:
--   psql postgres://postgres@127.0.0.1:5432/$DB -f bench/sql/sort-pages-seed.sql
\timing on
insert into users (username, first_name, last_name, email, password_hash, role)
  values ('admin_h17', 'A', 'D', 'admin@h17.test', 'x', 'admin');
insert into users (username, first_name, last_name, email, password_hash, role, invited_by_id)
  select 'manager_h17', 'M', 'G', 'manager@h17.test', 'x', 'manager', id
  from users where username = 'admin_h17';
insert into users (username, first_name, last_name, email, password_hash, role, invited_by_id)
  select 'buyer_' || g, 'B', 'Y', 'buyer' || g || '@h17.test', 'x', 'reseller', m.id
  from generate_series(1, 2000) g, users m where m.username = 'manager_h17';
insert into categories (name_en, name_fr, name_ar) values ('Games', 'Jeux', 'ألعاب');
insert into products (name, category_id, delivery_type, initial_price_cents, manager_price_cents,
    reseller_price_cents)
  select 'Product #' || g, c.id, 'request', 100 + g, 120 + g, 150 + g
  from generate_series(1, 1000) g, categories c;
create temp table b as select row_number() over (order by id) as n, id from users
  where username like 'buyer\_%';
create temp table p as select row_number() over (order by id) as n, id, name from products;
insert into orders (buyer_id, seller_id, product_id, product_name, category_id, quantity,
    delivery_type, unit_price_cents, total_cents, status, price_chain, created_at)
  select b.id, (select id from users where username = 'manager_h17'), p.id, p.name,
    (select id from categories limit 1), 1 + (g * 7) % 5, 'request', 150, 150 * (1 + (g * 7) % 5),
    (case when g % 100 < 88 then 'completed' when g % 100 < 95 then 'rejected'
          else 'pending' end)::order_status,
    '[]'::jsonb, now() - interval '400 days' + g * interval '86.4 seconds'
  from generate_series(1, 400000) g
  join b on b.n = 1 + g % 2000
  join p on p.n = 1 + (g * 13) % 1000;
insert into ledger_entries (user_id, bucket, amount_cents, balance_after_cents, kind, order_id,
    actor_id, counterparty_id, created_at)
  select o.seller_id, 'profit', 30 * o.quantity,
    sum(30 * o.quantity) over (order by o.created_at, o.id rows unbounded preceding),
    'profit', o.id, o.buyer_id, o.buyer_id, o.created_at
  from orders o where o.status = 'completed' order by o.created_at, o.id;
vacuum analyze users;
vacuum analyze orders;
vacuum analyze ledger_entries;
vacuum analyze products;
