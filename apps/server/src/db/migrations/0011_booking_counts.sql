CREATE TABLE "booking_counts" (
	"agent_user_id" integer NOT NULL,
	"confirmed" boolean NOT NULL,
	"cancel_status" boolean NOT NULL,
	"payment_status" smallint NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "booking_counts_agent_idx" ON "booking_counts" USING btree ("agent_user_id");--> statement-breakpoint
-- Decision 045: the triggers keep booking_counts in step with bookings in the writing transaction itself. They are
-- created before the backfill: CREATE TRIGGER locks bookings against writes until this migration commits, so no
-- booking is written between the count and the triggers.
CREATE FUNCTION "booking_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "booking_counts" ("agent_user_id", "confirmed", "cancel_status", "payment_status", "n")
  SELECT coalesce("agent_user_id", 0), "confirmed", "cancel_status", "payment_status", count(*)::int
  FROM "booking_counts_new_rows" GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "booking_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "booking_counts" ("agent_user_id", "confirmed", "cancel_status", "payment_status", "n")
  SELECT coalesce("agent_user_id", 0), "confirmed", "cancel_status", "payment_status", -count(*)::int
  FROM "booking_counts_old_rows" GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "booking_counts_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "booking_counts" ("agent_user_id", "confirmed", "cancel_status", "payment_status", "n")
  VALUES (coalesce(OLD."agent_user_id", 0), OLD."confirmed", OLD."cancel_status", OLD."payment_status", -1),
         (coalesce(NEW."agent_user_id", 0), NEW."confirmed", NEW."cancel_status", NEW."payment_status", 1);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_counts_insert" AFTER INSERT ON "bookings" REFERENCING NEW TABLE AS "booking_counts_new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "booking_counts_inserted"();--> statement-breakpoint
CREATE TRIGGER "bookings_counts_delete" AFTER DELETE ON "bookings" REFERENCING OLD TABLE AS "booking_counts_old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "booking_counts_deleted"();--> statement-breakpoint
-- Row by row, and only when the key changed: most booking updates (passengers, remarks, updated_at) call nothing.
CREATE TRIGGER "bookings_counts_update" AFTER UPDATE ON "bookings" FOR EACH ROW
  WHEN (OLD."agent_user_id" IS DISTINCT FROM NEW."agent_user_id" OR OLD."confirmed" IS DISTINCT FROM NEW."confirmed"
    OR OLD."cancel_status" IS DISTINCT FROM NEW."cancel_status" OR OLD."payment_status" IS DISTINCT FROM NEW."payment_status")
  EXECUTE FUNCTION "booking_counts_updated"();--> statement-breakpoint
-- TRUNCATE fires no row or statement trigger: empty the counts with it.
CREATE FUNCTION "booking_counts_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "booking_counts";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_counts_truncate" AFTER TRUNCATE ON "bookings" FOR EACH STATEMENT EXECUTE FUNCTION "booking_counts_truncated"();--> statement-breakpoint
INSERT INTO "booking_counts" ("agent_user_id", "confirmed", "cancel_status", "payment_status", "n")
SELECT coalesce("agent_user_id", 0), "confirmed", "cancel_status", "payment_status", count(*)::int FROM "bookings" GROUP BY 1, 2, 3, 4;
