CREATE TABLE "company_data_versions" (
	"company_id" uuid NOT NULL,
	"shard" smallint NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "company_data_versions_company_id_shard_pk" PRIMARY KEY("company_id","shard")
);
