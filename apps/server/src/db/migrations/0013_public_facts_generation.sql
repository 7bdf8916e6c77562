-- The public scan page (/open/trace/{code}) keeps a product's public facts briefly — its evidence today, its
-- certificate's state and its city listings — under the same generation as the catalogue's answers (0008): a change
-- to a certificate or to a product document (a test report) now takes the next number too, so a revoked
-- certificate shows on the next scan (docs/decisions.md, "The scan page's product facts"). The catalogue's cached
-- answers, which read a listing's copy of those facts, are dropped with them: such writes are rare.
CREATE TRIGGER catalogue_generation_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "certificates"
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_generation_bump();--> statement-breakpoint
CREATE TRIGGER catalogue_generation_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_documents"
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_generation_bump();
