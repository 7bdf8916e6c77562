import { PaperClipOutlined } from '@ant-design/icons';
import {
  materialTypeLabels,
  type ProductDocumentKindValue,
  productDocumentKindLabels,
  productEnableStatusLabels,
  productTagTips,
  productUnits,
  specStatusLabels,
} from '@jcbb/contract';
import { READ_DOCUMENT_KINDS } from '@jcbb/contract/enums';
import { shanghaiToday } from '@jcbb/contract/time';
import { Button, Descriptions, Grid, Space, Table, type TableProps, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReadingSummary } from '../../evidence-reading/public.ts';
import type { ListingEvidence } from '../api.ts';

type Spec = ListingEvidence['specs'][number];
type Doc = ListingEvidence['documents'][number];

/** The documents read on upload (docs/evidence-reading.md): green certificates and test reports. */

const unitName = (id: number, english: boolean) => {
  const unit = productUnits.find((u) => u.id === id);
  return unit ? (english ? unit.enName : unit.name) : '';
};

/** The product's four derived tags (spec §1) with their tooltips. */
export function ProductTags({ product }: { product: ListingEvidence['product'] }) {
  const { t, i18n } = useTranslation('listing');
  const lang = i18n.language.startsWith('en') ? 'en' : 'zh';
  const tags = [
    product.isPrefabricated && {
      key: 'p',
      color: 'blue',
      text: t('evidence.prefabricated'),
      tip: productTagTips.prefabricated,
    },
    product.isLowCarbon && { key: 'l', color: 'cyan', text: t('evidence.lowCarbon'), tip: productTagTips.lowCarbon },
    product.isGreen && {
      key: 'g',
      color: 'green',
      text: product.starRating ? `${t('evidence.green')} ${'★'.repeat(product.starRating)}` : t('evidence.green'),
      tip: productTagTips.green,
    },
    product.isGovProcurement && {
      key: 'gp',
      color: 'gold',
      text: t('evidence.govProcurement'),
      tip: productTagTips.govProcurement,
    },
  ].filter((x) => x !== false);
  if (tags.length === 0) return <Typography.Text type="secondary">{t('evidence.noTags')}</Typography.Text>;
  return (
    <Space size={[4, 4]} wrap>
      {tags.map((tag) => (
        <Tooltip key={tag.key} title={tag.tip[lang]}>
          <Tag color={tag.color}>{tag.text}</Tag>
        </Tooltip>
      ))}
    </Space>
  );
}

/**
 * The product's evidence beside a listing (auditors and the manufacturer): tags, basic facts, specifications,
 * qualification documents (certificates with number, issuer, star rating and validity; reports), each file openable.
 */
