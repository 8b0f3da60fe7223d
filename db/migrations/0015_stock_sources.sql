CREATE TABLE `stock_sources` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`url` text NOT NULL,
	`auth_header_name` text,
	`auth_header_value` text,
	`schedule_kind` text NOT NULL,
	`interval_minutes` integer,
	`times` text DEFAULT '[]' NOT NULL,
	`paused` integer DEFAULT false NOT NULL,
	`mode` text NOT NULL,
	`mapping` text DEFAULT '{}' NOT NULL,
	`etag` text,
	`last_modified` text,
	`content_hash` text,
	`next_run_at` integer,
	`last_run_at` integer,
	`last_status` text,
	`last_reason` text,
	`last_applied_at` integer,
	`failing_since` integer,
	`last_email_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `stock_imports` ADD `source_id` integer REFERENCES stock_sources(id) ON DELETE set null;