CREATE TABLE `stock_imports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`origin` text NOT NULL,
	`staff_id` integer,
	`api_key_id` integer,
	`origin_label` text DEFAULT '' NOT NULL,
	`file_name` text DEFAULT '' NOT NULL,
	`mode` text NOT NULL,
	`strict` integer DEFAULT false NOT NULL,
	`status` text NOT NULL,
	`reason` text,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`rows` integer DEFAULT 0 NOT NULL,
	`created` integer DEFAULT 0 NOT NULL,
	`updated` integer DEFAULT 0 NOT NULL,
	`unchanged` integer DEFAULT 0 NOT NULL,
	`marked_out` integer DEFAULT 0 NOT NULL,
	`skipped` integer DEFAULT 0 NOT NULL,
	`skipped_rows` text DEFAULT '[]' NOT NULL,
	`seq_from` integer,
	`seq_to` integer,
	`pending` text,
	`leaving` text,
	FOREIGN KEY (`staff_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`api_key_id`) REFERENCES `api_keys`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `stock_imports_started_idx` ON `stock_imports` (`started_at`);