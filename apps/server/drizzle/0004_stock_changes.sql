CREATE TABLE "product_stock_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_stock_changes" ADD CONSTRAINT "product_stock_changes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_stock_changes_product_idx" ON "product_stock_changes" USING btree ("product_id");