-- Trigram matching for "contains" searches on names (ILIKE '%…%'); PGlite loads the extension
-- itself (server/db/client.ts), PostgreSQL ships it in contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
