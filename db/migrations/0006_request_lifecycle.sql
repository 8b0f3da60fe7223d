CREATE TABLE `request_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`request_id` integer NOT NULL,
	`actor_id` integer,
	`actor` text NOT NULL,
	`kind` text NOT NULL,
	`from_state` text,
	`to_state` text,
	`detail` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`request_id`) REFERENCES `bag_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `request_events_request_idx` ON `request_events` (`request_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `request_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`request_id` integer NOT NULL,
	`position` integer NOT NULL,
	`diamond_id` integer,
	`stock_code` text NOT NULL,
	`type` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`selected_unit` text DEFAULT 'weight' NOT NULL,
	`quantity` real NOT NULL,
	`accepts_alternatives` integer DEFAULT false NOT NULL,
	`ppc_cents` integer,
	`item_price_cents` integer,
	`answer` text DEFAULT 'pending' NOT NULL,
	`alt_diamond_id` integer,
	`alt_stock_code` text,
	`alt_description` text,
	`alt_price_cents` integer,
	`reply` text,
	`reserved_diamond_id` integer,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`request_id`) REFERENCES `bag_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`diamond_id`) REFERENCES `diamonds`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`alt_diamond_id`) REFERENCES `diamonds`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `request_lines_request_idx` ON `request_lines` (`request_id`,`position`);--> statement-breakpoint
CREATE UNIQUE INDEX `request_lines_reserved_uq` ON `request_lines` (`reserved_diamond_id`) WHERE reserved_diamond_id is not null;--> statement-breakpoint
CREATE TABLE `request_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`request_id` integer NOT NULL,
	`author_id` integer,
	`author` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`request_id`) REFERENCES `bag_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `request_messages_request_idx` ON `request_messages` (`request_id`,`created_at`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_bag_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`status` text DEFAULT 'submitted' NOT NULL,
	`terms` text DEFAULT 'invoice' NOT NULL,
	`carrier_ref` text,
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
INSERT INTO `__new_bag_requests`("id", "user_id", "status", "terms", "carrier_ref", "order_notes", "accepts_any_alternatives", "ccy", "ex_rate", "total_cents", "items", "staff_notes", "created_at", "updated_at") SELECT "id", "user_id", CASE "status" WHEN 'new' THEN 'submitted' WHEN 'in_progress' THEN 'in_review' ELSE "status" END, 'invoice', NULL, "order_notes", "accepts_any_alternatives", "ccy", "ex_rate", "total_cents", "items", "staff_notes", "created_at", "updated_at" FROM `bag_requests`;--> statement-breakpoint
DROP TABLE `bag_requests`;--> statement-breakpoint
ALTER TABLE `__new_bag_requests` RENAME TO `bag_requests`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `bag_requests_user_idx` ON `bag_requests` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `bag_requests_status_idx` ON `bag_requests` (`status`);--> statement-breakpoint
INSERT INTO `request_lines` (`request_id`, `position`, `diamond_id`, `stock_code`, `type`, `description`, `selected_unit`, `quantity`, `accepts_alternatives`, `ppc_cents`, `item_price_cents`, `updated_at`) SELECT r.`id`, j.`key`, (SELECT d.`id` FROM `diamonds` d WHERE d.`id` = json_extract(j.`value`, '$.diamondId')), json_extract(j.`value`, '$.stockCode'), json_extract(j.`value`, '$.type'), coalesce(json_extract(j.`value`, '$.description'), ''), json_extract(j.`value`, '$.selectedUnit'), json_extract(j.`value`, '$.quantity'), coalesce(json_extract(j.`value`, '$.acceptsAlternatives'), 0), json_extract(j.`value`, '$.ppcCents'), json_extract(j.`value`, '$.itemPriceCents'), r.`updated_at` FROM `bag_requests` r, json_each(r.`items`) j;--> statement-breakpoint
INSERT INTO `request_events` (`request_id`, `actor_id`, `actor`, `kind`, `to_state`, `detail`, `created_at`) SELECT `id`, `user_id`, 'buyer', 'created', 'submitted', 'Request sent', `created_at` FROM `bag_requests`;--> statement-breakpoint
INSERT INTO `request_events` (`request_id`, `actor`, `kind`, `from_state`, `to_state`, `detail`, `created_at`) SELECT `id`, 'staff', 'state', 'submitted', `status`, 'Status set by staff', `updated_at` FROM `bag_requests` WHERE `status` <> 'submitted';
