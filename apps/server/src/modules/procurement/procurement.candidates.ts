import {
  CANDIDATE_TRANSPORT_TYPE,
  type CandidateView,
  type CertificateRunwayValue,
  type ComplianceBrief,
  type ComplianceRule,
  complianceOf,
  defaultDistance,
  greenOn,
  ListingStatus,
  SamplingResult,
  type SourcingLineView,
  SpecStatus,
  type SupplierRoleValue,
  shipmentCarbon,
} from '@jcbb/contract';
import { toMilli } from '@jcbb/contract/quantity';
import { shanghaiToday } from '@jcbb/contract/time';
import { and, asc, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  addresses,
  authorisationItems,
  authorisations,
  distributorProducts,
  listings,
  materialClassifications,
  materialListLines,
  organizations,
  productSamplings,
  productSpecs,
  products,
  productUnits,
  type projects,
} from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { greenInCity } from '../catalogue/index.ts';
import { coverageOf } from '../distribution/index.ts';
import { regionFullNames } from '../trace/index.ts';
import { requireBuyerProject } from './procurement.access.ts';
import { evidenceOfProducts, greenThrough, type ProductEvidence } from './procurement.evidence.ts';
import { complianceLine, type ProjectPolicy, placeLine, policyOf } from './procurement.policy.ts';

/**
 * The candidates for a material-list line (docs/procurement.md, "Selection and purchase"): the listed products of the
 * project's city in the line's class, each offered by its maker and by every distributor the maker's letters
 * authorise for the project's county today; with tags, star, certificate runway to the required-by date, price,
 * distance (GB/T 51366's default: the platform has no coordinates), transport CO₂, spot checks, and the project's
 * compliance if it were chosen (the what-if).
 */

type ProjectRow = typeof projects.$inferSelect;
export type LineRow = typeof materialListLines.$inferSelect;
export const LINE_NOT_FOUND = '材料清单行不存在';
const NO_RULE: Pick<ComplianceRule, 'testReportMaxAgeDays'> = { testReportMaxAgeDays: null };

/** An amount in fen: a quantity (decimal text) × a unit price in fen, rounded to the fen. */
export const amountOf = (quantity: string | number, unitPriceFen: number) =>
  Math.round((toMilli(quantity) * unitPriceFen) / 1000);

/** A price in yuan with two decimals (a specification's list price) in fen. */
export const yuanToFen = (price: string | null) => (price === null ? null : Math.round(Number(price) * 100));

/** The line, when the caller buys for its project (a removed line, another project's: 404). */
export async function requireBuyerLine(tx: Tx, user: SessionUser, lineId: number, { lock = false } = {}) {
  const q = tx
    .select()
    .from(materialListLines)
    .where(and(eq(materialListLines.id, lineId), isNull(materialListLines.removedAt)));
  const [line] = lock ? await q.for('update') : await q;
  if (!line) throw notFound(LINE_NOT_FOUND);
  try {
    const project = await requireBuyerProject(tx, user, line.projectId, { lock });
    return { line, project };
  } catch {
    throw notFound(LINE_NOT_FOUND);
  }
}

/** A product's proof against a day: green on it, or valid today but lapsing before it, or nothing. */
export function runwayOf(
  evidence: readonly ProductEvidence[] | undefined,
  day: string,
  rule: Pick<ComplianceRule, 'testReportMaxAgeDays'> | null,
): { runway: CertificateRunwayValue; name: string | null; validUntil: string | null } {
  const r = rule ?? NO_RULE;
  const through = greenThrough(evidence, day, r);
  if (through) return { runway: 'through', name: through.name, validUntil: through.validUntil ?? null };
  const today = shanghaiToday();
  const now = evidence?.find((e) => greenOn(e, today, r));
  if (now) return { runway: 'lapses', name: now.name, validUntil: now.validUntil ?? null };
  return { runway: 'none', name: null, validUntil: null };
}

// ---- the project's lines and compliance ----

export interface ProjectLines {
  policy: ProjectPolicy;
  lines: SourcingLineView[];
  rows: LineRow[];
}

