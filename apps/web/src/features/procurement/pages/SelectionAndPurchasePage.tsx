import { directPurchaseBody } from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Empty,
  Form,
  Grid,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ItemList } from '../../../components/ItemList.tsx';
import { ListToolbar } from '../../../components/ListToolbar.tsx';
import { PageCard } from '../../../components/PageCard.tsx';
import { ReasonModal } from '../../../components/ReasonModal.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { positiveId } from '../../../lib/record-id.ts';
import { useSession } from '../../../lib/session.ts';
import { projectQueries } from '../../project/public.ts';
import { inquiryStatusColor, sourcingLabels, yuanText } from '../components/sourcing/labels.ts';
import { SOURCING_NS } from '../locales/sourcing-register.ts';
import {
  type Candidate,
  type Candidates,
  type InquiryRow,
  invalidateSourcing,
  SOURCING_PAGE_SIZE,
  type SourcingLine,
  type SourcingOverview,
  sourcingMutations,
  sourcingQueries,
} from '../sourcing-api.ts';

const pct = (bp: number | null) => (bp === null ? '—' : (bp / 100).toFixed(0));

/**
 * /buildMaterialProcurement/selectionAndPurchase: a project's list lines with their green state and the policy's
 * compliance; a line's candidates compared side by side (table on a desk, cards on a phone) with what choosing each
 * would do to compliance; choose, buy directly, or gather lines into an inquiry; the project's inquiries.
 */
export function SelectionAndPurchasePage() {
  const { t } = useTranslation(SOURCING_NS);
  const orgType = useSession().user?.organization?.type;
  const [params, setParams] = useSearchParams();
  const projects = useQuery(projectQueries.mine({ take: 100, skip: 0, type: 1, orgType: orgType ?? undefined }));
  const list = projects.data?.list ?? [];
  const chosen = positiveId(params.get('projectId')) ?? list[0]?.id ?? null;
  const setProject = (id: number) => setParams(new URLSearchParams({ projectId: String(id) }));
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <PageCard
        title={t('selection.title')}
        tools={
          list.length > 1 ? (
            <Select<number>
              aria-label={t('common.project')}
              value={chosen ?? undefined}
              onChange={setProject}
              style={{ width: 300, maxWidth: '100%' }}
              options={list.map((p) => ({ value: p.id, label: p.name }))}
            />
          ) : (
            <Typography.Text strong>{list[0]?.name}</Typography.Text>
          )
        }
      >
        {chosen === null ? (
          <Empty />
        ) : (
          <ProjectSelection
            projectId={chosen}
            openLineId={positiveId(params.get('lineId')) ?? null}
            askInquiry={params.get('mode') === 'inquiry'}
          />
        )}
      </PageCard>
      {chosen !== null && <ProjectInquiries projectId={chosen} />}
    </Space>
  );
}

function ComplianceBar({ c }: { c: SourcingOverview['compliance'] }) {
  const { t } = useTranslation(SOURCING_NS);
  if (!c.applicable) return <Tag>{t('selection.notApplicable')}</Tag>;
  return (
    <Space wrap size={4}>
      <Tag color={c.met ? 'green' : 'red'}>{c.met ? t('selection.met') : t('selection.notMet')}</Tag>
      <Tag color={c.mandatoryMet ? 'green' : 'orange'}>
        {t('selection.mandatory', { green: c.mandatoryGreenLines, total: c.mandatoryLines })}
      </Tag>
      {c.optionalMinPct !== null && (
        <Tag color={c.optionalMet ? 'green' : 'orange'}>
          {t('selection.optional', { pct: pct(c.optionalCoverageBp), min: c.optionalMinPct })}
        </Tag>
      )}
      <Tag>{t('selection.greenShare', { pct: pct(c.greenShareByValueBp) })}</Tag>
    </Space>
  );
}

/**
 * One project's lines and their candidates. An address with `lineId` (the alternates page's next step after a switch)
 * opens that line; with `mode=inquiry` as well, the line is put in the inquiry cart.
 */
