import { formatQuantity } from '@jcbb/contract/quantity';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Grid,
  Result,
  Row,
  Space,
  Statistic,
  Table,
  type TableProps,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ItemList } from '../../../components/ItemList.tsx';
import { RecordState } from '../../../components/RecordState.tsx';
import { positiveId, retryUnlessNotFound } from '../../../lib/record-id.ts';
import { type StockPutMove, siteStockQueries } from '../api.ts';
import { InspectionStateTag } from '../components/receive/site-labels.tsx';
import { CONSTRUCTION_NS } from '../locales/register.ts';
import { RECEIVE_PATHS } from '../receive-paths.ts';

const signed = (n: number) => (n > 0 ? `+${formatQuantity(n)}` : formatQuantity(n));

/**
 * /projectConstruction/stockDetail?lotId=&projectId= (hidden, under 项目库存): one lot's balances at the site and
 * every move into and out of them (出入库明细: received into quarantine, released, rejected, issued, returned,
 * destroyed), with the document and who recorded it.
 */
export function StockDetailPage() {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const wide = Grid.useBreakpoint().md ?? true;
  const [params] = useSearchParams();
  const lotId = positiveId(params.get('lotId'));
  const projectId = positiveId(params.get('projectId'));
  const valid = lotId !== null && projectId !== null;
  const query = useQuery({
    ...siteStockQueries.putDetail(projectId ?? 0, lotId ?? 0),
    retry: retryUnlessNotFound,
    enabled: valid,
  });
  const back = (
    <Link to={`${RECEIVE_PATHS.stock}${projectId ? `?projectId=${projectId}` : ''}`}>
      <Button>{t('stock.back')}</Button>
    </Link>
  );
  if (!valid) return <Result status="404" title={t('stock.badLot')} extra={back} />;
  return (
    <RecordState query={query} back={back} notFoundTitle={t('stock.lotNotFound')}>
      {({ lot, moves }) => {
        const unit = lot.unitName;
        const columns: TableProps<StockPutMove>['columns'] = [
          { title: t('stock.time'), dataIndex: 'occurredAt', key: 'time', width: 170 },
          { title: t('stock.bucket'), dataIndex: 'bucketName', key: 'bucket', width: 100 },
          { title: t('stock.reason'), dataIndex: 'reasonName', key: 'reason', width: 120 },
          {
            title: t('stock.change'),
            key: 'change',
            width: 110,
            align: 'right',
            render: (_, m) => (
              <Typography.Text type={m.quantity < 0 ? 'danger' : 'success'}>{signed(m.quantity)}</Typography.Text>
            ),
          },
          {
            title: t('stock.balance'),
            key: 'balance',
            width: 110,
            align: 'right',
            render: (_, m) => formatQuantity(m.balanceAfter),
          },
          { title: t('stock.document'), key: 'doc', render: (_, m) => m.document ?? t('site.none') },
          { title: t('stock.user'), key: 'user', width: 110, render: (_, m) => m.userName ?? t('site.none') },
        ];
        return (
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Card
              title={t('stock.detailTitle', { material: lot.materialName, spec: lot.specName })}
              extra={wide ? back : undefined}
            >
              {!wide && <div style={{ marginBottom: 12 }}>{back}</div>}
              <Descriptions size="small" column={wide ? 3 : 1}>
                <Descriptions.Item label={t('stock.batch')}>{lot.batchNo}</Descriptions.Item>
                <Descriptions.Item label={t('inspection.maker')}>{lot.makerName ?? t('site.none')}</Descriptions.Item>
                <Descriptions.Item label={t('stock.state')}>
                  <Space wrap size={4}>
                    {lot.state && <InspectionStateTag state={lot.state} />}
                    {lot.inspectionId !== null && (
                      <Link to={`${RECEIVE_PATHS.detail}?inspection=${lot.inspectionId}`}>
                        {t('stock.openInspection')}
                      </Link>
                    )}
                  </Space>
                </Descriptions.Item>
              </Descriptions>
              {lot.blockedReason && (
                <Typography.Paragraph type="warning" style={{ marginBottom: 12 }}>
                  {t('stock.blocked', { reason: lot.blockedReason })}
                </Typography.Paragraph>
              )}
              <Row gutter={[16, 16]}>
                {(
                  [
                    ['quarantined', lot.quarantined],
                    ['usable', lot.usable],
                    ['rejected', lot.rejected],
                    ['issued', lot.issued],
                  ] as const
                ).map(([key, value]) => (
                  <Col key={key} xs={12} md={6}>
                    <Statistic title={t(`stock.${key}`)} value={formatQuantity(value)} suffix={unit} />
                  </Col>
                ))}
              </Row>
            </Card>
            <Card title={t('stock.movesTitle')}>
              {wide ? (
                <Table<StockPutMove>
                  rowKey="id"
                  size="small"
                  columns={columns}
                  dataSource={moves}
                  pagination={false}
                  locale={{ emptyText: t('stock.noMoves') }}
                />
              ) : (
                <ItemList
                  items={moves}
                  rowKey={(m) => m.id}
                  emptyText={t('stock.noMoves')}
                  renderItem={(m) => (
                    <Space orientation="vertical" size={0}>
                      <span>
                        {m.reasonName} · {m.bucketName}{' '}
                        <Typography.Text type={m.quantity < 0 ? 'danger' : 'success'}>
                          {signed(m.quantity)} {unit}
                        </Typography.Text>
                      </span>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {m.occurredAt} · {t('stock.balanceAfter', { balance: formatQuantity(m.balanceAfter) })}
                        {m.document ? ` · ${m.document}` : ''}
                      </Typography.Text>
                    </Space>
                  )}
                />
              )}
            </Card>
          </Space>
        );
      }}
    </RecordState>
  );
}
