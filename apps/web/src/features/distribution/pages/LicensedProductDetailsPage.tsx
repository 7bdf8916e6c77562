import { formatQuantity } from '@jcbb/contract/quantity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Grid, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ItemList } from '../../../components/ItemList.tsx';
import { PageCard } from '../../../components/PageCard.tsx';
import { RecordState, useRecordQuery } from '../../../components/RecordState.tsx';
import { openFetched } from '../../../lib/open-blob.ts';
import { letterStateColor, salesLabels } from '../components/sales-labels.ts';
import { SALES_NS } from '../locales/sales-register.ts';
import {
  invalidateLicensed,
  type LicensedItem,
  type LicensedLetter,
  salesFiles,
  salesMutations,
  salesQueries,
} from '../sales-api.ts';
import { SALES_PATHS, salesUrl } from '../sales-paths.ts';

/**
 * /distributor/licensedProductDetails?id=: one letter's scope as the distributor sees it — maker, kind, regions,
 * period, products with what is left of their caps — with 确认接受 while it awaits the distributor, the public
 * verification page its QR code opens, and the PDF letter.
 */
export function LicensedProductDetailsPage() {
  const { t } = useTranslation(SALES_NS);
  const navigate = useNavigate();
  const { query, valid } = useRecordQuery(salesQueries.letter);
  const back = (
    <Button onClick={() => navigate(`${SALES_PATHS.productList}?tab=licensed`)}>{t('common.backToList')}</Button>
  );
  return (
    <RecordState query={query} valid={valid} back={back} notFoundTitle={t('letter.notFound')}>
      {(letter) => <LetterView letter={letter} back={back} />}
    </RecordState>
  );
}

function LetterView({ letter: a, back }: { letter: LicensedLetter; back: React.ReactNode }) {
  const { t, i18n } = useTranslation(SALES_NS);
  const labels = salesLabels(i18n.language.startsWith('en'));
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const wide = Grid.useBreakpoint().md ?? true;
  const accept = useMutation(salesMutations.accept);
  const cap = (i: LicensedItem) =>
    i.quantityCap === null
      ? t('licensed.noCap')
      : `${formatQuantity(i.remainingQuantity ?? 0, { unit: i.specs[0]?.unit, locale: i18n.language })} / ${formatQuantity(i.quantityCap, { unit: i.specs[0]?.unit, locale: i18n.language })}`;
  const columns: TableProps<LicensedItem>['columns'] = [
    { title: t('products.product'), key: 'product', render: (_, i) => i.productName },
    { title: t('record.spec'), key: 'spec', render: (_, i) => i.specName ?? t('licensed.allSpecs') },
    { title: t('licensed.cap'), key: 'cap', width: 200, render: (_, i) => cap(i) },
  ];

  const onAccept = () =>
    modal.confirm({
      content: t('letter.acceptConfirm'),
      onOk: async () => {
        try {
          await accept.mutateAsync({ id: a.id });
          await invalidateLicensed(queryClient);
          message.success(t('letter.accepted'));
        } catch {
          // The HTTP client has shown the refusal.
        }
      },
    });

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <PageCard
        title={
          <Space wrap>
            <span>{t('letter.title', { number: a.number })}</span>
            <Tag color={letterStateColor[a.state]}>{labels.letterState(a.state)}</Tag>
          </Space>
        }
        tools={back}
      >
        <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered={wide}>
          <Descriptions.Item label={t('letter.maker')}>{a.makerName}</Descriptions.Item>
          <Descriptions.Item label={t('letter.kind')}>
            {labels.kind(a.kind)} · {t('letter.version', { version: a.version })}
          </Descriptions.Item>
          {a.kind === 'project' && (
            <Descriptions.Item label={t('letter.project')}>
              {[a.projectName, a.tenderNo].filter(Boolean).join(' · ')}
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('letter.exclusive')}>
            {a.exclusive ? t('letter.yes') : t('letter.no')}
          </Descriptions.Item>
          <Descriptions.Item label={t('letter.regions')}>{a.regionNames.join('、')}</Descriptions.Item>
          <Descriptions.Item label={t('letter.period')}>
            {a.validFrom} ~ {a.validUntil}
          </Descriptions.Item>
          {a.statusReason && <Descriptions.Item label={t('letter.reason')}>{a.statusReason}</Descriptions.Item>}
          <Descriptions.Item label={t('letter.issuedAt')}>{a.issuedAt ?? t('common.none')}</Descriptions.Item>
          <Descriptions.Item label={t('letter.acceptedAt')}>{a.acceptedAt ?? t('common.none')}</Descriptions.Item>
          {a.afterSalesCommitment && (
            <Descriptions.Item label={t('letter.afterSales')} span={2}>
              {a.afterSalesCommitment}
            </Descriptions.Item>
          )}
          {a.supplyCommitment && (
            <Descriptions.Item label={t('letter.supply')} span={2}>
              {a.supplyCommitment}
            </Descriptions.Item>
          )}
          {a.signatoryName && (
            <Descriptions.Item label={t('letter.signatory')}>
              {[a.signatoryName, a.signatoryTitle].filter(Boolean).join(' · ')}
            </Descriptions.Item>
          )}
        </Descriptions>
        <Space wrap style={{ marginTop: 16 }}>
          {a.canAccept && (
            <Button type="primary" loading={accept.isPending} onClick={onAccept}>
              {t('letter.accept')}
            </Button>
          )}
          <Button href={salesUrl.verify(a.publicId)} target="_blank" rel="noopener">
            {t('letter.verify')}
          </Button>
          <Button onClick={() => void openFetched(() => salesFiles.letterPdf(a.id), `${a.number}.pdf`)}>
            {t('letter.pdf')}
          </Button>
        </Space>
      </PageCard>
      <PageCard title={t('letter.items')}>
        {wide ? (
          <Table<LicensedItem> rowKey="itemId" columns={columns} dataSource={a.items} pagination={false} size="small" />
        ) : (
          <ItemList
            items={a.items}
            rowKey={(i) => i.itemId}
            renderItem={(i) => (
              <Space orientation="vertical" size={0}>
                <span>{i.productName}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {i.specName ?? t('licensed.allSpecs')} · {cap(i)}
                </Typography.Text>
              </Space>
            )}
          />
        )}
      </PageCard>
    </Space>
  );
}
