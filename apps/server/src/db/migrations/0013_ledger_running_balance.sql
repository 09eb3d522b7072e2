ALTER TABLE "ledger_entries" ADD COLUMN "balance" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "report_json" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Decision 049 (appended by hand, drizzle-kit does not write functions or triggers): each ledger row keeps the agent's
-- running balance after it (date, then posting id order) and its account-api JSON text, so the report reads them
-- instead of summing and formatting every row on each request. The text is byte for byte what the report built
-- before (decision 042; ledger.report-bytes.test.ts): to_json escapes as JSON.stringify does, dates are ISO text.
CREATE FUNCTION "ledger_entry_json"("id" integer, "entry_date" date, "text" text, "type" "ledger_entry_type", "amount" integer, "balance" bigint, "pnr" text, "booking_id" integer)
  RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT '{"id":' || "id" || ',"receive_date":"' || "entry_date"::text || '","text":' || to_json("text")::text
    || ',"type":"' || "type"::text || '","receive_amount":' || "amount" || ',"balance":' || "balance"
    || ',"pnr":' || coalesce(to_json("pnr")::text, 'null') || ',"booking":' || coalesce("booking_id"::text, 'null') || '}'
$$;--> statement-breakpoint
-- The agent's rows from (from_date, from_id) on, in report order, restated: the balance carried on from the row just
-- before (whose own balance no change of this statement can move), the PNR of each row's booking. Only the rows whose
-- balance or text differ are written. The agent's users row is locked first (FOR NO KEY UPDATE: it conflicts with the
-- credit lock of decision 032 and with itself, not with foreign-key checks), so two transactions restating one agent
-- run one after the other, and the second, reading after the first committed (read committed, a new snapshot per
-- statement), sees its rows.
CREATE FUNCTION "ledger_entries_restate"("agent" integer, "from_date" date, "from_id" integer) RETURNS void LANGUAGE plpgsql
  SET "enable_seqscan" = off AS $$
DECLARE
  "opening" bigint;