function ProjectSelection({
  projectId,
  openLineId,
  askInquiry,
}: {
  projectId: number;
  openLineId: number | null;
  askInquiry: boolean;
}) {
  const { t } = useTranslation(SOURCING_NS);
  const overview = useQuery(sourcingQueries.overview(projectId));
  const [lineId, setLineId] = useState<number | null>(openLineId);
  const [cart, setCart] = useState<number[]>(askInquiry && openLineId !== null ? [openLineId] : []);
  const [asking, setAsking] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new project (or a line named in the address) starts a new selection
  useEffect(() => {
    setLineId(openLineId);
    setCart(askInquiry && openLineId !== null ? [openLineId] : []);
  }, [projectId, openLineId, askInquiry]);
  const o = overview.data;
  if (!o) return <Typography.Text type="secondary">…</Typography.Text>;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <div>
        <Typography.Text strong>{t('selection.compliance')}：</Typography.Text> <ComplianceBar c={o.compliance} />
      </div>
      {cart.length > 0 && (
        <Alert
          type="info"
          title={t('selection.inquiryCart', { n: cart.length })}
          action={
            <Button type="primary" size="small" onClick={() => setAsking(true)}>
              {t('selection.newInquiry')}
            </Button>
          }
        />
      )}
      {o.lines.length === 0 ? (
        <Empty description={t('selection.noLines')} />
      ) : (
        <ItemList<SourcingLine>
          items={o.lines}
          rowKey={(l) => l.id}
          renderItem={(l) => (
            <div>
              <Typography.Text strong>
                {l.lineNo}. {l.commonName}
              </Typography.Text>{' '}
              <Typography.Text type="secondary">
                {l.classifyName ?? l.classifyCode} · {l.quantity} {l.unitName} · {l.requiredBy}
              </Typography.Text>{' '}
              <Tag color={l.kind === 'mandatory' ? 'red' : l.kind === 'optional' ? 'blue' : 'default'}>
                {l.categoryName ?? l.kind}
              </Tag>
              <Tag color={l.green ? 'green' : 'default'}>
                {l.green ? t('selection.green') : t('selection.notGreen')}
              </Tag>
              {l.chosen && (
                <div>
                  <Typography.Text type="secondary">
                    {t('selection.chosen', {
                      name: `${l.chosen.productName} ${l.chosen.specName}`,
                      supplier: l.chosen.supplierName,
                    })}
                  </Typography.Text>
                </div>
              )}
            </div>
          )}
          actions={(l) => (
            <Space wrap>
              <Button size="small" type={lineId === l.id ? 'primary' : 'default'} onClick={() => setLineId(l.id)}>
                {t('selection.pick')}
              </Button>
              <Button size="small" disabled={cart.includes(l.id)} onClick={() => setCart((c) => [...c, l.id])}>
                {t('selection.addToInquiry')}
              </Button>
            </Space>
          )}
        />
      )}
      {lineId !== null && <CandidateList lineId={lineId} projectId={projectId} />}
      {asking && (
        <InquiryForm
          projectId={projectId}
          lines={o.lines.filter((l) => cart.includes(l.id))}
          onClose={(done) => {
            setAsking(false);
            if (done) setCart([]);
          }}
        />
      )}
    </Space>
  );
}

