CREATE TABLE `message_replies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`message_id` integer NOT NULL,
	`staff_id` integer,
	`body` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `contact_messages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`staff_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `message_replies_message_idx` ON `message_replies` (`message_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `thread_id` integer;--> statement-breakpoint
CREATE INDEX `contact_messages_thread_idx` ON `contact_messages` (`thread_id`);