ALTER TABLE "work_orders" ADD COLUMN "board_parts_total" integer;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "board_parts_ready" integer;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "board_parts_to_order" integer;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "board_parts_awaiting" integer;--> statement-breakpoint
-- Every stored list is computed again, with its part counts, by the next board read of its company
-- (the stale path of ADR 0024): the counts come from the shared TypeScript rules, not SQL (ADR 0160).
UPDATE "work_orders" SET "board_list" = NULL WHERE "board_list" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_board_parts_check" CHECK (board_list is null or (board_parts_total is not null and board_parts_ready is not null
        and board_parts_to_order is not null and board_parts_awaiting is not null));