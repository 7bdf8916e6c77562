import {
  ListingStatus,
  type ListingStatusValue,
  listingStatusLabels,
  materialTypeLabels,
  type ProductDetail,
  ProductDocumentKind,
  type ProductDocumentKindValue,
  type ProductPublicView,
  type productByNameBody,
  productDocumentKindLabels,
  type productEnableStatusBody,
  type productSaveBody,
  type productSearchBody,
  SpecStatus,
} from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { callerOrgId, isOwnOrg } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { conflict, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { classificationPath } from './classification.service.ts';
import * as documentRepo from './document.repository.ts';
import { ownProductOr404, ProductAuditEntity, requireDeleter } from './product.access.ts';
import { changedFacts, type FactGate, productFacts } from './product.facts.ts';
import * as repo from './product.repository.ts';
import { documentView, imagesView, listingView, productItemView, specView, tagsView } from './product.view.ts';
import * as readsRepo from './product-reads.repository.ts';
import { isValidGreenCertificate, recomputeProductTags } from './product-tags.ts';
import * as specRepo from './spec.repository.ts';

type SaveBody = z.output<typeof productSaveBody>;
type SearchBody = z.output<typeof productSearchBody>;
type EnableBody = z.output<typeof productEnableStatusBody>;
type ByNameBody = z.output<typeof productByNameBody>;

/** A product class must exist and be a leaf (a product class such as 0105 砌体材料, not a category such as 01). */
export async function checkClassifyCode(tx: Tx, code: string) {
  const row = await readsRepo.findClassification(tx, code);
  if (!row) throw invalidInput([{ field: 'classifyCode', message: '产品分类不存在' }]);
  if (await readsRepo.hasChildClassification(tx, code)) {
    throw invalidInput([{ field: 'classifyCode', message: '请选择到具体的产品分类' }]);
  }
}

/** Every upload id must be one of the caller's organisation's uploads (uploads.org_id). */
export async function checkOwnUploads(tx: Tx, orgId: number, ids: readonly number[], field: string) {
  const owned = await readsRepo.ownedUploadIds(tx, orgId, ids);
  const index = ids.findIndex((id) => !owned.has(id));
  if (index >= 0) {
    const path = field === 'images' ? `images.${index}` : field;
    throw invalidInput([{ field: path, message: '文件不存在或不属于本企业' }]);
  }
}

/** Published = enabled and listed in at least one city: only such a product is shown to others. */
async function isPublished(tx: Tx, product: repo.ProductRow) {
  return product.enableStatus === 1 && (await readsRepo.isListedSomewhere(tx, product.id));
}

/** The public view of a published product (404 for any other). */
export async function publicView(tx: Tx, id: number, today: string): Promise<ProductPublicView> {
  const product = await repo.findProduct(tx, id);
  if (!product || !(await isPublished(tx, product))) throw notFound('产品不存在');
  // One query at a time: a transaction is one connection (node-postgres deprecates overlapping queries).
  const classify = await readsRepo.findClassification(tx, product.classifyCode);
  const path = await classificationPath(tx, product.classifyCode);
  const company = await repo.orgName(tx, product.orgId);
  const specs = await specRepo.specsOfProducts(tx, [id], SpecStatus.ON_SALE);
  const docs = await documentRepo.documentsOfProduct(tx, id);
  const listed = await readsRepo.listingsOfProduct(tx, id);
  const names = await readsRepo.uploadNames(tx, product.images);
  return {
    view: 'public',
    id: product.id,
    name: product.name,
    brand: product.brand,
    classifyCode: product.classifyCode,
    classifyName: classify?.name ?? '',
    classifyPath: path,
    materialType: product.materialType,
    materialTypeName: materialTypeLabels[product.materialType] ?? '',
    description: product.description,
    images: imagesView(product.images, names),
    company: company ?? { id: product.orgId, name: '' },
    tags: tagsView(product, today),
    specs: specs.map((s) => {
      const { createdAt: _c, updatedAt: _u, massPerUnitKg: _m, ...rest } = specView(s);
      return rest;
    }),
    certificates: docs
      .filter((d) => d.doc.kind === ProductDocumentKind.GREEN_CERTIFICATE)
      .map(({ doc }) => {
        const valid = isValidGreenCertificate(doc, today);
        return {
          certNo: doc.certNo,
          issuer: doc.issuer,
          starRating: doc.starRating,
          validFrom: doc.validFrom,
          validUntil: doc.validUntil,
          valid,
          statusName: valid ? '有效' : doc.validFrom !== null && doc.validFrom > today ? '未生效' : '已过期',
          platformIssued: doc.certificateId !== null,
        };
      }),
    reports: docs
      .filter(
        (d) =>
          d.doc.kind === ProductDocumentKind.CARBON_FOOTPRINT_REPORT || d.doc.kind === ProductDocumentKind.TEST_REPORT,
      )
      .map(({ doc }) => ({
        kind: doc.kind,
        kindName: productDocumentKindLabels[doc.kind as ProductDocumentKindValue]?.zh ?? '',
        name: doc.name,
      })),
    cities: listed
      .filter((l) => l.status === ListingStatus.LISTED)
      .map((l) => ({ cityCode: l.cityCode, cityName: l.cityName })),
  };
}

export function createProductService({ db, facts }: { db: Db; facts: FactGate }) {
  async function fullView(tx: Tx, product: repo.ProductRow, today: string): Promise<ProductDetail> {
    const row = await repo.productListRow(tx, product.id);
    const path = await classificationPath(tx, product.classifyCode);
    const specs = await specRepo.specsOfProducts(tx, [product.id]);
    const docs = await documentRepo.documentsOfProduct(tx, product.id);
    const listed = await readsRepo.listingsOfProduct(tx, product.id);
    const names = await readsRepo.uploadNames(tx, product.images);
    if (!row) throw notFound('产品不存在');
    return {
      ...productItemView(row, names, today),
      view: 'full',
      description: product.description,
      classifyPath: path,
      specs: specs.map(specView),
      documents: docs.map((d) => documentView(d, today)),
      listings: listed.map(listingView),
    };
  }

  /** Create (no id) or update (id) a product; tags are recomputed in the same transaction. */
  async function save(user: SessionUser, body: SaveBody, action: 'save' | 'again_update' = 'save') {
    const orgId = callerOrgId(user);
    return db.transaction(async (tx) => {
      await checkClassifyCode(tx, body.classifyCode);
      await checkOwnUploads(tx, orgId, body.images, 'images');
      const fields = {
        name: body.name,
        brand: body.brand ?? null,
        classifyCode: body.classifyCode,
        materialType: body.materialType,
        description: body.description ?? null,
        images: body.images,
        enableStatus: body.enableStatus,
        recommended: body.recommended,
      };
      let productId: number;
      let detail: Record<string, unknown> = {};
      let revisionId: number | null = null;
      let pendingFields: string[] = [];
      if (body.id === undefined) {
        const created = await repo.insertProduct(tx, { ...fields, orgId, createdBy: user.userId });
        productId = created.id;
        await recordAudit(tx, {
          entity: ProductAuditEntity.PRODUCT,
          entityId: productId,
          orgId,
          actor: user,
          action: 'create',
          toState: fields.enableStatus,
        });
      } else {
        const before = await repo.lockOwnProduct(tx, orgId, body.id);
        if (!before) throw notFound('产品不存在');
        productId = before.id;
        if (action === 'again_update') {
          const rejected = (await readsRepo.listingsOfProduct(tx, productId)).filter(
            (l) => l.status === ListingStatus.PLATFORM_REJECTED || l.status === ListingStatus.CITY_REJECTED,
          );
          if (rejected.length === 0) throw conflict('该产品没有被驳回的入库申请，无需修正后重新提交');
          detail = { rejectedListingIds: rejected.map((l) => l.id) };
        }
        // A listed product's approved facts change through a revision (product.facts.ts); the rest at once.
        const approved = productFacts(before);
        const proposed = productFacts(fields);
        pendingFields = changedFacts(approved, proposed);
        revisionId =
          pendingFields.length === 0
            ? null
            : await facts.propose(tx, user, productId, { kind: 'product', before: approved, after: proposed });
        if (revisionId === null) pendingFields = [];
        else detail = { ...detail, revisionId, pendingFields };
        await repo.updateProduct(
          tx,
          productId,
          revisionId === null ? fields : { enableStatus: fields.enableStatus, recommended: fields.recommended },
        );
        await recordAudit(tx, {
          entity: ProductAuditEntity.PRODUCT,
          entityId: productId,
          orgId,
          actor: user,
          action: action === 'again_update' ? 'again_update' : 'update',
          fromState: before.enableStatus,
          toState: fields.enableStatus,
          data: { ...detail, changed: changedFields(before, fields) },
        });
      }
      await recomputeProductTags(tx, productId);
      return { id: productId, revisionId, pendingFields };
    });
  }

  return {
    save: (user: SessionUser, body: SaveBody) => save(user, body),

    /** productInfo/againUpdate: correct a product one of whose listings was rejected (409 when none was). */
    againUpdate(user: SessionUser, body: SaveBody) {
      if (body.id === undefined) throw invalidInput([{ field: 'id', message: '请提供产品编号' }]);
      return save(user, body, 'again_update');
    },

    async search(user: SessionUser, body: SearchBody) {
      const orgId = callerOrgId(user);
      const today = shanghaiToday();
      return db.transaction(async (tx) => {
        const { rows, total } = await repo.searchProducts(tx, { ...body, orgId }, today, body);
        const names = await readsRepo.uploadNames(
          tx,
          rows.flatMap((r) => r.product.images),
        );
        return { list: rows.map((r) => productItemView(r, names, today)), total };
      });
    },

    async byName(user: SessionUser, body: ByNameBody) {
      const orgId = callerOrgId(user);
      if (body.companyId !== undefined && body.companyId !== orgId) return [];
      const today = shanghaiToday();
      return db.transaction(async (tx) => {
        const rows = await repo.productsByName(tx, orgId, body.name);
        const names = await readsRepo.uploadNames(
          tx,
          rows.flatMap((r) => r.product.images),
        );
        return rows.map((r) => productItemView(r, names, today));
      });
    },

    /**
     * bmProduct/getProductInfoById: the owner (a session of the product's organisation) gets the full view;
     * anyone else, signed in or not, the public view of a published product; otherwise 404.
     */
    async info(user: SessionUser | null, id: number) {
      const today = shanghaiToday();
      return db.transaction(async (tx) => {
        if (user?.orgId) {
          const own = await repo.findOwnProduct(tx, user.orgId, id);
          if (own) return fullView(tx, own, today);
        }
        return publicView(tx, id, today);
      });
    },

    openInfo(id: number) {
      return db.transaction((tx) => publicView(tx, id, shanghaiToday()));
    },

    async setEnableStatus(user: SessionUser, body: EnableBody) {
      const orgId = callerOrgId(user);
      return db.transaction(async (tx) => {
        const before = await repo.lockOwnProduct(tx, orgId, body.id);
        if (!before) throw notFound('产品不存在');
        if (before.enableStatus !== body.enableStatus) {
          await repo.updateProduct(tx, before.id, { enableStatus: body.enableStatus });
          await recordAudit(tx, {
            entity: ProductAuditEntity.PRODUCT,
            entityId: before.id,
            orgId,
            actor: user,
            action: 'set_enable_status',
            fromState: before.enableStatus,
            toState: body.enableStatus,
          });
        }
        return { id: before.id };
      });
    },

    /** The product's classification, category first: its owner's, or a published product's. */
    async typePath(user: SessionUser, id: number) {
      return db.transaction(async (tx) => {
        const product = await repo.findProduct(tx, id);
        const mine = product !== undefined && isOwnOrg(user, product.orgId);
        if (!product || !(mine || (await isPublished(tx, product)))) throw notFound('产品不存在');
        return {
          productId: product.id,
          classifyCode: product.classifyCode,
          path: await classificationPath(tx, product.classifyCode),
        };
      });
    },

    auditTypes() {
      return (Object.values(ListingStatus) as ListingStatusValue[]).map((value) => ({
        value,
        label: listingStatusLabels[value].zh,
        enLabel: listingStatusLabels[value].en,
      }));
    },

    /**
     * Delete a product with its specifications, documents and draft listings: enterprise administrator only; refused
     * (409) while any listing has gone beyond draft (submitted, listed, rejected or delisted: the audit trail stays).
     */
    async remove(user: SessionUser, id: number) {
      const orgId = requireDeleter(user);
      return db.transaction(async (tx) => {
        const product = await repo.lockOwnProduct(tx, orgId, id);
        if (!product) throw notFound('产品不存在');
        if (await readsRepo.hasListingBeyondDraft(tx, id)) {
          throw conflict('该产品已提交过城市入库申请，不能删除；可停用该产品');
        }
        await repo.deleteProduct(tx, id);
        await recordAudit(tx, {
          entity: ProductAuditEntity.PRODUCT,
          entityId: id,
          orgId,
          actor: user,
          action: 'delete',
          fromState: product.enableStatus,
          data: { name: product.name },
        });
        return { id };
      });
    },

    ownProductOr404: (tx: Tx, orgId: number, id: number) => ownProductOr404(tx, orgId, id),
  };
}

function changedFields(before: repo.ProductRow, after: Record<string, unknown>): string[] {
  return Object.entries(after)
    .filter(([key, value]) => JSON.stringify(before[key as keyof repo.ProductRow]) !== JSON.stringify(value))
    .map(([key]) => key);
}
