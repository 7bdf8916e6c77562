import { SearchOutlined } from '@ant-design/icons';
import { CONSTRUCTION_PAGE_SIZE, retrievalSearchQuery } from '@jcbb/contract';
import { formatQuantity } from '@jcbb/contract/quantity';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Form,
  Grid,
  Input,
  Pagination,
  Row,
  Space,
  Table,
  type TableProps,
  Typography,
} from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ItemList } from '../../../components/ItemList.tsx';
import { PageCard } from '../../../components/PageCard.tsx';
import { TextInput } from '../../../components/TextInput.tsx';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { maxLengthOf, rulesFrom } from '../../../lib/zod-rules.ts';
import { type IssuedLineRow, outboundQueries } from '../api.ts';
import { OUTBOUND_PATHS, orderPath, withProject } from '../components/outbound/paths.ts';
import { placeOf } from '../components/outbound/place.ts';
import { useSiteProject } from '../components/SiteProjectPicker.tsx';
import { CONSTRUCTION_NS } from '../locales/register.ts';

interface Filters {
  materialName?: string;
  specName?: string;
  batchNo?: string;
  location?: string;
  from?: string;
  to?: string;
}
type SearchQuery = Filters & { take: number; skip: number };

/** The filter form's text fields, each as the search's schema limits it. */
const TEXT_FIELDS = ['materialName', 'specName', 'batchNo', 'location'] as const;

/**
 * /project/outboundRecord (领用记录): the project's issued lines found by material, specification, batch, where they
 * were used (building, floor or part) and date, each net of what was returned, and the same search totalled per
 * material.
 */
export function OutboundRecordPage() {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const { projectId, picker, waiting } = useSiteProject();
  const tools = (
    <Space wrap>
      {picker}
      <Link to={withProject(OUTBOUND_PATHS.outbound, projectId)}>{t('outbound.record.toOutbound')}</Link>
    </Space>
  );
  if (projectId === null) {
    return (
      <PageCard title={t('outbound.record.title')} tools={tools}>
        {waiting}
      </PageCard>
    );
  }
  return <Record key={projectId} projectId={projectId} tools={tools} />;
}

