import { alternateDismissBody } from '@jcbb/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Form,
  Input,
  Select,
  Skeleton,
  Space,
  Table,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { NumericInput } from '../../../components/NumericInput.tsx';
import { PageCard } from '../../../components/PageCard.tsx';
import { ReasonModal } from '../../../components/ReasonModal.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { ApiError } from '../../../lib/http.ts';
import { orderLabels, yuan } from '../components/orders/labels.ts';
import { ORDERS_NS } from '../locales/orders-register.ts';
import {
  type Alternate,
  type AlternateInput,
  type AlternateLine,
  invalidateAlternates,
  orderMutations,
  orderQueries,
} from '../orders-api.ts';
import { PROCUREMENT_PATHS } from '../paths.ts';

/**
 * /buildMaterialProcurement/alternateSuppliers: a project's list lines with their primary supplier, the reasons it
 * is flagged (certificate lapses before it is needed, distributor no longer authorised, a delivered lot failed on
 * site), and ranked alternates — the flagged line's best one proposed, switched to with one click, then a direct
 * purchase or an inquiry prefilled on the selection page. Flagged lines first.
 */
export function AlternateSuppliersPage() {
  const { t } = useTranslation(ORDERS_NS);
  const [params, setParams] = useSearchParams();
  const projects = useQuery(orderQueries.projects());
  const chosen = Number(params.get('projectId')) || projects.data?.list[0]?.id || null;
  return (
    <PageCard
      title={t('alternates.title')}
      tools={
        <Select
          aria-label={t('common.project')}
          placeholder={t('common.chooseProject')}
          style={{ minWidth: 220, maxWidth: '100%' }}
          loading={projects.isFetching}
          value={chosen ?? undefined}
          onChange={(id) => setParams({ projectId: String(id) })}
          options={(projects.data?.list ?? []).map((p) => ({ value: p.id, label: p.name }))}
        />
      }
    >
      <Typography.Paragraph type="secondary">{t('alternates.intro')}</Typography.Paragraph>
      {chosen === null ? (
        projects.isFetching ? (
          <Skeleton active />
        ) : (
          <Empty description={t('common.chooseProject')} />
        )
      ) : (
        <ProjectAlternates key={chosen} projectId={chosen} />
      )}
    </PageCard>
  );
}

function ProjectAlternates({ projectId }: { projectId: number }) {
  const { t } = useTranslation(ORDERS_NS);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = useQuery(orderQueries.alternates(projectId));
  const fromInquiry = useMutation(orderMutations.fromInquiry);
  const [inquiryId, setInquiryId] = useState<number | undefined>();
  if (list.isPending) return <Skeleton active />;
  if (list.isError) return <Alert type="error" showIcon title={list.error.message} />;
  const { lines, awardedInquiries } = list.data;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {awardedInquiries.length > 0 && (
        <Space wrap>
          <Select
            aria-label={t('alternates.fromInquiry')}
            placeholder={t('alternates.fromInquiry')}
            style={{ minWidth: 260 }}
            value={inquiryId}
            onChange={setInquiryId}
            options={awardedInquiries.map((i) => ({ value: i.id, label: `${i.number} ${i.title}` }))}
          />
          <Button
            disabled={!inquiryId}
            loading={fromInquiry.isPending}
            onClick={async () => {
              const r = await fromInquiry.mutateAsync({ inquiryId: inquiryId as number });
              await invalidateAlternates(queryClient);
              message.success(t('alternates.fromInquiryDone', { added: r.added }));
            }}
          >
            {t('alternates.fromInquiry')}
          </Button>
        </Space>
      )}
      {lines.length === 0 ? (
        <Empty description={t('alternates.empty')} />
      ) : (
        lines.map((l) => <LineCard key={l.lineId} line={l} projectId={projectId} />)
      )}
    </Space>
  );
}

