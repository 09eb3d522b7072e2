CREATE TABLE "day_totals" (
	"day" date NOT NULL,
	"sales" bigint NOT NULL,
	"receipts" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "day_totals_day_idx" ON "day_totals" USING btree ("day");--> statement-breakpoint
-- Decision 061: the triggers keep day_totals in step with bookings and payments in the writing transaction itself.
-- They are created before the backfill: CREATE TRIGGER locks each table against writes until this migration commits,
-- so no booking or payment is written between the sums and the triggers.
-- A booking counts in its sales day while it is confirmed and not cancelled: final_total on its confirmed_at's
-- Karachi date. A payment counts in its receive_date while it is not deleted.
CREATE FUNCTION "day_totals_bookings_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "day_totals" ("day", "sales", "receipts")
  SELECT ("confirmed_at" AT TIME ZONE 'Asia/Karachi')::date, sum("final_total"), 0
  FROM "day_totals_new_bookings" WHERE "confirmed" AND NOT "cancel_status" GROUP BY 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "day_totals_bookings_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "day_totals" ("day", "sales", "receipts")
  SELECT ("confirmed_at" AT TIME ZONE 'Asia/Karachi')::date, -sum("final_total"), 0
  FROM "day_totals_old_bookings" WHERE "confirmed" AND NOT "cancel_status" GROUP BY 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "day_totals_booking_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "day_totals" ("day", "sales", "receipts")
  SELECT "day", sum("amount"), 0
  FROM (VALUES
    (CASE WHEN OLD."confirmed" AND NOT OLD."cancel_status" THEN (OLD."confirmed_at" AT TIME ZONE 'Asia/Karachi')::date END, -OLD."final_total"::bigint),
    (CASE WHEN NEW."confirmed" AND NOT NEW."cancel_status" THEN (NEW."confirmed_at" AT TIME ZONE 'Asia/Karachi')::date END, NEW."final_total"::bigint)
  ) AS "moved" ("day", "amount")
  WHERE "day" IS NOT NULL GROUP BY "day" HAVING sum("amount") <> 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_day_totals_insert" AFTER INSERT ON "bookings" REFERENCING NEW TABLE AS "day_totals_new_bookings" FOR EACH STATEMENT EXECUTE FUNCTION "day_totals_bookings_inserted"();--> statement-breakpoint
CREATE TRIGGER "bookings_day_totals_delete" AFTER DELETE ON "bookings" REFERENCING OLD TABLE AS "day_totals_old_bookings" FOR EACH STATEMENT EXECUTE FUNCTION "day_totals_bookings_deleted"();--> statement-breakpoint
-- Row by row, and only when what the sales hold changed: most booking updates call nothing.
CREATE TRIGGER "bookings_day_totals_update" AFTER UPDATE ON "bookings" FOR EACH ROW
  WHEN (OLD."confirmed" IS DISTINCT FROM NEW."confirmed" OR OLD."cancel_status" IS DISTINCT FROM NEW."cancel_status"
    OR OLD."final_total" IS DISTINCT FROM NEW."final_total" OR OLD."confirmed_at" IS DISTINCT FROM NEW."confirmed_at")
  EXECUTE FUNCTION "day_totals_booking_updated"();--> statement-breakpoint
CREATE FUNCTION "day_totals_payments_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "day_totals" ("day", "sales", "receipts")
  SELECT "receive_date", 0, sum("receive_amount")
  FROM "day_totals_new_payments" WHERE "deleted_at" IS NULL GROUP BY 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "day_totals_payments_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "day_totals" ("day", "sales", "receipts")
  SELECT "receive_date", 0, -sum("receive_amount")
  FROM "day_totals_old_payments" WHERE "deleted_at" IS NULL GROUP BY 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "day_totals_payment_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "day_totals" ("day", "sales", "receipts")
  SELECT "day", 0, sum("amount")
  FROM (VALUES
    (CASE WHEN OLD."deleted_at" IS NULL THEN OLD."receive_date" END, -OLD."receive_amount"::bigint),
    (CASE WHEN NEW."deleted_at" IS NULL THEN NEW."receive_date" END, NEW."receive_amount"::bigint)
  ) AS "moved" ("day", "amount")
  WHERE "day" IS NOT NULL GROUP BY "day" HAVING sum("amount") <> 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "payments_day_totals_insert" AFTER INSERT ON "payments" REFERENCING NEW TABLE AS "day_totals_new_payments" FOR EACH STATEMENT EXECUTE FUNCTION "day_totals_payments_inserted"();--> statement-breakpoint
CREATE TRIGGER "payments_day_totals_delete" AFTER DELETE ON "payments" REFERENCING OLD TABLE AS "day_totals_old_payments" FOR EACH STATEMENT EXECUTE FUNCTION "day_totals_payments_deleted"();--> statement-breakpoint
CREATE TRIGGER "payments_day_totals_update" AFTER UPDATE ON "payments" FOR EACH ROW
  WHEN (OLD."deleted_at" IS DISTINCT FROM NEW."deleted_at" OR OLD."receive_date" IS DISTINCT FROM NEW."receive_date"
    OR OLD."receive_amount" IS DISTINCT FROM NEW."receive_amount")
  EXECUTE FUNCTION "day_totals_payment_updated"();--> statement-breakpoint
-- TRUNCATE fires no row or statement trigger: take the truncated table's part back out of every day.
CREATE FUNCTION "day_totals_bookings_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "day_totals" ("day", "sales", "receipts")
  SELECT "day", -sum("sales"), 0 FROM "day_totals" GROUP BY 1 HAVING sum("sales") <> 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "day_totals_payments_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "day_totals" ("day", "sales", "receipts")
  SELECT "day", 0, -sum("receipts") FROM "day_totals" GROUP BY 1 HAVING sum("receipts") <> 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_day_totals_truncate" AFTER TRUNCATE ON "bookings" FOR EACH STATEMENT EXECUTE FUNCTION "day_totals_bookings_truncated"();--> statement-breakpoint
CREATE TRIGGER "payments_day_totals_truncate" AFTER TRUNCATE ON "payments" FOR EACH STATEMENT EXECUTE FUNCTION "day_totals_payments_truncated"();--> statement-breakpoint
INSERT INTO "day_totals" ("day", "sales", "receipts")
SELECT "day", sum("sales"), sum("receipts") FROM (
  SELECT ("confirmed_at" AT TIME ZONE 'Asia/Karachi')::date AS "day", "final_total"::bigint AS "sales", 0::bigint AS "receipts"
  FROM "bookings" WHERE "confirmed" AND NOT "cancel_status"
  UNION ALL
  SELECT "receive_date", 0, "receive_amount" FROM "payments" WHERE "deleted_at" IS NULL
) AS "both" GROUP BY 1;
