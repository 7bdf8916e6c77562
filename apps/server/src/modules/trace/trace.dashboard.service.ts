import {
  type TraceAlertKindValue,
  traceAlertLabels,
  type traceDashboardData,
  transportFactor,
  transportTypes,
} from '@jcbb/contract';
import { fromMilli, toMilli } from '@jcbb/contract/quantity';
import { formatShanghaiTime, shanghaiToday } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import * as repo from './trace.dashboard.repository.ts';
import * as lotRepo from './trace.lot.repository.ts';
import { lotView } from './trace.lot.service.ts';
import { regionFullNames } from './trace.shipment.repository.ts';
import { unitName } from './trace.shipment.views.ts';

export type TraceDashboardService = ReturnType<typeof createTraceDashboardService>;

type TraceDashboard = z.infer<typeof traceDashboardData>;

const MONTHS = 6;
const round3 = (n: number) => Math.round(n * 1000) / 1000;
const num = (q: string | number | null | undefined) => fromMilli(toMilli(q));

/** The last `n` months of Asia/Shanghai, oldest first, as YYYY-MM. */
export function lastMonths(today: string, n: number): string[] {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: n }, (_, i) => {
    const k = y * 12 + (m - 1) - (n - 1 - i);
    return `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}`;
  });
}

/**
 * The trace dashboards (docs/traceability.md): a manufacturer's or distributor's shipments, stock, transport carbon
 * (measured and default distances apart, shipments missing a mass counted) and alerts; and one product's lots,
 * where it went and where it is.
 */
export function createTraceDashboardService({ db }: { db: Db }) {
  return {
    async dashboard(user: SessionUser) {
      const orgId = user.orgId as number;
      const today = shanghaiToday();
      const months = lastMonths(today, MONTHS);
      return db.transaction(async (tx) => {
        const counts = await repo.shipmentCounts(tx, orgId, `${today.slice(0, 7)}-01`);
        const stock = await repo.stockByProduct(tx, `org:${orgId}`);
        const receivers = await repo.topReceivers(tx, orgId);
        const byMonth = new Map((await repo.carbonByMonth(tx, orgId, `${months[0]}-01`)).map((r) => [r.month, r]));
        const byProduct = new Map<string, number>();
        for (const r of await repo.tonneKmByProduct(tx, orgId)) {
          const kg = Number(r.tkm) * Number(transportFactor(r.transportType));
          byProduct.set(r.productName, (byProduct.get(r.productName) ?? 0) + kg);
        }
        const alerts: TraceDashboard['alerts'] = (await repo.alertsOf(tx, orgId)).map((a) => ({
          kind: a.kind,
          message: traceAlertLabels[a.kind as TraceAlertKindValue]?.zh ?? a.kind,
          code: a.code,
          shipmentId: a.shipmentId,
          createTime: formatShanghaiTime(a.createdAt),
        }));
        for (const e of await repo.expiredEvidence(tx, orgId, today)) {
          alerts.push({
            kind: 'evidence_expired',
            message: `发货单 ${e.number} 第 ${e.lineNo} 行的证明文件已于 ${e.validUntil} 过期，货物尚未收完`,
            code: null,
            shipmentId: e.shipmentId,
            createTime: formatShanghaiTime(new Date(e.shippedAt)),
          });
        }
        return {
          shippedThisMonth: counts.month,
          inTransit: counts.transit,
          awaitingOverDays: counts.late,
          stockByProduct: stock.map((s) => ({
            productId: s.productId,
            productName: s.productName,
            unitName: unitName(s.unitId),
            quantity: num(s.quantity),
          })),
          topReceivers: receivers.map((r) => ({ name: r.name, kind: r.kind, shipments: Number(r.shipments) })),
          carbonByMonth: months.map((month) => {
            const r = byMonth.get(month);
            return {
              month,
              measuredKg: round3(Number(r?.measured ?? 0)),
              defaultKg: round3(Number(r?.defaulted ?? 0)),
              missingMassShipments: Number(r?.missing ?? 0),
            };
          }),
          carbonByProduct: [...byProduct.entries()]
            .map(([productName, kg]) => ({ productName, kgCO2e: round3(kg) }))
            .sort((a, b) => b.kgCO2e - a.kgCO2e),
          carbonByTransport: (await repo.carbonByTransport(tx, orgId)).map((r) => ({
            transportType: Number(r.transportType),
            name: transportTypes.find((t) => t.id === Number(r.transportType))?.name ?? '',
            kgCO2e: round3(Number(r.kg)),
          })),
          alerts,
        };
      });
    },

    async productDashboard(user: SessionUser, id: number) {
      return db.transaction(async (tx) => {
        const product = await repo.productOf(tx, id);
        if (!product || product.orgId !== user.orgId) throw notFound('产品不存在');
        const lotRows = await lotRepo.lotsOfProduct(tx, product.orgId, id);
        const totals = await lotRepo.codeTotals(
          tx,
          lotRows.map((r) => r.lot.id),
        );
        const districts = await repo.shippedByDistrict(tx, id);
        const names = await regionFullNames(
          tx,
          districts.map((d) => d.regionCode),
        );
        return {
          productId: product.id,
          productName: product.name,
          lots: lotRows.map((r) => lotView(r, totals.get(r.lot.id))),
          byDistrict: districts.map((d) => ({
            regionCode: d.regionCode as string,
            regionName: names.get(d.regionCode as string) ?? (d.regionCode as string),
            quantity: num(d.quantity),
          })),
          byHolder: (await repo.balancesByHolder(tx, id)).map((h) => ({
            holderName: h.projectName ?? h.orgName ?? h.holderKey,
            kind: h.holderKey.startsWith('project:') ? ('project' as const) : ('org' as const),
            quantity: num(h.quantity),
          })),
          scanCount: await repo.scanCount(tx, id),
        };
      });
    },
  };
}
