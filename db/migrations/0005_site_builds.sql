CREATE TABLE `site_builds` (
	`stamp` text PRIMARY KEY NOT NULL,
	`archive` blob NOT NULL,
	`built_by` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