function LineCard({ line: l, projectId }: { line: AlternateLine; projectId: number }) {
  const { t, i18n } = useTranslation(ORDERS_NS);
  const labels = orderLabels(i18n.language.startsWith('en'));
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const move = useMutation(orderMutations.move);
  const dismiss = useMutation(orderMutations.dismiss);
  const switchTo = useMutation(orderMutations.switchTo);
  const [dismissing, setDismissing] = useState<Alternate | null>(null);
  const [adding, setAdding] = useState(false);
  const [switched, setSwitched] = useState(false);
  const standing = l.alternates.filter((a) => a.status === 'standby' || a.status === 'proposed');
  const refresh = () => invalidateAlternates(queryClient);

  const doSwitch = (a: Alternate) =>
    modal.confirm({
      content: t('alternates.switchConfirm', { name: `${a.supplierName} ${a.productName}` }),
      onOk: async () => {
        try {
          await switchTo.mutateAsync({ id: a.id });
          setSwitched(true);
          await refresh();
        } catch {
          // Shown by the HTTP client.
        }
      },
    });

  const columns: TableProps<Alternate>['columns'] = [
    { title: t('alternates.rank'), dataIndex: 'rank', key: 'rank', width: 60 },
    {
      title: t('alternates.supplier'),
      key: 'supplier',
      render: (_, a) => (
        <Space orientation="vertical" size={0}>
          <span>{a.supplierName}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {a.productName} {a.specName}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('alternates.price'),
      key: 'price',
      width: 110,
      align: 'right',
      render: (_, a) => (a.quotedUnitPriceFen === null ? t('common.none') : yuan(a.quotedUnitPriceFen)),
    },
    {
      title: t('alternates.reason'),
      key: 'reason',
      responsive: ['lg'],
      render: (_, a) => (
        <Space orientation="vertical" size={0}>
          <span>{a.reason}</span>
          {a.notPrimaryReason && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('alternates.notPrimary')}：{a.notPrimaryReason}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('alternates.status'),
      key: 'status',
      width: 110,
      render: (_, a) => (
        <Space size={4} wrap>
          <Tag color={a.status === 'proposed' ? 'orange' : a.status === 'switched' ? 'green' : undefined}>
            {labels.alternateStatus(a.status)}
          </Tag>
          {a.expired && <Tag color="red">{t('alternates.expired')}</Tag>}
        </Space>
      ),
    },
    {
      title: '',
      key: 'actions',
      width: 220,
      render: (_, a) =>
        a.status === 'standby' || a.status === 'proposed' ? (
          <Space size={0} wrap>
            <Button size="small" type={a.status === 'proposed' ? 'primary' : 'link'} onClick={() => doSwitch(a)}>
              {t('alternates.switch')}
            </Button>
            <Button
              size="small"
              type="link"
              disabled={standing[0]?.id === a.id}
              onClick={async () => {
                await move.mutateAsync({ id: a.id, direction: 'up' });
                await refresh();
              }}
            >
              {t('alternates.up')}
            </Button>
            <Button
              size="small"
              type="link"
              disabled={standing.at(-1)?.id === a.id}
              onClick={async () => {
                await move.mutateAsync({ id: a.id, direction: 'down' });
                await refresh();
              }}
            >
              {t('alternates.down')}
            </Button>
            <Button size="small" type="link" danger onClick={() => setDismissing(a)}>
              {t('alternates.dismiss')}
            </Button>
          </Space>
        ) : null,
    },
  ];

  return (
    <Card
      size="small"
      title={
        <Space wrap>
          <span>
            {l.lineNo}. {l.commonName} {l.spec ?? ''}
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {l.quantity} {l.unit} · {l.requiredBy}
          </Typography.Text>
          {l.flags.length > 0 && <Tag color="red">{t('alternates.flagged')}</Tag>}
        </Space>
      }
    >
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        <Typography.Text>
          {t('alternates.primary')}：
          {l.primary
            ? `${l.primary.supplierName} · ${l.primary.productName} ${l.primary.specName}`
            : t('alternates.noPrimary')}
          {l.primary?.orderNumber ? ` · ${l.primary.orderNumber}` : ''}
        </Typography.Text>
        {l.flags.map((f) => (
          <Alert key={f.flag} type="warning" showIcon title={labels.flag(f.flag)} description={f.detail} />
        ))}
        {switched && (
          <Alert
            type="success"
            showIcon
            title={
              <Space wrap>
                <span>{t('alternates.switched')}</span>
                <Link
                  to={`${PROCUREMENT_PATHS.selectionAndPurchase}?projectId=${projectId}&lineId=${l.lineId}&mode=direct`}
                >
                  {t('alternates.directOrder')}
                </Link>
                <Link
                  to={`${PROCUREMENT_PATHS.selectionAndPurchase}?projectId=${projectId}&lineId=${l.lineId}&mode=inquiry`}
                >
                  {t('alternates.inquiry')}
                </Link>
              </Space>
            }
          />
        )}
        {l.alternates.length === 0 ? (
          <Typography.Text type="secondary">{t('alternates.noAlternates')}</Typography.Text>
        ) : (
          <Table<Alternate>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={l.alternates}
            pagination={false}
            scroll={{ x: 'max-content' }}
          />
        )}
        {adding ? (
          <AddAlternate lineId={l.lineId} onDone={() => setAdding(false)} />
        ) : (
          <Button size="small" onClick={() => setAdding(true)}>
            {t('alternates.add')}
          </Button>
        )}
      </Space>
      <ReasonModal
        open={dismissing !== null}
        text={{
          title: t('alternates.dismissTitle'),
          okText: t('alternates.dismiss'),
          cancelText: t('common.cancel'),
          label: t('detail.reasonLabel'),
          placeholder: t('detail.reasonLabel'),
        }}
        schema={alternateDismissBody.shape.reason}
        submitting={dismiss.isPending}
        serverError={dismiss.error instanceof ApiError ? dismiss.error.fieldErrors.reason : null}
        onCancel={() => setDismissing(null)}
        onSubmit={async (reason) => {
          try {
            await dismiss.mutateAsync({ id: dismissing?.id as number, reason });
            setDismissing(null);
            await refresh();
          } catch (error) {
            if (!(error instanceof ApiError && error.fieldErrors.reason)) message.error((error as Error).message);
          }
        }}
      />
    </Card>
  );
}

/** A typed alternate: supplier and specification (as the catalogue shows their numbers), price, reasons. */
function AddAlternate({ lineId, onDone }: { lineId: number; onDone: () => void }) {
  const { t } = useTranslation(ORDERS_NS);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AlternateInput>();
  const save = useMutation(orderMutations.saveAlternate);
  return (
    <Form<AlternateInput>
      form={form}
      layout="vertical"
      onFinish={async (v) => {
        try {
          await save.mutateAsync({ ...v, listLineId: lineId });
          await invalidateAlternates(queryClient);
          onDone();
        } catch (error) {
          applyFieldErrors(form, error);
        }
      }}
    >
      <Space wrap align="start">
        <Form.Item name="supplierOrgId" label={t('alternates.supplierId')} rules={[{ required: true }]}>
          <NumericInput precision={0} min={1} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="specId" label={t('alternates.specId')} rules={[{ required: true }]}>
          <NumericInput precision={0} min={1} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="quotedUnitPriceFen" label={`${t('alternates.price')}（分）`}>
          <NumericInput precision={0} min={0} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="validUntil" label={t('alternates.validUntil')}>
          <Input type="date" />
        </Form.Item>
      </Space>
      <Form.Item name="reason" label={t('alternates.reason')} rules={[{ required: true }]}>
        <Input maxLength={500} />
      </Form.Item>
      <Form.Item name="notPrimaryReason" label={t('alternates.notPrimary')}>
        <Input maxLength={500} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('alternates.save')}
        </Button>
        <Button onClick={onDone}>{t('common.cancel')}</Button>
      </Space>
    </Form>
  );
}