/** The project's current list lines with their choice and whether the chosen product is green on the required-by date. */
export async function projectLines(tx: Tx, project: ProjectRow): Promise<ProjectLines> {
  const policy = await policyOf(tx, project.standardEdition);
  const rows = await tx
    .select({
      line: materialListLines,
      classifyName: materialClassifications.name,
      unitName: productUnits.name,
      productId: productSpecs.productId,
      productName: products.name,
      specName: productSpecs.name,
      supplierName: organizations.name,
    })
    .from(materialListLines)
    .leftJoin(materialClassifications, eq(materialClassifications.code, materialListLines.classifyCode))
    .leftJoin(productUnits, eq(productUnits.id, materialListLines.unitId))
    .leftJoin(productSpecs, eq(productSpecs.id, materialListLines.chosenSpecId))
    .leftJoin(products, eq(products.id, productSpecs.productId))
    .leftJoin(organizations, eq(organizations.id, materialListLines.chosenSupplierOrgId))
    .where(and(eq(materialListLines.projectId, project.id), isNull(materialListLines.removedAt)))
    .orderBy(asc(materialListLines.lineNo), asc(materialListLines.id));
  const evidence = await evidenceOfProducts(
    tx,
    rows.flatMap((r) => (r.productId === null ? [] : [r.productId])),
  );
  const lines = rows.map((r): SourcingLineView => {
    const l = r.line;
    const { category, kind } = placeLine(policy, l.classifyCode);
    const green =
      r.productId !== null && greenThrough(evidence.get(r.productId), l.requiredBy, policy.rule ?? NO_RULE) !== null;
    return {
      id: l.id,
      lineNo: l.lineNo,
      classifyCode: l.classifyCode,
      classifyName: r.classifyName,
      commonName: l.commonName,
      spec: l.spec,
      unitName: r.unitName ?? '',
      quantity: l.quantity,
      requiredBy: l.requiredBy,
      budgetUnitPriceFen: l.budgetUnitPriceFen,
      kind,
      categoryName: category?.name ?? null,
      green,
      chosen:
        l.chosenSpecId !== null && r.productId !== null && l.chosenSupplierOrgId !== null
          ? {
              specId: l.chosenSpecId,
              productId: r.productId,
              productName: r.productName ?? '',
              specName: r.specName ?? '',
              supplierOrgId: l.chosenSupplierOrgId,
              supplierName: r.supplierName ?? '',
              reason: l.chosenReason,
            }
          : null,
    };
  });
  return { policy, lines, rows: rows.map((r) => r.line) };
}

/** The project's compliance with the lines as they are, or with one line's green state changed (the what-if). */
export function briefOf(
  policy: ProjectPolicy,
  lines: readonly SourcingLineView[],
  change?: { lineId: number; green: boolean },
): ComplianceBrief {
  const rule = policy.rule;
  const c = complianceOf(
    lines.map((l) =>
      complianceLine(policy, {
        id: l.id,
        classifyCode: l.classifyCode,
        green: change && change.lineId === l.id ? change.green : l.green,
        amountFen: amountOf(l.quantity, l.budgetUnitPriceFen),
      }),
    ),
    rule ?? { mandatoryGreenPct: 100, optionalCoverageMinPct: null, testReportMaxAgeDays: null },
  );
  return {
    applicable: rule !== null,
    met: c.met,
    mandatoryLines: c.mandatory.lines,
    mandatoryGreenLines: c.mandatory.greenLines,
    mandatoryMet: c.mandatory.met,
    optionalKindsUsed: c.optional.kindsUsed,
    optionalGreenKinds: c.optional.greenKinds,
    optionalCoverageBp: c.optional.coverageBp,
    optionalMinPct: c.optional.minPct,
    optionalMet: c.optional.met,
    greenShareByValueBp: c.greenShareByValueBp,
  };
}

// ---- candidates ----

/** A candidate before its what-if: one specification from one supplier. */
export type Candidate = Omit<CandidateView, 'whatIf' | 'chosen'> & { unitId: number };

interface SpecRow {
  productId: number;
  productName: string;
  brand: string | null;
  classifyCode: string;
  specId: number;
  specName: string;
  specModel: string;
  unitId: number;
  unitName: string | null;
  price: string | null;
  massPerUnitKg: string | null;
  makerOrgId: number;
  makerName: string;
  makerRegion: string | null;
  prefabricated: boolean;
  lowCarbon: boolean;
  green: boolean;
  govProcurement: boolean;
  starRating: number | null;
}

