import { DownloadOutlined, QrcodeOutlined } from '@ant-design/icons';
import { formatQuantity } from '@jcbb/contract/quantity';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  Button,
  Descriptions,
  Drawer,
  Flex,
  Grid,
  Pagination,
  Space,
  Table,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ItemList } from '../../../components/ItemList.tsx';
import { RecordState } from '../../../components/RecordState.tsx';
import { openFetched, saveBlob } from '../../../lib/open-blob.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { useCertified } from '../../organization/public.ts';
import { type LotDetail, lotFiles, lotQueries, type TraceCode } from '../api.ts';
import { TRACE_NS } from '../locales/register.ts';
import { TRACE_PATHS } from '../paths.ts';
import { CodeGenerateModal } from './CodeGenerateModal.tsx';
import { CODE_STATUS_COLORS, traceLabels } from './code-labels.ts';
import { EvidenceTag } from './EvidenceTag.tsx';
import { LabelSheetModal } from './LabelSheetModal.tsx';

const CODE_PAGE_SIZE = 50;

export const stockCardPath = (specId: number, lotId?: number) =>
  `${TRACE_PATHS.inventoryDetail}?specId=${specId}${lotId ? `&lotId=${lotId}` : ''}`;

/** One lot in a drawer (full width on a phone): its facts, where its stock is, and its codes. */
export function LotDrawer({ lotId, onClose }: { lotId: number | null; onClose: () => void }) {
  const { t } = useTranslation(TRACE_NS);
  const wide = Grid.useBreakpoint().md ?? true;
  const detail = useQuery({ ...lotQueries.detail(lotId ?? 0), enabled: lotId !== null });
  return (
    <Drawer
      open={lotId !== null}
      onClose={onClose}
      title={
        detail.data ? t('lot.drawerTitle', { batchNo: detail.data.batchNo }) : t('lot.drawerTitle', { batchNo: '' })
      }
      size={wide ? 760 : '100%'}
      destroyOnHidden
    >
      <RecordState
        query={detail}
        back={<Button onClick={onClose}>{t('common.close')}</Button>}
        notFoundTitle={t('lot.notFound')}
      >
        {(lot) => <LotBody lot={lot} />}
      </RecordState>
    </Drawer>
  );
}

function LotBody({ lot }: { lot: LotDetail }) {
  const { t, i18n } = useTranslation(TRACE_NS);
  const locale = i18n.language.startsWith('en') ? 'en' : 'zh-CN';
  const qty = (n: number) => `${formatQuantity(n, { locale })} ${lot.unitName}`;
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'generate' | 'labels' | null>(null);
  // An uncertified manufacturer issues no codes (docs/decisions.md): the banner above says why.
  const certified = useCertified();
  const exportCsv = useMutation({
    mutationFn: () => lotFiles.codesCsv(lot.id),
    onSuccess: (blob) => saveBlob(blob, t('codes.csvFile', { batchNo: lot.batchNo })),
  });

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
        <Descriptions.Item label={t('lot.product')}>
          {lot.productName} · {lot.specName}
        </Descriptions.Item>
        <Descriptions.Item label={t('lot.batchNo')}>{lot.batchNo}</Descriptions.Item>
        <Descriptions.Item label={t('lot.productionDate')}>{lot.productionDate}</Descriptions.Item>
        <Descriptions.Item label={t('lot.expiryDate')}>{lot.expiryDate ?? t('common.none')}</Descriptions.Item>
        <Descriptions.Item label={t('lot.quantity')}>{qty(lot.quantity)}</Descriptions.Item>
        <Descriptions.Item label={t('lot.coded')}>
          {t('lot.codedValue', { quantity: qty(lot.codedQuantity), count: lot.codeCount })}
        </Descriptions.Item>
        <Descriptions.Item label={t('lot.evidence')}>
          <EvidenceTag evidence={lot.evidence} />
        </Descriptions.Item>
        <Descriptions.Item label={t('lot.qualityDocs')}>
          {lot.qualityDocs.length === 0 ? (
            t('common.none')
          ) : (
            <Space orientation="vertical" size={0}>
              {lot.qualityDocs.map((d) => (
                <Typography.Link
                  key={d.uploadId}
                  onClick={() => void openFetched(() => lotFiles.open(d.uploadId), d.name)}
                >
                  {d.name}
                </Typography.Link>
              ))}
            </Space>
          )}
        </Descriptions.Item>
      </Descriptions>

      <Flex wrap gap={8}>
        <Button type="primary" icon={<QrcodeOutlined />} disabled={!certified} onClick={() => setDialog('generate')}>
          {t('codes.generate')}
        </Button>
        <Button icon={<DownloadOutlined />} disabled={lot.codeCount === 0} onClick={() => setDialog('labels')}>
          {t('codes.labels')}
        </Button>
        <Button
          icon={<DownloadOutlined />}
          disabled={lot.codeCount === 0}
          loading={exportCsv.isPending}
          onClick={() => exportCsv.mutate()}
        >
          {t('codes.exportCsv')}
        </Button>
        <Button onClick={() => navigate(stockCardPath(lot.specId, lot.id))}>{t('lot.stockCard')}</Button>
      </Flex>

      <div>
        <Typography.Title level={5}>{t('lot.holders')}</Typography.Title>
        <ItemList
          size="small"
          items={lot.holders}
          rowKey={(h) => `${h.holderKind}:${h.holderName}`}
          emptyText={t('lot.noHolders')}
          renderItem={(h) => (
            <Flex justify="space-between" gap={8} wrap>
              <span>
                {h.holderName}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {' '}
                  · {h.cityName}
                  {h.holderKind === 'project' ? ` · ${t('common.project')}` : ''}
                </Typography.Text>
              </span>
              <span>{qty(h.quantity)}</span>
            </Flex>
          )}
        />
      </div>

      <CodeList lot={lot} />

      <CodeGenerateModal open={dialog === 'generate'} lot={lot} onClose={() => setDialog(null)} />
      <LabelSheetModal open={dialog === 'labels'} lot={lot} onClose={() => setDialog(null)} />
    </Space>
  );
}

