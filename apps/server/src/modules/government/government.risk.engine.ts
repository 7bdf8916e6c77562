import type { Tx } from '../../db/client.ts';

/**
 * The risk engine's entry on a change (docs/government.md, "Risk rules"): runs the rules that look at one project,
 * in the caller's transaction, after a filing changes. The rules' part of the module fills it in.
 */
export async function runRulesForProject(_tx: Tx, _projectId: number, _trigger: string): Promise<void> {}
