CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_started_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"runs" integer DEFAULT 1 NOT NULL
);
