CREATE TABLE `hold_watches` (
	`user_id` integer NOT NULL,
	`diamond_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`notified_at` integer,
	PRIMARY KEY(`user_id`, `diamond_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`diamond_id`) REFERENCES `diamonds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `hold_watches_diamond_idx` ON `hold_watches` (`diamond_id`);--> statement-breakpoint
CREATE TABLE `holds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`diamond_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`expires_at` integer NOT NULL,
	`extended` integer DEFAULT false NOT NULL,
	`ended_at` integer,
	`end_reason` text,
	`ending_notified_at` integer,
	`ended_notified_at` integer,
	`notice_lease_until` integer,
	FOREIGN KEY (`diamond_id`) REFERENCES `diamonds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `holds_active_diamond_uq` ON `holds` (`diamond_id`) WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX `holds_user_idx` ON `holds` (`user_id`,`ended_at`);--> statement-breakpoint
CREATE INDEX `holds_expires_idx` ON `holds` (`ended_at`,`expires_at`);--> statement-breakpoint
CREATE INDEX `holds_ended_notice_idx` ON `holds` (`ended_notified_at`,`ended_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `max_holds` integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `hold_extend_allowed` integer DEFAULT true NOT NULL;