CREATE TABLE "site_builds" (
	"stamp" text PRIMARY KEY NOT NULL,
	"archive" "bytea" NOT NULL,
	"built_by" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