function CandidateList({ lineId, projectId }: { lineId: number; projectId: number }) {
  const { t } = useTranslation(SOURCING_NS);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const wide = Grid.useBreakpoint().lg ?? true;
  const q = useQuery(sourcingQueries.candidates(lineId));
  const choose = useMutation(sourcingMutations.choose);
  const unchoose = useMutation(sourcingMutations.unchoose);
  const buy = useMutation(sourcingMutations.directPurchase);
  const [buying, setBuying] = useState<Candidate | null>(null);
  const [quantity, setQuantity] = useState<number | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const d: Candidates | undefined = q.data;
  if (!d) return <Typography.Text type="secondary">…</Typography.Text>;

  const product = (c: Candidate) => (
    <div>
      <Typography.Text strong>
        {c.productName} {c.specName}
      </Typography.Text>
      <div>
        <Typography.Text type="secondary">
          {c.supplierRole === 'maker'
            ? c.makerName
            : `${c.supplierName} · ${t('selection.distributor', { letter: c.authorisationNumber })}`}
        </Typography.Text>
      </div>
      <Space wrap size={2}>
        {c.tags.green && <Tag color="green">{t('selection.greenTag')}</Tag>}
        {c.tags.lowCarbon && <Tag color="cyan">{t('selection.lowCarbon')}</Tag>}
        {c.tags.prefabricated && <Tag color="blue">{t('selection.prefabricated')}</Tag>}
        {c.tags.govProcurement && <Tag color="purple">{t('selection.govProcurement')}</Tag>}
        {c.starRating !== null && <Tag color="gold">{t('selection.star', { n: c.starRating })}</Tag>}
        {c.chosen && <Tag color="success">{t('selection.chosenTag')}</Tag>}
      </Space>
    </div>
  );
  const runway = (c: Candidate) => (
    <Tag
      color={c.certificate.runway === 'through' ? 'green' : c.certificate.runway === 'lapses' ? 'orange' : 'default'}
    >
      {c.certificate.runway === 'lapses'
        ? t('selection.lapses', { date: c.certificate.validUntil })
        : c.certificate.runway === 'through'
          ? t('selection.validUntil', { date: c.certificate.validUntil })
          : '—'}
    </Tag>
  );
  const price = (c: Candidate) =>
    c.unitPriceFen === null ? t('selection.onRequest') : `${yuanText(c.unitPriceFen)} / ${c.unitName}`;
  const carbon = (c: Candidate) => (
    <div>
      <div>{c.missingMass ? t('selection.missingMass') : `${c.transportKgCO2e} kgCO₂e`}</div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('selection.defaultDistance', { km: c.distanceKm })}
        {c.originRegionName ? ` · ${t('selection.from', { region: c.originRegionName })}` : ''}
      </Typography.Text>
    </div>
  );
  const whatIf = (c: Candidate) => <ComplianceBar c={c.whatIf} />;
  const run = async (p: Promise<unknown>) => {
    try {
      await p;
      await invalidateSourcing(qc);
    } catch {
      // The HTTP client has shown the refusal.
    }
  };
  const actions = (c: Candidate) => (
    <Space wrap>
      {c.chosen ? (
        <Button size="small" onClick={() => void run(unchoose.mutateAsync({ lineId }))}>
          {t('selection.unchoose')}
        </Button>
      ) : (
        <Button
          size="small"
          type="primary"
          onClick={() => void run(choose.mutateAsync({ lineId, specId: c.specId, supplierOrgId: c.supplierOrgId }))}
        >
          {t('selection.choose')}
        </Button>
      )}
      {c.unitPriceFen !== null && (
        <Button size="small" onClick={() => setBuying(c)}>
          {t('selection.buy')}
        </Button>
      )}
    </Space>
  );
  return (
    <PageCard title={t('selection.candidates', { name: d.line.commonName })}>
      {d.list.length === 0 ? (
        <Empty description={t('selection.noCandidates')} />
      ) : wide ? (
        <Table<Candidate>
          rowKey={(c) => `${c.specId}-${c.supplierOrgId}`}
          dataSource={d.list}
          pagination={false}
          size="small"
          // The product names the candidate: it takes the room left; the figures keep narrow fixed widths (one
          // column for the unit price and the line's total), so the names never wrap a character per line at 1366 px.
          columns={[
            { title: t('selection.product'), key: 'product', render: (_, c) => product(c) },
            { title: t('selection.runway'), key: 'runway', width: 130, render: (_, c) => runway(c) },
            {
              title: `${t('selection.price')} / ${t('selection.total')}`,
              key: 'price',
              width: 130,
              render: (_, c) => (
                <div>
                  <div>{price(c)}</div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {c.totalFen === null ? '—' : `${t('selection.total')} ${yuanText(c.totalFen)}`}
                  </Typography.Text>
                </div>
              ),
            },
            { title: t('selection.co2'), key: 'co2', width: 150, render: (_, c) => carbon(c) },
            {
              title: t('selection.spot'),
              key: 'spot',
              width: 90,
              render: (_, c) => t('selection.spotText', c.spotChecks),
            },
            { title: t('selection.whatIf'), key: 'whatIf', width: 170, render: (_, c) => whatIf(c) },
            { title: t('selection.actions'), key: 'actions', width: 96, render: (_, c) => actions(c) },
          ]}
        />
      ) : (
        <ItemList<Candidate>
          items={d.list}
          rowKey={(c) => `${c.specId}-${c.supplierOrgId}`}
          renderItem={(c) => (
            <Space orientation="vertical" size={4}>
              {product(c)}
              <div>
                {runway(c)} {price(c)} {c.totalFen !== null ? `· ${yuanText(c.totalFen)}` : ''}
              </div>
              {carbon(c)}
              <div>{t('selection.spotText', c.spotChecks)}</div>
              <div>
                {t('selection.whatIf')}：{whatIf(c)}
              </div>
            </Space>
          )}
          actions={actions}
        />
      )}
      {buying && (
        <Modal open footer={null} title={t('selection.buyTitle')} onCancel={() => setBuying(null)}>
          <Typography.Paragraph>
            {buying.productName} {buying.specName} · {buying.supplierName} · {price(buying)}
          </Typography.Paragraph>
          <Space>
            <span>{t('selection.buyQuantity')}</span>
            <InputNumber
              aria-label={t('selection.buyQuantity')}
              min={0.001}
              defaultValue={Number(d.line.quantity)}
              onChange={(v) => setQuantity(v)}
            />
            <span>{buying.unitName}</span>
          </Space>
          <ReasonModal
            open
            text={{
              title: t('selection.buyTitle'),
              label: t('selection.buyReason'),
              placeholder: t('selection.buyReason'),
              okText: t('selection.buy'),
              cancelText: t('common.cancel'),
            }}
            schema={directPurchaseBody.shape.reason}
            submitting={buy.isPending}
            serverError={serverError}
            onCancel={() => setBuying(null)}
            onSubmit={async (reason) => {
              setServerError(null);
              try {
                const r = await buy.mutateAsync({
                  projectId,
                  supplierOrgId: buying.supplierOrgId,
                  reason,
                  lines: [{ listLineId: lineId, specId: buying.specId, quantity: String(quantity ?? d.line.quantity) }],
                });
                message.success(t('selection.buyDone', { number: r.number }));
                setBuying(null);
                navigate(pageUrl(pages.procurementOrder, { id: r.orderId }));
              } catch (e) {
                setServerError(e instanceof Error ? e.message : String(e));
              }
            }}
          />
        </Modal>
      )}
    </PageCard>
  );
}

