-- The ledger (migration 0020) holds what these said; the generated column goes first, as it reads the other.
ALTER TABLE "employee_records" DROP COLUMN "holiday_days_remaining";--> statement-breakpoint
ALTER TABLE "employee_records" DROP COLUMN "holiday_days_used";