/** The on-sale specifications of the products listed in the city in a class (and its sub-classes). */
async function listedSpecs(tx: Tx, cityCode: string, classifyCode: string): Promise<SpecRow[]> {
  return tx
    .select({
      productId: products.id,
      productName: products.name,
      brand: products.brand,
      classifyCode: products.classifyCode,
      specId: productSpecs.id,
      specName: productSpecs.name,
      specModel: productSpecs.model,
      unitId: productSpecs.unitId,
      unitName: productUnits.name,
      price: productSpecs.price,
      massPerUnitKg: productSpecs.massPerUnitKg,
      makerOrgId: organizations.id,
      makerName: organizations.name,
      makerRegion: organizations.regionCode,
      prefabricated: listings.productPrefabricated,
      lowCarbon: listings.productLowCarbon,
      green: sql<boolean>`${greenInCity}`,
      govProcurement: listings.govProcurement,
      starRating: listings.productStarRating,
    })
    .from(listings)
    .innerJoin(products, eq(products.id, listings.productId))
    .innerJoin(organizations, eq(organizations.id, products.orgId))
    .innerJoin(productSpecs, and(eq(productSpecs.productId, products.id), eq(productSpecs.status, SpecStatus.ON_SALE)))
    .leftJoin(productUnits, eq(productUnits.id, productSpecs.unitId))
    .where(
      and(
        eq(listings.cityCode, cityCode),
        eq(listings.status, ListingStatus.LISTED),
        eq(listings.productEnabled, true),
        like(listings.productClassifyCode, `${classifyCode}%`),
      ),
    )
    .orderBy(asc(products.id), asc(productSpecs.id));
}

/** Where an organisation's goods leave from: its default (else first) factory or warehouse, else its registered region. */
async function originsOf(tx: Tx, orgIds: number[]): Promise<Map<number, string | null>> {
  const out = new Map<number, string | null>();
  if (orgIds.length === 0) return out;
  const rows = await tx
    .select({ orgId: addresses.orgId, regionCode: addresses.regionCode })
    .from(addresses)
    .where(
      and(
        inArray(addresses.orgId, orgIds),
        eq(addresses.enabled, true),
        inArray(addresses.kind, ['factory', 'warehouse']),
      ),
    )
    .orderBy(sql`${addresses.isDefault} desc`, asc(addresses.id));
  for (const r of rows) if (!out.has(r.orgId)) out.set(r.orgId, r.regionCode);
  const orgs = await tx
    .select({ id: organizations.id, regionCode: organizations.regionCode })
    .from(organizations)
    .where(inArray(organizations.id, orgIds));
  for (const o of orgs) if (!out.has(o.id)) out.set(o.id, o.regionCode);
  return out;
}

/** The distributors some letter (issued or in force) names for these products; coverageOf decides the rest. */
async function distributorsOf(tx: Tx, productIds: number[]) {
  if (productIds.length === 0) return [];
  return tx
    .selectDistinct({ orgId: organizations.id, name: organizations.name })
    .from(authorisationItems)
    .innerJoin(authorisations, eq(authorisations.id, authorisationItems.authorisationId))
    .innerJoin(organizations, eq(organizations.id, authorisations.distributorOrgId))
    .where(and(inArray(authorisationItems.productId, productIds), inArray(authorisations.status, ['issued', 'active'])))
    .orderBy(asc(organizations.id));
}

/** A distributor's own price for a specification: its record of the spec, else of the product; null = none. */
async function distributorPrices(tx: Tx, distributorOrgId: number, productIds: number[]) {
  const rows = await tx
    .select({
      productId: distributorProducts.productId,
      specId: distributorProducts.specId,
      priceFen: distributorProducts.priceFen,
      supplyAddressIds: distributorProducts.supplyAddressIds,
    })
    .from(distributorProducts)
    .where(
      and(
        eq(distributorProducts.distributorOrgId, distributorOrgId),
        inArray(distributorProducts.productId, productIds),
        eq(distributorProducts.status, 'on_sale'),
      ),
    );
  return (productId: number, specId: number) =>
    rows.find((r) => r.productId === productId && r.specId === specId) ??
    rows.find((r) => r.productId === productId && r.specId === null) ??
    null;
}

async function spotChecksOf(tx: Tx, productIds: number[]) {
  const out = new Map<number, { passed: number; failed: number }>();
  if (productIds.length === 0) return out;
  const rows = await tx
    .select({
      productId: productSamplings.productId,
      passed: sql<number>`count(*) filter (where ${productSamplings.result} = ${SamplingResult.PASS})::int`,
      failed: sql<number>`count(*) filter (where ${productSamplings.result} = ${SamplingResult.FAIL})::int`,
    })
    .from(productSamplings)
    .where(inArray(productSamplings.productId, productIds))
    .groupBy(productSamplings.productId);
  for (const r of rows) out.set(r.productId, { passed: r.passed, failed: r.failed });
  return out;
}

const RUNWAY_ORDER: Record<CertificateRunwayValue, number> = { through: 0, lapses: 1, none: 2 };
const nullLast = (a: number | null, b: number | null) =>
  a === null && b === null ? 0 : a === null ? 1 : b === null ? -1 : a - b;

