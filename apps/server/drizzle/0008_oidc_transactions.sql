CREATE TABLE "oidc_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state_hash" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_transactions_state_hash_key" ON "oidc_transactions" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "oidc_transactions_expires_at_idx" ON "oidc_transactions" USING btree ("expires_at");