-- `upstream.balance_low` (DESIGN.md §14): the administrators are told when the platform's balance
-- at a supplier falls below the supplier's alert, once per crossing (`upstreams.balance_low_since`,
-- set on the fall and cleared when the balance is back at or above the alert).
ALTER TYPE "public"."notification_type" ADD VALUE IF NOT EXISTS 'upstream.balance_low';
