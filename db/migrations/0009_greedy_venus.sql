CREATE TABLE `saved_searches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`view` text NOT NULL,
	`columns` text NOT NULL,
	`currency` text NOT NULL,
	`alert` text DEFAULT 'off' NOT NULL,
	`digest_hour` integer,
	`time_zone` text,
	`price_drop_pct` integer,
	`seen_seq` integer NOT NULL,
	`last_digest_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `saved_searches_user_idx` ON `saved_searches` (`user_id`);--> statement-breakpoint
CREATE INDEX `saved_searches_alert_idx` ON `saved_searches` (`alert`);