import { signedTreeHeadSchema } from './ledger.ts';
import { blankToUndefined, positiveId } from './params.ts';
import { z } from './zod.ts';

/**
 * The public record (issue 28 item 7, docs/public-pages.md): the site map (/sitemaps, /sitemap.xml) and the printable
 * snapshot of a product's or a company's public record at a point in time (/snapshot). Signed calls without a session
 * (/open/…), and the two plain files search engines read (/sitemap.xml, /robots.txt).
 */

/** How many of a city's listed products the /sitemaps page names (the most recently approved); the rest in its catalogue. */
export const SITEMAP_CITY_PRODUCTS = 100;
/** How many companies the /sitemaps page names (by name); the sitemaps.org limit of one file is far above. */
export const SITEMAP_COMPANIES = 500;

const link = z.object({
  /** The page's address on this site (path and query), e.g. `/cities/committee?city=320100`. */
  href: z.string(),
});

/** GET /open/public/sitemap: every public page of the site, each city's listed products and the companies. */
export const sitemapData = z.object({
  /** Pages that stand alone: the city catalogue, certificate and authorisation checks, the trace scan page, this map. */
  pages: z.array(link.extend({ key: z.string() })),
  cities: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      provinceName: z.string(),
      productCount: z.number().int(),
      catalogue: z.string(),
      committee: z.string(),
      /** The city's open statistics (a JSON document for machines), by its API path. */
      openStatistics: z.string(),
      /** The most recently approved listed products, at most SITEMAP_CITY_PRODUCTS. */
      products: z.array(
        link.extend({
          id: z.number().int(),
          name: z.string(),
          companyName: z.string(),
          /** When the city approved the listing (Asia/Shanghai, YYYY-MM-DD). */
          listedOn: z.string().nullable(),
        }),
      ),
    }),
  ),
  /** Makers with a listed product: their public record (the snapshot page), by name. */
  companies: z.array(link.extend({ id: z.number().int(), name: z.string(), productCount: z.number().int() })),
  companyCount: z.number().int(),
});
export type SitemapData = z.infer<typeof sitemapData>;

/** GET /sitemap.xml?page=: the part of a sitemap split by the URL limit; none for the whole map or its index. */
export const sitemapXmlQuery = z.object({
  page: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : blankToUndefined(v)),
    z
      .number({ error: '页码必须是数字' })
      .int('页码必须是整数')
      .min(1, '页码至少为 1')
      .max(100_000, '页码不存在')
      .optional(),
  ),
});

// ---- the snapshot ----

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * The moment `at` names, in milliseconds: a date (YYYY-MM-DD) is the end of that day in Asia/Shanghai (the record as it
 * stood that day); a time (YYYY-MM-DDTHH:mm[:ss[.sss]]) with Z or an offset is that moment, without one Asia/Shanghai
 * wall-clock time. Null for anything else, an impossible date (2025-02-30) included.
 */
export function parseSnapshotAt(text: string): number | null {
  const value = text.trim();
  const date = DATE_ONLY.exec(value);
  const time = date ? null : DATE_TIME.exec(value);
  const parts = date ?? time;
  if (!parts) return null;
  const [y, mo, d] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const calendar = new Date(Date.UTC(y, mo - 1, d));
  if (calendar.getUTCFullYear() !== y || calendar.getUTCMonth() !== mo - 1 || calendar.getUTCDate() !== d) return null;
  if (date) return Date.parse(`${value}T23:59:59.999+08:00`);
  const [h, mi, s] = [Number(time?.[4]), Number(time?.[5]), Number(time?.[6] ?? 0)];
  if (h > 23 || mi > 59 || s > 59) return null;
  const ms = (time?.[7] ?? '').padEnd(3, '0');
  const zone = time?.[8] ?? '+08:00';
  const iso = `${value.slice(0, 10)}T${time?.[4]}:${time?.[5]}:${String(s).padStart(2, '0')}.${ms || '000'}${zone}`;
  const moment = Date.parse(iso);
  return Number.isFinite(moment) ? moment : null;
}

/** The earliest moment a snapshot may name: the platform holds nothing older. */
const EARLIEST = Date.parse('2000-01-01T00:00:00+08:00');

/** `at`: a date or an ISO time, not in the future; absent = now. Its output is milliseconds since the epoch. */
const atField = z.preprocess(
  blankToUndefined,
  z
    .string({ error: '时间应为文本，如 2025-06-30 或 2025-06-30T12:00:00+08:00' })
    .max(40, '时间格式不正确')
    .transform((text, ctx) => {
      const moment = parseSnapshotAt(text);
      if (moment === null) {
        ctx.addIssue({
          code: 'custom',
          message: '时间格式不正确：请写日期 2025-06-30 或时间 2025-06-30T12:00:00+08:00',
        });
        return z.NEVER;
      }
      if (moment < EARLIEST) {
        ctx.addIssue({ code: 'custom', message: '时间不能早于 2000-01-01' });
        return z.NEVER;
      }
      // A date names the end of its day: today's date is allowed, a moment later than now is not.
      if (moment > Date.now() && !(DATE_ONLY.test(text.trim()) && moment - Date.now() < 24 * 3600_000)) {
        ctx.addIssue({ code: 'custom', message: '时间不能晚于现在' });
        return z.NEVER;
      }
      return Math.min(moment, Date.now());
    })
    .optional(),
);

