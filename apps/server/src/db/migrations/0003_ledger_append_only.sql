-- The evidence ledger is append-only (issue 5): the database itself refuses to change or remove a row of
-- ledger_entries, ledger_nodes or ledger_tree_heads, whatever the application does. Tests that simulate
-- tampering disable these triggers explicitly (ALTER TABLE … DISABLE TRIGGER), which needs the table owner.
CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger tables are append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_nodes_append_only BEFORE UPDATE OR DELETE ON ledger_nodes
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_nodes_no_truncate BEFORE TRUNCATE ON ledger_nodes
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_tree_heads_append_only BEFORE UPDATE OR DELETE ON ledger_tree_heads
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_tree_heads_no_truncate BEFORE TRUNCATE ON ledger_tree_heads
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
