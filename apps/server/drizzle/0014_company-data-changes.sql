CREATE TABLE "company_data_changes" (
	"company_id" uuid NOT NULL,
	"backend" integer NOT NULL,
	"changes" bigint NOT NULL,
	CONSTRAINT "company_data_changes_company_id_backend_pk" PRIMARY KEY("company_id","backend")
);
