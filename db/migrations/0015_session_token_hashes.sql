-- Session tokens at rest: each stored token becomes its SHA-256 (hex), the form the site now
-- looks sessions up by (modules/shared/session-token-hash.server.ts). Live sessions stay signed in.
UPDATE "staff_session" SET "token" = encode(sha256(convert_to("token", 'UTF8')), 'hex');--> statement-breakpoint
UPDATE "portal_session" SET "token" = encode(sha256(convert_to("token", 'UTF8')), 'hex');