function Record({ projectId, tools }: { projectId: number; tools: ReactNode }) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const wide = Grid.useBreakpoint().md ?? true;
  const [form] = Form.useForm<Filters>();
  const { query, filter, pagination } = useListQuery<SearchQuery>({ take: CONSTRUCTION_PAGE_SIZE, skip: 0 });
  const filters: Filters = {
    materialName: query.materialName,
    specName: query.specName,
    batchNo: query.batchNo,
    location: query.location,
    from: query.from,
    to: query.to,
  };
  const lines = useQuery({ ...outboundQueries.search({ ...query, projectId }), placeholderData: keepPreviousData });
  const totals = useQuery({ ...outboundQueries.totals({ ...filters, projectId }), placeholderData: keepPreviousData });
  const rows = lines.data?.list ?? [];
  const total = lines.data?.total ?? 0;
  const qty = (q: number, unit: string) => `${formatQuantity(q)} ${unit}`;

  /** The form's values as the search takes them: trimmed, empty fields left out. */
  const apply = (v: Filters) => {
    const clean = (s: string | undefined) => s?.trim() || undefined;
    filter({
      materialName: clean(v.materialName),
      specName: clean(v.specName),
      batchNo: clean(v.batchNo),
      location: clean(v.location),
      from: v.from || undefined,
      to: v.to || undefined,
    });
  };

  const order = (l: IssuedLineRow) => <Link to={orderPath(l.orderId, true)}>{l.orderNumber}</Link>;
  const columns: TableProps<IssuedLineRow>['columns'] = [
    {
      title: t('outbound.record.date'),
      key: 'date',
      width: 110,
      render: (_, l) => <span style={{ whiteSpace: 'nowrap' }}>{l.issuedOn}</span>,
    },
    { title: t('outbound.record.order'), key: 'order', width: 160, render: (_, l) => order(l) },
    {
      title: t('outbound.record.material'),
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
    { title: t('outbound.record.batch'), dataIndex: 'batchNo', width: 120, responsive: ['lg'] },
    {
      title: t('outbound.record.quantity'),
      key: 'quantity',
      width: 110,
      render: (_, l) => qty(l.quantity, l.unitName),
    },
    {
      title: t('outbound.record.net'),
      key: 'net',
      width: 120,
      render: (_, l) => <Typography.Text strong>{qty(l.netQuantity, l.unitName)}</Typography.Text>,
    },
    { title: t('outbound.record.team'), dataIndex: 'team', responsive: ['xl'] },
    {
      title: t('outbound.record.place'),
      key: 'place',
      render: (_, l) => placeOf(l) || t('outbound.common.none'),
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <PageCard title={t('outbound.record.title')} tools={tools}>
        <Form<Filters> form={form} layout="vertical" onFinish={apply}>
          <Row gutter={12}>
            {TEXT_FIELDS.map((name) => (
              <Col key={name} xs={12} md={8} xl={name === 'batchNo' ? 3 : name === 'location' ? 5 : 4}>
                <Form.Item
                  name={name}
                  label={t(`outbound.record.${name}`)}
                  rules={rulesFrom(retrievalSearchQuery, name)}
                >
                  <TextInput
                    allowClear
                    maxLength={maxLengthOf(retrievalSearchQuery.shape[name])}
                    placeholder={name === 'location' ? t('outbound.record.locationPlaceholder') : undefined}
                  />
                </Form.Item>
              </Col>
            ))}
            <Col xs={12} md={8} xl={4}>
              <Form.Item name="from" label={t('outbound.record.from')}>
                <Input type="date" aria-label={t('outbound.record.from')} />
              </Form.Item>
            </Col>
            <Col xs={12} md={8} xl={4}>
              <Form.Item
                name="to"
                label={t('outbound.record.to')}
                dependencies={['from']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: (_, v: string | undefined) => {
                      const from = getFieldValue('from') as string | undefined;
                      return v && from && v < from
                        ? Promise.reject(new Error(t('outbound.record.badRange')))
                        : Promise.resolve();
                    },
                  }),
                ]}
              >
                <Input type="date" aria-label={t('outbound.record.to')} />
              </Form.Item>
            </Col>
          </Row>
          <Flex gap={8} wrap style={{ marginBottom: 16 }}>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('outbound.record.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                apply({});
              }}
            >
              {t('outbound.record.reset')}
            </Button>
          </Flex>
        </Form>
        {lines.isError && <Alert type="error" showIcon title={lines.error.message} style={{ marginBottom: 16 }} />}
        {wide ? (
          <Table<IssuedLineRow>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={rows}
            loading={lines.isFetching}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('outbound.record.empty')} />,
            }}
            pagination={pagination(total, (n) => t('outbound.record.total', { total: n }))}
          />
        ) : (
          <ItemList
            items={rows}
            rowKey={(l) => l.id}
            loading={lines.isFetching}
            emptyText={t('outbound.record.empty')}
            renderItem={(l) => (
              <Space orientation="vertical" size={4} style={{ width: '100%', minWidth: 0 }}>
                <Space size={8} wrap>
                  {order(l)}
                  <Typography.Text type="secondary">{l.issuedOn}</Typography.Text>
                </Space>
                <Typography.Text style={{ overflowWrap: 'anywhere' }}>
                  {l.materialName} {l.specName} · {l.batchNo}
                </Typography.Text>
                <Typography.Text>
                  {t('outbound.record.net')} <Typography.Text strong>{qty(l.netQuantity, l.unitName)}</Typography.Text>
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
                  {[l.team, placeOf(l)].filter(Boolean).join(' · ')}
                </Typography.Text>
              </Space>
            )}
          />
        )}
        {!wide && total > query.take && (
          <Flex justify="center" style={{ marginTop: 12 }}>
            <Pagination simple {...pagination(total)} />
          </Flex>
        )}
      </PageCard>
      <Card title={t('outbound.record.totals')}>
        {totals.isError && <Alert type="error" showIcon title={totals.error.message} />}
        <ItemList
          items={totals.data ?? []}
          rowKey={(r) => `${r.materialName}|${r.specName}|${r.unitName}`}
          loading={totals.isFetching}
          emptyText={t('outbound.record.totalsEmpty')}
          renderItem={(r) => (
            <Flex justify="space-between" gap={12} wrap>
              <Typography.Text style={{ overflowWrap: 'anywhere' }}>
                {r.materialName} {r.specName}
              </Typography.Text>
              <Typography.Text strong>{qty(r.netQuantity, r.unitName)}</Typography.Text>
            </Flex>
          )}
        />
      </Card>
    </Space>
  );
}
