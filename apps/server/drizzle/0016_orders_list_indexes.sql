DROP INDEX "outbox_deliveries_target_idx";--> statement-breakpoint
DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_quantity_idx" ON "orders" USING btree ("quantity","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_product_name_idx" ON "orders" USING btree ("product_name","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_product_name_trgm_idx" ON "orders" USING gin ("product_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "outbox_deliveries_target_idx" ON "outbox_deliveries" USING btree ("consumer","target_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at","id");