interface InquiryFormValues {
  title: string;
  deadline?: dayjs.Dayjs;
  remarks?: string;
  supplierOrgIds: number[];
}

function InquiryForm({
  projectId,
  lines,
  onClose,
}: {
  projectId: number;
  lines: SourcingLine[];
  onClose: (done: boolean) => void;
}) {
  const { t } = useTranslation(SOURCING_NS);
  const [form] = Form.useForm<InquiryFormValues>();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const options = useQuery(
    sourcingQueries.supplierOptions(
      projectId,
      lines.map((l) => l.id),
    ),
  );
  const save = useMutation(sourcingMutations.saveInquiry);
  const onFinish = async (v: InquiryFormValues) => {
    try {
      const saved = await save.mutateAsync({
        projectId,
        title: v.title,
        deadline: v.deadline?.format('YYYY-MM-DD HH:mm') ?? '',
        remarks: v.remarks,
        lines: lines.map((l) => ({ listLineId: l.id, quantity: l.quantity })),
        supplierOrgIds: v.supplierOrgIds ?? [],
      });
      await invalidateSourcing(qc);
      onClose(true);
      navigate(pageUrl(pages.procurementInquiry, { id: saved.id }));
    } catch (e) {
      applyFieldErrors(form, e);
    }
  };
  return (
    <Modal
      open
      title={t('inquiry.formTitle')}
      okText={t('inquiry.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
    >
      <Typography.Paragraph type="secondary">
        {lines.map((l) => `${l.lineNo}. ${l.commonName} ${l.quantity} ${l.unitName}`).join('；')}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        initialValues={{ title: `${lines[0]?.commonName ?? ''}询价` }}
      >
        <Form.Item label={t('inquiry.title')} name="title" rules={[{ required: true }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label={t('inquiry.deadline')} name="deadline" rules={[{ required: true }]}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label={t('inquiry.suppliers')} name="supplierOrgIds" rules={[{ required: true }]}>
          <Select
            mode="multiple"
            aria-label={t('inquiry.suppliers')}
            placeholder={t('inquiry.selectSuppliers')}
            loading={options.isFetching}
            options={(options.data ?? []).map((o) => ({ value: o.orgId, label: o.name }))}
          />
        </Form.Item>
        <Form.Item label={t('inquiry.remarks')} name="remarks">
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ProjectInquiries({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation(SOURCING_NS);
  const labels = sourcingLabels(i18n.language.startsWith('en'));
  const [page, setPage] = useState(1);
  const q = useQuery(
    sourcingQueries.inquiries({ projectId, take: SOURCING_PAGE_SIZE, skip: (page - 1) * SOURCING_PAGE_SIZE }),
  );
  const total = q.data?.total ?? 0;
  return (
    <PageCard title={t('inquiry.list')}>
      <ListToolbar onRefresh={() => void q.refetch()}>{null}</ListToolbar>
      <ItemList<InquiryRow>
        items={q.data?.list ?? []}
        loading={q.isFetching}
        rowKey={(r) => r.id}
        emptyText={t('inquiry.empty')}
        renderItem={(r) => (
          <div>
            <Link to={pageUrl(pages.procurementInquiry, { id: r.id })}>{r.title}</Link>{' '}
            <Tag color={inquiryStatusColor[r.status]}>{labels.inquiryStatus(r.status)}</Tag>
            <div>
              <Typography.Text type="secondary">
                {r.number} · {t('inquiry.deadline')} {r.deadline} · {t('inquiry.submitted', { n: r.submittedCount })}
              </Typography.Text>
            </div>
          </div>
        )}
      />
      {total > SOURCING_PAGE_SIZE && (
        <Space style={{ marginTop: 8 }}>
          <Button disabled={page === 1} onClick={() => setPage(page - 1)}>
            ‹
          </Button>
          <Button disabled={page * SOURCING_PAGE_SIZE >= total} onClick={() => setPage(page + 1)}>
            ›
          </Button>
        </Space>
      )}
    </PageCard>
  );
}
