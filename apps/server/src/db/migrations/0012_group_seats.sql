CREATE TABLE "group_seats" (
	"group_id" integer PRIMARY KEY NOT NULL,
	"standing_seats" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "group_seats_standing" CHECK ("group_seats"."standing_seats" >= 0)
);
--> statement-breakpoint
ALTER TABLE "group_seats" ADD CONSTRAINT "group_seats_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_live_hold_group_idx" ON "bookings" USING btree ("group_id","cancel_at","adults","children") WHERE not "bookings"."confirmed" and not "bookings"."cancel_status";--> statement-breakpoint
-- Decision 043 (appended by hand, drizzle-kit does not write triggers): group_seats.standing_seats follows every
-- booking row's standing seats (not cancelled, and confirmed or without cancel_at: adults + children), in the
-- writing statement's own transaction. The upsert locks the group's group_seats row until the transaction ends, so
-- concurrent writers add up exactly; WHEN leaves out the changes that cannot move a seat (the hold sweeper's
-- cancellations of expired holds, payments, passenger edits).
CREATE FUNCTION "group_seats_follow_bookings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND NOT OLD."cancel_status" AND (OLD."confirmed" OR OLD."cancel_at" IS NULL) THEN
    -- An update, not an upsert: the check (standing_seats >= 0) would refuse the negative row proposed for insertion.
    UPDATE "group_seats" SET "standing_seats" = "standing_seats" - (OLD."adults" + OLD."children") WHERE "group_id" = OLD."group_id";
    IF NOT FOUND THEN
      RAISE EXCEPTION 'group_seats has no row for group % whose booking % held standing seats', OLD."group_id", OLD."id";
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NOT NEW."cancel_status" AND (NEW."confirmed" OR NEW."cancel_at" IS NULL) THEN
    INSERT INTO "group_seats" AS s ("group_id", "standing_seats") VALUES (NEW."group_id", NEW."adults" + NEW."children")
      ON CONFLICT ("group_id") DO UPDATE SET "standing_seats" = s."standing_seats" + excluded."standing_seats";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "group_seats_on_booking_insert" AFTER INSERT ON "bookings" FOR EACH ROW
  WHEN (NOT NEW."cancel_status" AND (NEW."confirmed" OR NEW."cancel_at" IS NULL))
  EXECUTE FUNCTION "group_seats_follow_bookings"();--> statement-breakpoint
CREATE TRIGGER "group_seats_on_booking_delete" AFTER DELETE ON "bookings" FOR EACH ROW
  WHEN (NOT OLD."cancel_status" AND (OLD."confirmed" OR OLD."cancel_at" IS NULL))
  EXECUTE FUNCTION "group_seats_follow_bookings"();--> statement-breakpoint
CREATE TRIGGER "group_seats_on_booking_update" AFTER UPDATE OF "group_id", "adults", "children", "confirmed", "cancel_status", "cancel_at" ON "bookings" FOR EACH ROW
  WHEN ((OLD."group_id", OLD."adults" + OLD."children", NOT OLD."cancel_status" AND (OLD."confirmed" OR OLD."cancel_at" IS NULL))
    IS DISTINCT FROM (NEW."group_id", NEW."adults" + NEW."children", NOT NEW."cancel_status" AND (NEW."confirmed" OR NEW."cancel_at" IS NULL)))
  EXECUTE FUNCTION "group_seats_follow_bookings"();--> statement-breakpoint
-- The bookings already there (the trigger counts from now on).
INSERT INTO "group_seats" ("group_id", "standing_seats")
  SELECT "group_id", sum("adults" + "children")::int FROM "bookings"
   WHERE NOT "cancel_status" AND ("confirmed" OR "cancel_at" IS NULL)
   GROUP BY "group_id";
