ALTER TABLE `email_outbox` ADD `headers` text;--> statement-breakpoint
ALTER TABLE `stock_changes` ADD `prev_price_cents` integer;--> statement-breakpoint
ALTER TABLE `stock_changes` ADD `prev_price_ccy` text;