ALTER TABLE "work_orders" ADD COLUMN "board_list" text;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "board_deadline" date GENERATED ALWAYS AS (coalesce(due_date, (created_at at time zone 'UTC')::date + 7)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "work_orders_board_idx" ON "work_orders" USING btree ("company_id","board_list","board_deadline",length(work_order_number),work_order_number collate "C");--> statement-breakpoint
CREATE INDEX "work_orders_board_stale_idx" ON "work_orders" USING btree ("company_id") WHERE board_list is null;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_board_list_check" CHECK (board_list in ('orders', 'stock', 'complete'));