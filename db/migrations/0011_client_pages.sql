CREATE TABLE `client_pages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`token` text NOT NULL,
	`title` text NOT NULL,
	`company_name` text NOT NULL,
	`logo_upload` text,
	`markup_tenths` integer NOT NULL,
	`currency` text NOT NULL,
	`hide_stock_code` integer DEFAULT true NOT NULL,
	`diamond_ids` text NOT NULL,
	`expires_at` integer,
	`revoked_at` integer,
	`views` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `client_pages_token_uq` ON `client_pages` (`token`);--> statement-breakpoint
CREATE INDEX `client_pages_user_idx` ON `client_pages` (`user_id`);