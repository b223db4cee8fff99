ALTER TABLE "holiday_requests" DROP CONSTRAINT "holiday_requests_employee_record_id_employee_records_id_fk";
--> statement-breakpoint
ALTER TABLE "holiday_requests" ADD CONSTRAINT "holiday_requests_employee_record_id_employee_records_id_fk" FOREIGN KEY ("employee_record_id") REFERENCES "public"."employee_records"("id") ON DELETE no action ON UPDATE no action;