BEGIN
  PERFORM 1 FROM "users" WHERE "users"."id" = "agent" FOR NO KEY UPDATE;
  SELECT l."balance" INTO "opening" FROM "ledger_entries" l
   WHERE l."agent_user_id" = "agent" AND (l."entry_date", l."id") < ("from_date", "from_id")
   ORDER BY l."entry_date" DESC, l."id" DESC LIMIT 1;
  UPDATE "ledger_entries" l SET "balance" = r."balance", "report_json" = ledger_entry_json(l."id", l."entry_date", l."text", l."type", l."amount", r."balance", r."pnr", l."booking_id")
    FROM (
      SELECT e."id", g."pnr",
             coalesce("opening", 0) + sum(CASE WHEN e."type" = 'out' THEN e."amount" ELSE -e."amount" END)
               OVER (ORDER BY e."entry_date", e."id" ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS "balance"
        FROM "ledger_entries" e
        LEFT JOIN "bookings" b ON b."id" = e."booking_id"
        LEFT JOIN "groups" g ON g."id" = b."group_id"
       WHERE e."agent_user_id" = "agent" AND (e."entry_date", e."id") >= ("from_date", "from_id")
    ) r
   WHERE l."id" = r."id"
     AND (l."balance" IS DISTINCT FROM r."balance"
       OR l."report_json" IS DISTINCT FROM ledger_entry_json(l."id", l."entry_date", l."text", l."type", l."amount", r."balance", r."pnr", l."booking_id"));
END
$$;--> statement-breakpoint
-- Before each row inserted: its balance after the agent's row just before it and its text, with the agent locked as
-- above, so a row posted after the others (the usual case) is written once, right, and the statement's restatement
-- below finds nothing to change. A row posted before others (back-dated) is placed here and the later rows follow it
-- after the statement. Rows inserted earlier by the same statement are seen here.
CREATE FUNCTION "ledger_entries_place"() RETURNS trigger LANGUAGE plpgsql SET "enable_seqscan" = off AS $$
BEGIN
  PERFORM 1 FROM "users" WHERE "users"."id" = NEW."agent_user_id" FOR NO KEY UPDATE;
  NEW."balance" := coalesce((SELECT l."balance" FROM "ledger_entries" l
      WHERE l."agent_user_id" = NEW."agent_user_id" AND (l."entry_date", l."id") < (NEW."entry_date", NEW."id")
      ORDER BY l."entry_date" DESC, l."id" DESC LIMIT 1), 0)
    + CASE WHEN NEW."type" = 'out' THEN NEW."amount" ELSE -NEW."amount" END;
  NEW."report_json" := ledger_entry_json(NEW."id", NEW."entry_date", NEW."text", NEW."type", NEW."amount", NEW."balance",
    (SELECT g."pnr" FROM "bookings" b JOIN "groups" g ON g."id" = b."group_id" WHERE b."id" = NEW."booking_id"), NEW."booking_id");
  RETURN NEW;
END
$$;--> statement-breakpoint
-- The trigger functions' statements look up a few rows of one agent, booking or group by index: their plans are made
-- with sequential scans off, since plpgsql keeps a plan made while the table was small (a bulk load's first rows),
-- and a sequential scan kept from then made each row's look-up read the whole table.
-- After each statement that inserts, updates or deletes ledger rows: per agent it touched (in agent order, so locks are
-- taken in one order), its rows from the earliest place a row left or took. The restatement's own update (and the
-- PNR trigger's) runs one trigger level deeper and is not restated again.
CREATE FUNCTION "ledger_entries_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    END LOOP;
  ELSE
    FOR "changed" IN
      SELECT DISTINCT ON ("agent_user_id") "agent_user_id", "entry_date", "id"
        FROM (SELECT "agent_user_id", "entry_date", "id" FROM "new_rows" UNION ALL SELECT "agent_user_id", "entry_date", "id" FROM "old_rows") c
       ORDER BY "agent_user_id", "entry_date", "id"
    LOOP
      PERFORM ledger_entries_restate("changed"."agent_user_id", "changed"."entry_date", "changed"."id");
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The rows already there: every agent's balances and texts in one pass, before the triggers that keep them from now on.
UPDATE "ledger_entries" l SET "balance" = r."balance", "report_json" = ledger_entry_json(l."id", l."entry_date", l."text", l."type", l."amount", r."balance", r."pnr", l."booking_id")
  FROM (
    SELECT e."id", g."pnr",
           sum(CASE WHEN e."type" = 'out' THEN e."amount" ELSE -e."amount" END)
             OVER (PARTITION BY e."agent_user_id" ORDER BY e."entry_date", e."id" ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS "balance"
      FROM "ledger_entries" e
      LEFT JOIN "bookings" b ON b."id" = e."booking_id"
      LEFT JOIN "groups" g ON g."id" = b."group_id"
  ) r
 WHERE l."id" = r."id";--> statement-breakpoint
CREATE TRIGGER "ledger_entries_place_row" BEFORE INSERT ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_entries_place"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_on_insert" AFTER INSERT ON "ledger_entries" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_follow"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_on_update" AFTER UPDATE ON "ledger_entries" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_follow"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_on_delete" AFTER DELETE ON "ledger_entries" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_follow"();--> statement-breakpoint
-- A group's PNR edited, or a booking moved to another group: the texts of the rows of its bookings (balances stay).
-- The agents are locked first, in id order, as the restatement does.
CREATE FUNCTION "ledger_entries_follow_pnr"() RETURNS trigger LANGUAGE plpgsql SET "enable_seqscan" = off AS $$
BEGIN
  IF TG_TABLE_NAME = 'groups' THEN
    PERFORM 1 FROM "users" WHERE "id" IN (
      SELECT l."agent_user_id" FROM "ledger_entries" l JOIN "bookings" b ON b."id" = l."booking_id" WHERE b."group_id" = NEW."id"
    ) ORDER BY "id" FOR NO KEY UPDATE;
    UPDATE "ledger_entries" l SET "report_json" = ledger_entry_json(l."id", l."entry_date", l."text", l."type", l."amount", l."balance", NEW."pnr", l."booking_id")
      FROM "bookings" b WHERE b."group_id" = NEW."id" AND l."booking_id" = b."id";
  ELSE
    PERFORM 1 FROM "users" WHERE "id" IN (SELECT l."agent_user_id" FROM "ledger_entries" l WHERE l."booking_id" = NEW."id") ORDER BY "id" FOR NO KEY UPDATE;
    UPDATE "ledger_entries" l SET "report_json" = ledger_entry_json(l."id", l."entry_date", l."text", l."type", l."amount", l."balance", g."pnr", l."booking_id")
      FROM "groups" g WHERE g."id" = NEW."group_id" AND l."booking_id" = NEW."id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_on_group_pnr" AFTER UPDATE OF "pnr" ON "groups" FOR EACH ROW
  WHEN (OLD."pnr" IS DISTINCT FROM NEW."pnr") EXECUTE FUNCTION "ledger_entries_follow_pnr"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_on_booking_group" AFTER UPDATE OF "group_id" ON "bookings" FOR EACH ROW
  WHEN (OLD."group_id" IS DISTINCT FROM NEW."group_id") EXECUTE FUNCTION "ledger_entries_follow_pnr"();