export const productSnapshotQuery = z.object({ productId: positiveId('产品编号'), at: atField });
export const orgSnapshotQuery = z.object({ orgId: positiveId('企业编号'), at: atField });

/**
 * A fact of the record: `current: false` is its value at the moment (from dated history, or unchanged since);
 * `current: true` is today's value, where the platform keeps no history for the field (当前值（平台未保存历史）).
 */
const fact = <T extends z.ZodType>(value: T) => z.object({ value, current: z.boolean() });

const snapshotCity = z.object({
  cityCode: z.string(),
  cityName: z.string(),
  /** ListingStatus at the moment: 3 listed or 6 delisted (drafts, audits and rejections are not public). */
  status: z.number().int(),
  statusName: z.string(),
  /** The decision that put the listing in that state (Asia/Shanghai), when the platform has it. */
  since: z.string().nullable(),
  /** No dated history: the state is today's (当前值（平台未保存历史）). */
  current: z.boolean(),
});

const snapshotCertificate = z.object({
  certNo: z.string().nullable(),
  issuer: z.string().nullable(),
  starRating: z.number().int().nullable(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  /** 有效 at the moment; a platform certificate revoked later says when. */
  stateName: z.string(),
  revokedLater: z.string().nullable(),
  /** Issued on this platform: anyone checks it at /free/certificate?no=. */
  platformIssued: z.boolean(),
  productName: z.string(),
});

const snapshotEntry = z.object({
  /** What the entry vouches for: 绿色建材认证证书, 检测报告, 证书撤销, … */
  label: z.string(),
  leafIndex: z.number().int(),
  kind: z.string(),
  contentSha256: z.string(),
  /** The entry's bytes (base64), its leaf hash and the audit path to `ledger.head`. */
  entry: z.string(),
  leafHash: z.string(),
  /** The canonical JSON whose hash the entry records, for a platform record (a certificate); null for a file. */
  content: z.string().nullable(),
  timestamp: z.number().int(),
  inclusionProof: z.array(z.string()),
  sth: signedTreeHeadSchema,
});

const snapshotLedger = z.object({
  /** The latest signed tree head at or before the moment; null when the ledger held nothing yet. */
  head: signedTreeHeadSchema.nullable(),
  /** The record's entries in that tree (at most SNAPSHOT_ENTRIES), each with its proof against `head`. */
  entries: z.array(snapshotEntry),
  /** More entries than shown. */
  truncated: z.boolean(),
});

const snapshotCommon = {
  /** The moment the snapshot stands at (Asia/Shanghai, YYYY-MM-DD HH:mm:ss) and as ISO 8601. */
  at: z.string(),
  atIso: z.string(),
  /** When this answer was made. */
  generatedAt: z.string(),
  certificates: z.array(snapshotCertificate),
  ledger: snapshotLedger,
};

export const productSnapshotData = z.object({
  kind: z.literal('product'),
  ...snapshotCommon,
  product: z.object({
    id: z.number().int(),
    name: fact(z.string()),
    brand: fact(z.string().nullable()),
    classifyName: fact(z.string()),
    materialTypeName: fact(z.string()),
    maker: z.object({ id: z.number().int(), name: fact(z.string()) }),
    /** When the product was created on the platform. */
    createdAt: z.string(),
  }),
  cities: z.array(snapshotCity),
  tags: z.object({
    /** A green certificate valid at the moment (from the certificates' dates). */
    isGreen: fact(z.boolean()),
    starRating: fact(z.number().int().nullable()),
    /** A carbon-footprint report on record at the moment. */
    isLowCarbon: fact(z.boolean()),
    isPrefabricated: fact(z.boolean()),
    /** Meets the demand standard of a city it is listed in: today's value (no history). */
    isGovProcurement: fact(z.boolean()),
  }),
});
export type ProductSnapshotData = z.infer<typeof productSnapshotData>;

export const orgSnapshotData = z.object({
  kind: z.literal('org'),
  ...snapshotCommon,
  org: z.object({
    id: z.number().int(),
    name: fact(z.string()),
    typeName: z.string(),
    region: fact(z.string().nullable()),
    /** Certified by the platform at the moment (from the certification decisions). */
    certified: fact(z.boolean()),
  }),
  /** Its products listed in at least one city at the moment, with those cities. */
  products: z.array(z.object({ id: z.number().int(), name: z.string(), cities: z.array(z.string()) })),
});
export type OrgSnapshotData = z.infer<typeof orgSnapshotData>;
