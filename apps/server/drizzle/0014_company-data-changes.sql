CREATE TABLE "company_data_changes" (
	"company_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "company_data_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"changes" bigint NOT NULL,
	CONSTRAINT "company_data_changes_company_id_id_pk" PRIMARY KEY("company_id","id")
);
