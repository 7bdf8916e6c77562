-- The public catalogue caches its answers briefly (docs/decisions.md, "Catalogue answer cache"). A cached answer is
-- good while nothing it was read from has changed: every statement that writes a table the catalogue reads takes
-- the next number of this sequence, and a cache entry made at an older number is not used again. A sequence, not a
-- counter row: nextval never waits for another transaction, so writers do not queue on it.
CREATE SEQUENCE IF NOT EXISTS "catalogue_generation";--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_generation_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('catalogue_generation');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER catalogue_generation_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_listings"
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_generation_bump();--> statement-breakpoint
CREATE TRIGGER catalogue_generation_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_generation_bump();--> statement-breakpoint
CREATE TRIGGER catalogue_generation_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_specs"
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_generation_bump();--> statement-breakpoint
CREATE TRIGGER catalogue_generation_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organizations"
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_generation_bump();--> statement-breakpoint
CREATE TRIGGER catalogue_generation_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bm_product_unit"
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_generation_bump();--> statement-breakpoint
CREATE TRIGGER catalogue_generation_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "material_classifications"
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_generation_bump();--> statement-breakpoint
CREATE TRIGGER catalogue_generation_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "platform_cities"
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_generation_bump();
