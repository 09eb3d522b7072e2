CREATE INDEX "bookings_agent_created_id_idx" ON "bookings" USING btree ("agent_user_id","created_at","id");--> statement-breakpoint
DROP INDEX "bookings_agent_created_idx";