export function EvidencePanel({
  listingId,
  evidence,
  openUpload,
}: {
  /** The listing the evidence is shown for: its certificates and reports as read, checked against it. */
  listingId: number;
  evidence: ListingEvidence;
  /** Opens one of the product's files (through the listing's download-file call). */
  openUpload: (uploadId: number, name: string) => void;
}) {
  const { t, i18n } = useTranslation('listing');
  const english = i18n.language.startsWith('en');
  const lang = english ? 'en' : 'zh';
  const wide = Grid.useBreakpoint().md ?? true;
  const p = evidence.product;
  const today = shanghaiToday();

  const specColumns: TableProps<Spec>['columns'] = [
    { title: t('evidence.specName'), dataIndex: 'name', key: 'name' },
    { title: t('evidence.specModel'), dataIndex: 'model', key: 'model' },
    {
      title: t('evidence.price'),
      key: 'price',
      width: 120,
      render: (_, s) => (s.price === null ? '—' : `${s.price} / ${unitName(s.unitId, english)}`),
    },
    {
      title: t('evidence.specStatus'),
      key: 'status',
      width: 70,
      render: (_, s) => specStatusLabels[s.status] ?? s.status,
    },
  ];

  const docColumns: TableProps<Doc>['columns'] = [
    {
      title: t('evidence.docKind'),
      key: 'kind',
      width: 130,
      render: (_, d) => productDocumentKindLabels[d.kind as ProductDocumentKindValue]?.[lang] ?? d.kindName,
    },
    {
      title: t('evidence.docName'),
      key: 'name',
      render: (_, d) =>
        d.uploadId === null ? (
          d.name
        ) : (
          <Space orientation="vertical" size={2} align="start">
            <Button
              type="link"
              size="small"
              icon={<PaperClipOutlined />}
              style={{ paddingInline: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
              onClick={() => openUpload(d.uploadId as number, d.name)}
            >
              {d.name}
            </Button>
            {/* Under the file, not in a column of its own: the panel is half the page wide (see below). */}
            {READ_DOCUMENT_KINDS.includes(d.kind) && (
              <ReadingSummary subject="listing" id={listingId} uploadId={d.uploadId} />
            )}
          </Space>
        ),
    },
    {
      // Number, issuer, stars and validity in one column: the panel is half the page wide beside the listing's
      // answers, and a separate validity column pushed the table into sideways scrolling.
      title: t('evidence.certificate'),
      key: 'cert',
      render: (_, d) =>
        d.certNo || d.validUntil ? (
          <Space orientation="vertical" size={0}>
            {d.certNo && <span>{d.certNo}</span>}
            {d.issuer && <Typography.Text type="secondary">{d.issuer}</Typography.Text>}
            {d.starRating && <span style={{ color: '#d48806' }}>{'★'.repeat(d.starRating)}</span>}
            {d.validUntil && (
              <Typography.Text type="secondary">
                {t('evidence.validity')} {d.validFrom ?? ''} ~ {d.validUntil}
              </Typography.Text>
            )}
            {d.validUntil && d.validUntil < today && <Tag color="error">{t('evidence.expired')}</Tag>}
          </Space>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions
        size="small"
        bordered
        column={1}
        styles={{ label: { width: wide ? 110 : 84 } }}
        items={[
          { key: 'name', label: t('detail.product'), children: p.name },
          { key: 'brand', label: t('detail.brand'), children: p.brand ?? '—' },
          { key: 'classify', label: t('detail.classify'), children: p.classifyName ?? p.classifyCode },
          {
            key: 'type',
            label: t('evidence.materialType'),
            children: materialTypeLabels[p.materialType] ?? p.materialType,
          },
          {
            key: 'enable',
            label: t('evidence.enableStatus'),
            children: productEnableStatusLabels[p.enableStatus] ?? p.enableStatus,
          },
          {
            key: 'tags',
            label: t('evidence.tags'),
            children: (
              <Space orientation="vertical" size={2}>
                <ProductTags product={p} />
                {p.greenValidUntil && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('evidence.greenUntil', { date: p.greenValidUntil })}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          ...(p.images.length > 0
            ? [
                {
                  key: 'images',
                  label: t('evidence.images'),
                  children: (
                    <Space size={[4, 0]} wrap>
                      {p.images.map((id, i) => (
                        <Button key={id} type="link" size="small" onClick={() => openUpload(id, `image-${i + 1}`)}>
                          {t('evidence.image', { n: i + 1 })}
                        </Button>
                      ))}
                    </Space>
                  ),
                },
              ]
            : []),
          ...(p.description
            ? [
                {
                  key: 'desc',
                  label: t('evidence.description'),
                  children: <span style={{ whiteSpace: 'pre-wrap' }}>{p.description}</span>,
                },
              ]
            : []),
        ]}
      />
      <div>
        <Typography.Title level={5}>{t('evidence.specs')}</Typography.Title>
        <Table<Spec>
          rowKey="id"
          size="small"
          columns={specColumns}
          dataSource={evidence.specs}
          pagination={false}
          scroll={{ x: 480 }}
          locale={{ emptyText: t('evidence.noSpecs') }}
        />
      </div>
      <div>
        <Typography.Title level={5}>{t('evidence.documents')}</Typography.Title>
        <Table<Doc>
          rowKey="id"
          size="small"
          columns={docColumns}
          dataSource={evidence.documents}
          pagination={false}
          scroll={{ x: 420 }}
          locale={{ emptyText: t('evidence.noDocuments') }}
        />
      </div>
    </Space>
  );
}
