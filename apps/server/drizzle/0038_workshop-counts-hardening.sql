-- The jobs a receipt of a part refreshes (ADR 0160): those with a part not ready, by BOM product,
-- found without reading the company's completed history.
CREATE INDEX "work_orders_parts_short_idx" ON "work_orders" USING btree ("company_id","product_id") WHERE board_parts_ready < board_parts_total;
