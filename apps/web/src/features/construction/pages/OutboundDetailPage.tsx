import { RollbackOutlined } from '@ant-design/icons';
import { issueKindLabels } from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { formatQuantity } from '@jcbb/contract/quantity';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Grid,
  Space,
  Table,
  type TableProps,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ItemList } from '../../../components/ItemList.tsx';
import { RecordState, useRecordQuery } from '../../../components/RecordState.tsx';
import { labelOf } from '../../../lib/labels.ts';
import { type IssueLine, type IssueOrderDetail, outboundQueries } from '../api.ts';
import { OUTBOUND_PATHS, orderPath } from '../components/outbound/paths.ts';
import { placeOf } from '../components/outbound/place.ts';
import { ReturnModal } from '../components/outbound/ReturnModal.tsx';
import { CONSTRUCTION_NS } from '../locales/register.ts';

/**
 * /projectConstruction/outboundDetail?id= and /project/outboundOrderDetail?id=: one issue order — to whom, where,
 * when, each line with the inspection that released its lot, what is still out and its codes — with its returns to
 * stock and 退库 for the construction unit that issued it; or one return document, with the order it returns.
 */
export function OutboundDetailPage() {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const navigate = useNavigate();
  const { valid, query } = useRecordQuery(outboundQueries.detail);
  const back = <Button onClick={() => navigate(-1)}>{t('outbound.detail.back')}</Button>;
  return (
    <RecordState
      query={query}
      valid={valid}
      back={back}
      notFoundTitle={t('outbound.detail.notFound')}
      badIdTitle={t('outbound.detail.badId')}
    >
      {(order) => <OrderView order={order} />}
    </RecordState>
  );
}

function OrderView({ order: o }: { order: IssueOrderDetail }) {
  const { t, i18n } = useTranslation(CONSTRUCTION_NS);
  const kindName = labelOf(issueKindLabels, i18n.language.startsWith('en'));
  const wide = Grid.useBreakpoint().md ?? true;
  const fromProjectMenu = useLocation().pathname === OUTBOUND_PATHS.orderDetail;
  const [returning, setReturning] = useState(false);
  const isReturn = o.kind === 'return';
  const none = t('outbound.common.none');
  const qty = (q: number, unit: string) => `${formatQuantity(q)} ${unit}`;

  const inspection = (l: IssueLine) => (
    <Link to={pageUrl(pages.siteDeliveryDetail, { id: l.deliveryId })}>{l.inspectionNumber}</Link>
  );
  const codes = (l: IssueLine) =>
    l.codes.length === 0 ? (
      none
    ) : (
      <Tooltip title={<span style={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{l.codes.join(' ')}</span>}>
        <Tag>{t('outbound.detail.codeCount', { count: l.codes.length })}</Tag>
      </Tooltip>
    );

  const columns: TableProps<IssueLine>['columns'] = [
    {
      title: t('outbound.detail.material'),
      key: 'material',
      render: (_, l) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text>{l.materialName}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {l.specName}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('outbound.detail.batch'), dataIndex: 'batchNo', width: 130 },
    { title: t('outbound.detail.inspection'), key: 'inspection', width: 170, render: (_, l) => inspection(l) },
    {
      title: t('outbound.detail.quantity'),
      key: 'quantity',
      width: 110,
      render: (_, l) => qty(l.quantity, l.unitName),
    },
    ...(isReturn
      ? []
      : [
          {
            title: t('outbound.detail.returnable'),
            key: 'returnable',
            width: 110,
            render: (_: unknown, l: IssueLine) => qty(l.returnable, l.unitName),
          },
        ]),
    { title: t('outbound.detail.codes'), key: 'codes', width: 100, render: (_, l) => codes(l) },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={
          <Space wrap>
            <span>
              {isReturn
                ? t('outbound.detail.returnTitle', { number: o.number })
                : t('outbound.detail.issueTitle', { number: o.number })}
            </span>
            <Tag color={isReturn ? 'purple' : 'blue'}>{kindName(o.kind)}</Tag>
          </Space>
        }
        extra={
          o.canReturn ? (
            <Button icon={<RollbackOutlined />} onClick={() => setReturning(true)}>
              {t('outbound.detail.returnToStock')}
            </Button>
          ) : undefined
        }
      >
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label={t('outbound.detail.project')}>{o.projectName}</Descriptions.Item>
          <Descriptions.Item label={t('outbound.detail.team')}>{o.team}</Descriptions.Item>
          <Descriptions.Item label={t('outbound.detail.location')}>{placeOf(o) || none}</Descriptions.Item>
          <Descriptions.Item label={t('outbound.detail.receivedBy')}>{o.receivedBy}</Descriptions.Item>
          <Descriptions.Item label={isReturn ? t('outbound.detail.returnedOn') : t('outbound.detail.issuedOn')}>
            {o.issuedOn}
          </Descriptions.Item>
          <Descriptions.Item label={t('outbound.detail.issuedBy')}>{o.issuedByName || none}</Descriptions.Item>
          {isReturn && o.returnOfId !== null && (
            <Descriptions.Item label={t('outbound.detail.returnOf')}>
              <Link to={orderPath(o.returnOfId, fromProjectMenu)}>{o.returnOfNumber}</Link>
            </Descriptions.Item>
          )}
          <Descriptions.Item label={isReturn ? t('outbound.detail.reason') : t('outbound.detail.remarks')}>
            {o.remarks || none}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('outbound.detail.lines')}>
        {wide ? (
          <Table<IssueLine> rowKey="id" size="middle" columns={columns} dataSource={o.lines} pagination={false} />
        ) : (
          <ItemList
            items={o.lines}
            rowKey={(l) => l.id}
            renderItem={(l) => (
              <Space orientation="vertical" size={4} style={{ width: '100%', minWidth: 0 }}>
                <Typography.Text style={{ overflowWrap: 'anywhere' }}>
                  {l.materialName} {l.specName} · {l.batchNo}
                </Typography.Text>
                <Typography.Text>
                  {t('outbound.detail.quantity')} {qty(l.quantity, l.unitName)}
                  {!isReturn && ` · ${t('outbound.detail.returnable')} ${qty(l.returnable, l.unitName)}`}
                </Typography.Text>
                <Space size={8} wrap>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('outbound.detail.inspection')}
                  </Typography.Text>
                  {inspection(l)}
                  {codes(l)}
                </Space>
              </Space>
            )}
          />
        )}
      </Card>
      {!isReturn && (
        <Card title={t('outbound.detail.returns')}>
          {o.returns.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('outbound.detail.noReturns')} />
          ) : (
            <ItemList
              items={o.returns}
              rowKey={(r) => r.id}
              renderItem={(r) => (
                <Space orientation="vertical" size={0} style={{ minWidth: 0 }}>
                  <Space size={8} wrap>
                    <Link to={orderPath(r.id, fromProjectMenu)}>{r.number}</Link>
                    <Typography.Text type="secondary">{r.issuedOn}</Typography.Text>
                  </Space>
                  {r.reason && <Typography.Text style={{ overflowWrap: 'anywhere' }}>{r.reason}</Typography.Text>}
                </Space>
              )}
            />
          )}
        </Card>
      )}
      {!isReturn && <Alert type="info" showIcon title={t('outbound.detail.final')} />}
      {returning && <ReturnModal order={o} open onClose={() => setReturning(false)} />}
    </Space>
  );
}
