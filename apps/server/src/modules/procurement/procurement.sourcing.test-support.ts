import { eq } from 'drizzle-orm';
import type { TestServer } from '../../../test/harness.ts';
import { inquiries, materialListLines, materialLists, projects } from '../../db/schema/index.ts';

/**
 * Test set-up for sourcing: a project's material list and its lines written straight into the tables (the list
 * part's calls are tested on their own), and an inquiry's deadline moved into the past (no sleeps).
 */

let lineNo = 0;

export interface LineInput {
  projectId: number;
  classifyCode: string;
  commonName: string;
  unitId: number;
  quantity?: string;
  requiredBy?: string;
  budgetUnitPriceFen?: number;
}

/** A line on the project's list (the list made, as a draft of the developer, when missing); answers its id. */
export async function addLine(server: TestServer, input: LineInput): Promise<number> {
  const db = server.database.db;
  const [project] = await db.select().from(projects).where(eq(projects.id, input.projectId));
  if (!project) throw new Error(`no project ${input.projectId}`);
  let [list] = await db.select().from(materialLists).where(eq(materialLists.projectId, project.id));
  if (!list) {
    [list] = await db
      .insert(materialLists)
      .values({ projectId: project.id, developerOrgId: project.developerOrgId, createdBy: 1 })
      .returning();
  }
  lineNo += 1;
  const [row] = await db
    .insert(materialListLines)
    .values({
      listId: (list as { id: number }).id,
      projectId: project.id,
      lineNo,
      classifyCode: input.classifyCode,
      commonName: input.commonName,
      unitId: input.unitId,
      quantity: input.quantity ?? '500',
      requiredBy: input.requiredBy ?? '2027-03-31',
      budgetUnitPriceFen: input.budgetUnitPriceFen ?? 4000,
      createdBy: 1,
    })
    .returning({ id: materialListLines.id });
  return (row as { id: number }).id;
}

/** The inquiry's deadline a minute ago: quoting has closed. */
export async function passDeadline(server: TestServer, inquiryId: number): Promise<void> {
  await server.database.db
    .update(inquiries)
    .set({ deadline: new Date(Date.now() - 60_000) })
    .where(eq(inquiries.id, inquiryId));
}