/** Green through the required-by date first, then the line's total, then transport CO₂ (the tie-breaker). */
export const candidateOrder = (a: Candidate, b: Candidate) =>
  RUNWAY_ORDER[a.certificate.runway] - RUNWAY_ORDER[b.certificate.runway] ||
  nullLast(a.totalFen, b.totalFen) ||
  nullLast(a.transportKgCO2e, b.transportKgCO2e) ||
  a.specId - b.specId ||
  a.supplierOrgId - b.supplierOrgId;

/**
 * Every candidate for a line of the project (`quantity`: the line's, or an inquiry's for the same line), sorted.
 * `onlySupplier` keeps one supplier's (the specifications a supplier may offer in its quote).
 */
export async function candidatesFor(
  tx: Tx,
  project: ProjectRow,
  line: Pick<LineRow, 'classifyCode' | 'requiredBy' | 'quantity'>,
  policy: ProjectPolicy,
  { quantity = line.quantity, onlySupplier }: { quantity?: string; onlySupplier?: number } = {},
): Promise<Candidate[]> {
  const specs = await listedSpecs(tx, project.cityCode, line.classifyCode);
  if (specs.length === 0) return [];
  const productIds = [...new Set(specs.map((s) => s.productId))];
  const [evidence, spot] = await Promise.all([evidenceOfProducts(tx, productIds), spotChecksOf(tx, productIds)]);
  const distance = defaultDistance([line.classifyCode]);
  const today = shanghaiToday();

  const offers: (SpecRow & {
    supplierOrgId: number;
    supplierName: string;
    role: SupplierRoleValue;
    letter: string | null;
    priceFen: number | null;
  })[] = [];
  for (const s of specs) {
    if (onlySupplier === undefined || onlySupplier === s.makerOrgId) {
      offers.push({
        ...s,
        supplierOrgId: s.makerOrgId,
        supplierName: s.makerName,
        role: 'maker',
        letter: null,
        priceFen: yuanToFen(s.price),
      });
    }
  }
  const distributors = (await distributorsOf(tx, productIds)).filter(
    (d) => onlySupplier === undefined || d.orgId === onlySupplier,
  );
  for (const d of distributors) {
    const covered = await coverageOf(tx, {
      distributorOrgId: d.orgId,
      regionCode: project.regionCode,
      date: today,
      projectId: project.id,
      lines: specs.map((s) => ({ productId: s.productId, specId: s.specId, quantity })),
    });
    const priceOf = await distributorPrices(tx, d.orgId, productIds);
    specs.forEach((s, i) => {
      const c = covered[i];
      if (!c?.covered || s.makerOrgId === d.orgId) return;
      const own = priceOf(s.productId, s.specId);
      offers.push({
        ...s,
        supplierOrgId: d.orgId,
        supplierName: d.name,
        role: 'distributor',
        letter: c.number,
        priceFen: own?.priceFen ?? null,
      });
    });
  }
  const origins = await originsOf(tx, [...new Set(offers.map((o) => o.supplierOrgId))]);
  const regionNames = await regionFullNames(tx, [...origins.values()]);
  return offers
    .map((o): Candidate => {
      const carbon = shipmentCarbon(
        [{ quantity: Number(quantity), massPerUnitKg: o.massPerUnitKg === null ? null : Number(o.massPerUnitKg) }],
        distance.km,
        CANDIDATE_TRANSPORT_TYPE,
      );
      const origin = origins.get(o.supplierOrgId) ?? null;
      return {
        productId: o.productId,
        productName: o.productName,
        brand: o.brand,
        specId: o.specId,
        specName: o.specName,
        specModel: o.specModel,
        unitId: o.unitId,
        unitName: o.unitName ?? '',
        makerOrgId: o.makerOrgId,
        makerName: o.makerName,
        supplierOrgId: o.supplierOrgId,
        supplierName: o.supplierName,
        supplierRole: o.role,
        authorisationNumber: o.letter,
        tags: {
          prefabricated: o.prefabricated,
          lowCarbon: o.lowCarbon,
          green: o.green,
          govProcurement: o.govProcurement,
        },
        starRating: o.starRating,
        certificate: runwayOf(evidence.get(o.productId), line.requiredBy, policy.rule),
        unitPriceFen: o.priceFen,
        totalFen: o.priceFen === null ? null : amountOf(quantity, o.priceFen),
        originRegionName: origin ? (regionNames.get(origin) ?? origin) : null,
        distanceKm: distance.km,
        distanceSource: 'default',
        transportKgCO2e: carbon.kgCO2e,
        missingMass: carbon.kgCO2e === null,
        spotChecks: spot.get(o.productId) ?? { passed: 0, failed: 0 },
      };
    })
    .sort(candidateOrder);
}