/** The lot's top-level codes (packages and lone items; a package counts its items), paged. */
function CodeList({ lot }: { lot: LotDetail }) {
  const { t, i18n } = useTranslation(TRACE_NS);
  const english = i18n.language.startsWith('en');
  const labels = traceLabels(english);
  const wide = Grid.useBreakpoint().md ?? true;
  const { query, pagination } = useListQuery({ take: CODE_PAGE_SIZE, skip: 0 });
  const codes = useQuery({
    ...lotQueries.codes({ ...query, lotId: lot.id, topLevelOnly: true }),
    placeholderData: keepPreviousData,
  });
  const rows = codes.data?.list ?? [];
  const total = codes.data?.total ?? 0;
  const status = (c: TraceCode) => <Tag color={CODE_STATUS_COLORS[c.status]}>{labels.codeStatus(c.status)}</Tag>;
  const level = (c: TraceCode) =>
    c.childCount > 0
      ? t('codes.levelWithChildren', { level: labels.codeLevel(c.level), count: c.childCount })
      : labels.codeLevel(c.level);
  const columns: TableProps<TraceCode>['columns'] = [
    {
      title: t('codes.code'),
      key: 'code',
      render: (_, c) => (
        <Typography.Text code copyable>
          {c.code}
        </Typography.Text>
      ),
    },
    { title: t('codes.level'), key: 'level', width: 130, render: (_, c) => level(c) },
    {
      title: t('codes.quantity'),
      key: 'quantity',
      width: 100,
      render: (_, c) => `${formatQuantity(c.quantity)} ${lot.unitName}`,
    },
    { title: t('codes.status'), key: 'status', width: 90, render: (_, c) => status(c) },
    { title: t('codes.holder'), key: 'holder', width: 140, render: (_, c) => c.holderName ?? t('common.none') },
  ];
  const empty = t('codes.empty');
  return (
    <div>
      <Typography.Title level={5}>{t('codes.title', { total })}</Typography.Title>
      {wide ? (
        <Table<TraceCode>
          rowKey="code"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={codes.isFetching}
          locale={{ emptyText: empty }}
          pagination={pagination(total)}
        />
      ) : (
        <>
          <ItemList
            size="small"
            items={rows}
            rowKey={(c) => c.code}
            loading={codes.isFetching}
            emptyText={empty}
            renderItem={(c) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                  {c.code}
                </Typography.Text>
                <Space size={4} wrap>
                  {status(c)}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {level(c)} · {formatQuantity(c.quantity)} {lot.unitName}
                    {c.holderName ? ` · ${c.holderName}` : ''}
                  </Typography.Text>
                </Space>
              </Space>
            )}
          />
          {total > CODE_PAGE_SIZE && (
            <Flex justify="center" style={{ marginTop: 12 }}>
              <Pagination simple {...pagination(total)} />
            </Flex>
          )}
        </>
      )}
    </div>
  );
}
