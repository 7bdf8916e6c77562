-- The public catalogue's search (modules/catalogue, docs/performance.md). Only LISTED (3) listings are ever shown;
-- this partial index holds just those, in the catalogue's page order (newest listed first, then id), and carries
-- the columns the search reads from listings, so a city's page is an index-only scan that stops after one page and
-- the join to products is by primary key. Written by hand: drizzle-kit cannot express INCLUDE, and the index is not
-- in the schema files, so generate never proposes to drop it.
CREATE INDEX IF NOT EXISTS "product_listings_city_listed_idx" ON "product_listings" USING btree ("city_code", "listed_at" DESC NULLS LAST, "id" DESC) INCLUDE ("product_id", "not_green", "gov_procurement") WHERE "status" = 3;
