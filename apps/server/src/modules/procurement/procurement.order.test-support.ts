import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  materialListLines,
  materialLists,
  projects,
  purchaseOrderLines,
  purchaseOrders,
} from '../../db/schema/index.ts';

/**
 * Fixtures of the order and alternate tests written straight into the procurement tables: the order's creation
 * (`createPurchaseOrder`) and the material list's calls are other parts'; these tests do not depend on them.
 */

export interface OrderLineInput {
  productId: number;
  specId: number;
  unitId?: number;
  quantity: string;
  unitPriceFen?: number;
  listLineId?: number | null;
  requiredBy?: string | null;
}

/** An order of the project to the supplier, in a stored state (draft unless given), with its lines. */
export async function addOrder(
  tx: Tx,
  o: {
    projectId: number;
    buyerOrgId: number;
    supplierOrgId: number;
    createdBy: number;
    status?: 'draft' | 'sent' | 'confirmed' | 'closed' | 'cancelled';
    lines: OrderLineInput[];
  },
) {
  const amountFen = o.lines.reduce((s, l) => s + Math.round(Number(l.quantity) * (l.unitPriceFen ?? 100)), 0);
  const [head] = await tx
    .insert(purchaseOrders)
    .values({
      number: `PO${randomBytes(6).toString('hex').toUpperCase()}`,
      projectId: o.projectId,
      buyerOrgId: o.buyerOrgId,
      supplierOrgId: o.supplierOrgId,
      origin: 'direct',
      status: o.status ?? 'draft',
      amountFen,
      reason: '目录直购（测试）',
      createdBy: o.createdBy,
    })
    .returning({ id: purchaseOrders.id, number: purchaseOrders.number });
  const lines = await tx
    .insert(purchaseOrderLines)
    .values(
      o.lines.map((l, i) => ({
        orderId: head?.id as number,
        lineNo: i + 1,
        listLineId: l.listLineId ?? null,
        productId: l.productId,
        specId: l.specId,
        unitId: l.unitId ?? 32,
        quantity: l.quantity,
        unitPriceFen: l.unitPriceFen ?? 100,
        requiredBy: l.requiredBy ?? null,
      })),
    )
    .returning({ id: purchaseOrderLines.id });
  return { id: head?.id as number, number: head?.number as string, lineIds: lines.map((l) => l.id) };
}

/** A line of the project's material list (the list made when missing), chosen product optional. */
export async function addListLine(
  tx: Tx,
  l: {
    projectId: number;
    createdBy: number;
    requiredBy: string;
    classifyCode?: string;
    chosenSpecId?: number;
    chosenSupplierOrgId?: number;
    quantity?: string;
  },
): Promise<number> {
  const [project] = await tx
    .select({ developerOrgId: projects.developerOrgId })
    .from(projects)
    .where(eq(projects.id, l.projectId));
  await tx
    .insert(materialLists)
    .values({ projectId: l.projectId, developerOrgId: project?.developerOrgId as number, createdBy: l.createdBy })
    .onConflictDoNothing();
  const [list] = await tx
    .select({ id: materialLists.id })
    .from(materialLists)
    .where(eq(materialLists.projectId, l.projectId));
  const [row] = await tx
    .insert(materialListLines)
    .values({
      listId: list?.id as number,
      projectId: l.projectId,
      lineNo: Math.floor(Math.random() * 100000),
      classifyCode: l.classifyCode ?? '0104',
      commonName: '测试材料',
      unitId: 32,
      quantity: l.quantity ?? '100',
      requiredBy: l.requiredBy,
      chosenSpecId: l.chosenSpecId ?? null,
      chosenSupplierOrgId: l.chosenSupplierOrgId ?? null,
      createdBy: l.createdBy,
    })
    .returning({ id: materialListLines.id });
  return row?.id as number;
}
