CREATE SEQUENCE "public"."ledger_entries_revision_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "ledger_removals" (
	"agent_user_id" integer NOT NULL,
	"revision" bigint DEFAULT nextval('ledger_entries_revision_seq') NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "revision" bigint DEFAULT nextval('ledger_entries_revision_seq') NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_removals_agent_revision_idx" ON "ledger_removals" USING btree ("agent_user_id","revision");--> statement-breakpoint
CREATE INDEX "ledger_entries_agent_revision_idx" ON "ledger_entries" USING btree ("agent_user_id","revision");
--> statement-breakpoint
-- Decision 050 (appended by hand, drizzle-kit does not write functions or triggers): each ledger row takes a new
-- revision whenever it is written, so the ledger store reads an agent's rows changed since the highest revision it
-- holds. A posted row draws its revision after the agent's lock (decision 049), not from the column's default (drawn
-- before the lock): two transactions posting for one agent then draw and commit in one order, and no revision
-- lower than one already read can commit later. The restatement and the PNR trigger update rows under the same lock.
-- A statement that removes rows from an agent's ledger records it in ledger_removals, with a revision drawn under the
-- agent's lock after the restatement: the store then reads that ledger whole (a removal leaves no row to read).
CREATE OR REPLACE FUNCTION "ledger_entries_place"() RETURNS trigger LANGUAGE plpgsql SET "enable_seqscan" = off AS $$
BEGIN
  PERFORM 1 FROM "users" WHERE "users"."id" = NEW."agent_user_id" FOR NO KEY UPDATE;
  NEW."revision" := nextval('ledger_entries_revision_seq');
  NEW."balance" := coalesce((SELECT l."balance" FROM "ledger_entries" l
      WHERE l."agent_user_id" = NEW."agent_user_id" AND (l."entry_date", l."id") < (NEW."entry_date", NEW."id")
      ORDER BY l."entry_date" DESC, l."id" DESC LIMIT 1), 0)
    + CASE WHEN NEW."type" = 'out' THEN NEW."amount" ELSE -NEW."amount" END;
  NEW."report_json" := ledger_entry_json(NEW."id", NEW."entry_date", NEW."text", NEW."type", NEW."amount", NEW."balance",
    (SELECT g."pnr" FROM "bookings" b JOIN "groups" g ON g."id" = b."group_id" WHERE b."id" = NEW."booking_id"), NEW."booking_id");
  RETURN NEW;
END
$$;--> statement-breakpoint
-- Every updated row (an edited payment, the restatement's balances, a PNR's texts) takes a new revision.
CREATE FUNCTION "ledger_entries_revise"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."revision" := nextval('ledger_entries_revision_seq');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_revise_row" BEFORE UPDATE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_entries_revise"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "ledger_entries_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "changed" record;
BEGIN
  IF pg_trigger_depth() > 1 THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    FOR "changed" IN SELECT DISTINCT ON ("agent_user_id") "agent_user_id", "entry_date", "id" FROM "new_rows" ORDER BY "agent_user_id", "entry_date", "id" LOOP
      PERFORM ledger_entries_restate("changed"."agent_user_id", "changed"."entry_date", "changed"."id");
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR "changed" IN SELECT DISTINCT ON ("agent_user_id") "agent_user_id", "entry_date", "id" FROM "old_rows" ORDER BY "agent_user_id", "entry_date", "id" LOOP
      PERFORM ledger_entries_restate("changed"."agent_user_id", "changed"."entry_date", "changed"."id");
      INSERT INTO "ledger_removals" ("agent_user_id", "revision") VALUES ("changed"."agent_user_id", nextval('ledger_entries_revision_seq'));
    END LOOP;
  ELSE
    FOR "changed" IN
      SELECT DISTINCT ON ("agent_user_id") "agent_user_id", "entry_date", "id"
        FROM (SELECT "agent_user_id", "entry_date", "id" FROM "new_rows" UNION ALL SELECT "agent_user_id", "entry_date", "id" FROM "old_rows") c
       ORDER BY "agent_user_id", "entry_date", "id"
    LOOP
      PERFORM ledger_entries_restate("changed"."agent_user_id", "changed"."entry_date", "changed"."id");
    END LOOP;
    -- Rows that left an agent (moved to another, or given another id): a removal from that agent's ledger.
    INSERT INTO "ledger_removals" ("agent_user_id", "revision")
      SELECT g."agent_user_id", nextval('ledger_entries_revision_seq')
        FROM (SELECT DISTINCT o."agent_user_id" FROM "old_rows" o
               WHERE NOT EXISTS (SELECT 1 FROM "new_rows" n WHERE n."id" = o."id" AND n."agent_user_id" = o."agent_user_id")
               ORDER BY o."agent_user_id") g;
  END IF;
  RETURN NULL;
END
$$;
