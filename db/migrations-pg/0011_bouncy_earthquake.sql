ALTER TABLE "email_outbox" ADD COLUMN "headers" json;--> statement-breakpoint
ALTER TABLE "stock_changes" ADD COLUMN "prev_price_cents" bigint;--> statement-breakpoint
ALTER TABLE "stock_changes" ADD COLUMN "prev_price_ccy" text;