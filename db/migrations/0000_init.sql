CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`action` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text,
	`detail` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `bag_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`diamond_id` integer NOT NULL,
	`selected_unit` text DEFAULT 'weight' NOT NULL,
	`quantity` real DEFAULT 0.01 NOT NULL,
	`accepts_alternatives` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`diamond_id`) REFERENCES `diamonds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bag_items_user_diamond_uq` ON `bag_items` (`user_id`,`diamond_id`);--> statement-breakpoint
CREATE TABLE `bag_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`status` text DEFAULT 'new' NOT NULL,
	`order_notes` text DEFAULT '' NOT NULL,
	`accepts_any_alternatives` integer DEFAULT false NOT NULL,
	`ccy` text NOT NULL,
	`ex_rate` real NOT NULL,
	`total_cents` integer,
	`items` text NOT NULL,
	`staff_notes` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `bag_requests_user_idx` ON `bag_requests` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `bag_requests_status_idx` ON `bag_requests` (`status`);--> statement-breakpoint
CREATE TABLE `compare_items` (
	`user_id` integer NOT NULL,
	`diamond_id` integer NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`user_id`, `diamond_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`diamond_id`) REFERENCES `diamonds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `configs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`type` text NOT NULL,
	`fields` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `configs_type_uq` ON `configs` (`type`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text DEFAULT 'contact' NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`company_name` text NOT NULL,
	`message` text NOT NULL,
	`page_title` text DEFAULT '' NOT NULL,
	`user_id` integer,
	`status` text DEFAULT 'new' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `contact_messages_status_idx` ON `contact_messages` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `diamond_certificates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`diamond_id` integer NOT NULL,
	`src` text NOT NULL,
	FOREIGN KEY (`diamond_id`) REFERENCES `diamonds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `diamond_certificates_diamond_idx` ON `diamond_certificates` (`diamond_id`);--> statement-breakpoint
CREATE TABLE `diamond_media` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`diamond_id` integer NOT NULL,
	`type` text NOT NULL,
	`src` text NOT NULL,
	`frames_count` integer,
	`format` text,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`diamond_id`) REFERENCES `diamonds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `diamond_media_diamond_idx` ON `diamond_media` (`diamond_id`,`position`);--> statement-breakpoint
CREATE TABLE `diamonds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`stock_code` text NOT NULL,
	`shape` text NOT NULL,
	`cat_type` text NOT NULL,
	`cat_name` text DEFAULT '' NOT NULL,
	`source` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`weight` real NOT NULL,
	`sieve` text DEFAULT '' NOT NULL,
	`colour_from` text,
	`colour_to` text,
	`colour_from_rank` integer,
	`colour_to_rank` integer,
	`clarity_from` text,
	`clarity_to` text,
	`clarity_from_rank` integer,
	`clarity_to_rank` integer,
	`cut_from` text,
	`cut_to` text,
	`cut_from_rank` integer,
	`cut_to_rank` integer,
	`polish_from` text,
	`polish_to` text,
	`polish_from_rank` integer,
	`polish_to_rank` integer,
	`symmetry_from` text,
	`symmetry_to` text,
	`symmetry_from_rank` integer,
	`symmetry_to_rank` integer,
	`fluorescence_from` text,
	`fluorescence_to` text,
	`fluorescence_from_rank` integer,
	`fluorescence_to_rank` integer,
	`size_from` real,
	`size_to` real,
	`cert_lab` text DEFAULT '' NOT NULL,
	`cert_number` text DEFAULT '' NOT NULL,
	`price_cents` integer,
	`ppc_cents` integer,
	`ex_web_total_cents` integer,
	`web_special_cents` integer DEFAULT 0 NOT NULL,
	`rap` real,
	`depth_total` real,
	`table_pct` real,
	`culet` real,
	`depth_crown` real,
	`depth_girdle` real,
	`depth_pavilion` real,
	`mes1` real,
	`mes2` real,
	`mes3` real,
	`availability` integer DEFAULT 1 NOT NULL,
	`comments` text DEFAULT '' NOT NULL,
	`in_stock` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `diamonds_stock_code_uq` ON `diamonds` (`stock_code`);--> statement-breakpoint
CREATE INDEX `diamonds_stock_created_idx` ON `diamonds` (`in_stock`,`created_at`);--> statement-breakpoint
CREATE INDEX `diamonds_cat_idx` ON `diamonds` (`cat_type`,`source`);--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`error` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE TABLE `exchange_rates` (
	`currency` text PRIMARY KEY NOT NULL,
	`ex_rate` real NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `favourites` (
	`user_id` integer NOT NULL,
	`diamond_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `diamond_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`diamond_id`) REFERENCES `diamonds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`url` text NOT NULL,
	`snippet` text DEFAULT '' NOT NULL,
	`content` text DEFAULT '' NOT NULL,
	`date` integer NOT NULL,
	`src` text DEFAULT '' NOT NULL,
	`related` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `posts_url_uq` ON `posts` (`url`);--> statement-breakpoint
CREATE INDEX `posts_status_date_idx` ON `posts` (`status`,`date`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`remember_me` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`last_seen_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`absolute_expires_at` integer NOT NULL,
	`user_agent` text DEFAULT '' NOT NULL,
	`ip` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `site_blocks` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`value` text NOT NULL,
	`url` text,
	`updated_by` integer,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tokens_hash_uq` ON `tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `tokens_user_idx` ON `tokens` (`user_id`,`kind`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`role` text DEFAULT 'user' NOT NULL,
	`status` text DEFAULT 'unverified' NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`company_name` text NOT NULL,
	`company_website` text DEFAULT '' NOT NULL,
	`phone` text NOT NULL,
	`mobile_telephone` text DEFAULT '' NOT NULL,
	`address_line1` text NOT NULL,
	`address_line2` text DEFAULT '' NOT NULL,
	`city` text NOT NULL,
	`county` text DEFAULT '' NOT NULL,
	`postcode` text NOT NULL,
	`country` text NOT NULL,
	`trade_references` text DEFAULT '[]' NOT NULL,
	`accept_terms` integer DEFAULT false NOT NULL,
	`request_api_access` integer DEFAULT false NOT NULL,
	`request_api_access_message` text DEFAULT '' NOT NULL,
	`request_api_access_date` integer,
	`api_allow` integer DEFAULT false NOT NULL,
	`dialog_settings` text DEFAULT '{}' NOT NULL,
	`balances` text DEFAULT '{}' NOT NULL,
	`email_verified_at` integer,
	`approved_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_uq` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_status_idx` ON `users` (`status`);