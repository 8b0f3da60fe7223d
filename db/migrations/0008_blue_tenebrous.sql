CREATE TABLE `test_holds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`diamond_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`expires_at` integer NOT NULL,
	`extended` integer DEFAULT false NOT NULL,
	`ended_at` integer,
	`end_reason` text,
	FOREIGN KEY (`diamond_id`) REFERENCES `diamonds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `test_holds_active_uq` ON `test_holds` (`user_id`,`diamond_id`) WHERE ended_at is null;