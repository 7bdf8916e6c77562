import { ArrowLeftOutlined, FileTextOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { spotCheckCloseBody, spotCheckRectifyBody } from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { formatQuantity } from '@jcbb/contract/quantity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Flex,
  Form,
  Grid,
  Input,
  Modal,
  Space,
  Table,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { ItemList } from '../../../components/ItemList.tsx';
import { PageCard } from '../../../components/PageCard.tsx';
import { RecordState, useRecordQuery } from '../../../components/RecordState.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { openFetched } from '../../../lib/open-blob.ts';
import { maxLengthOf, zodRule } from '../../../lib/zod-rules.ts';
import {
  invalidateSpotChecks,
  type SampleDetail,
  type SpotCheckDetail,
  sampleQueries,
  spotCheckMutations,
  spotCheckQueries,
  witnessFiles,
} from '../api.ts';
import {
  KindText,
  LotStateTag,
  ResultTag,
  SampleStateTag,
  SpotCheckStateTag,
  spotCheckPath,
} from '../components/spot-check/labels.tsx';
import {
  SampleReportModal,
  SampleSendModal,
  type SampleStepTarget,
} from '../components/spot-check/SampleStepModals.tsx';
import { Deadline } from '../components/spot-check/SpotCheckList.tsx';
import { CONSTRUCTION_NS } from '../locales/register.ts';

/** Where a lot's inspection is shown: its delivery's page (the receiving part's). */
const deliveryPath = (id: number) => pageUrl(pages.siteDeliveryDetail, { id });

/**
 * /projectConstruction/spotCheckDetail: a spot check (`?id=`: items, report, rectification; 报告整改 for the
 * construction unit, 闭合 for the supervisor), or a witnessed sample (`?sample=`: the record, its files and report;
 * 送检 and 录入报告 for its witness). One page for both, as both belong to 抽检与见证.
 */
export function SpotCheckDetailPage() {
  const [params] = useSearchParams();
  return params.has('sample') ? <SampleRecord /> : <SpotCheckRecord />;
}

function BackButton({ projectId, tab }: { projectId: number | null; tab: 'samples' | 'checks' }) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const navigate = useNavigate();
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(spotCheckPath(projectId, tab))}>
      {t('spotCheck.back')}
    </Button>
  );
}

/** A file of the record as a button that opens it (fetched through the record, for any reader of the site). */
function FileButton({ name, load }: { name: string; load: () => Promise<Blob> }) {
  return (
    <Button
      type="link"
      size="small"
      icon={<FileTextOutlined />}
      style={{ paddingInline: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
      onClick={() => void openFetched(load, name)}
    >
      {name}
    </Button>
  );
}

// ---- a spot check ----

function SpotCheckRecord() {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const { query, valid } = useRecordQuery(spotCheckQueries.detail);
  return (
    <RecordState
      query={query}
      valid={valid}
      back={<BackButton projectId={null} tab="checks" />}
      notFoundTitle={t('spotCheck.notFound')}
    >
      {(c) => <SpotCheckView check={c} />}
    </RecordState>
  );
}

type CheckItem = SpotCheckDetail['items'][number];

function SpotCheckView({ check: c }: { check: SpotCheckDetail }) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const wide = Grid.useBreakpoint().md ?? true;
  const [action, setAction] = useState<'rectify' | 'close' | null>(null);
  const none = t('spotCheck.none');

  const columns: TableProps<CheckItem>['columns'] = [
    { title: t('spotCheck.itemName'), dataIndex: 'name', key: 'name' },
    { title: t('spotCheck.itemResult'), key: 'result', width: 100, render: (_, i) => <ResultTag result={i.result} /> },
    { title: t('spotCheck.itemRemark'), key: 'remark', render: (_, i) => i.remark ?? none },
  ];

  const tools = (
    <Space wrap>
      {c.actions.includes('rectify') && (
        <Button type="primary" onClick={() => setAction('rectify')}>
          {t('spotCheck.rectify')}
        </Button>
      )}
      {c.actions.includes('close') && (
        <Button type="primary" onClick={() => setAction('close')}>
          {t('spotCheck.close')}
        </Button>
      )}
      <BackButton projectId={c.projectId} tab="checks" />
    </Space>
  );

  return (
    <PageCard
      title={
        <Space wrap size={8}>
          <span>
            <KindText kind={c.kind} /> {c.number}
          </span>
          <SpotCheckStateTag state={c.state} />
        </Space>
      }
      tools={tools}
    >
      <Descriptions
        column={{ xs: 1, md: 2 }}
        size="small"
        bordered={wide}
        items={[
          { key: 'project', label: t('spotCheck.project'), children: c.projectName },
          { key: 'kind', label: t('spotCheck.kind'), children: <KindText kind={c.kind} /> },
          { key: 'checkedOn', label: t('spotCheck.checkedOn'), children: c.checkedOn },
          { key: 'checker', label: t('spotCheck.checker'), children: c.checkerName },
          {
            key: 'lot',
            label: t('spotCheck.lot'),
            children:
              c.deliveryId && c.materialName ? (
                <Link to={deliveryPath(c.deliveryId)}>
                  {c.materialName} · {c.batchNo}
                </Link>
              ) : (
                none
              ),
          },
          { key: 'result', label: t('spotCheck.result'), children: <ResultTag result={c.result} /> },
          { key: 'deadline', label: t('spotCheck.deadline'), children: <Deadline check={c} /> },
          {
            key: 'report',
            label: t('spotCheck.report'),
            children: c.report ? (
              <FileButton name={c.report.name} load={() => witnessFiles.ofSpotCheck(c.id)} />
            ) : (
              t('spotCheck.noReport')
            ),
          },
          { key: 'remarks', label: t('spotCheck.remarks'), children: c.remarks ?? none, span: { xs: 1, md: 2 } },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('spotCheck.items')}
      </Typography.Title>
      {wide ? (
        <Table<CheckItem>
          size="small"
          rowKey={(i) => i.name}
          columns={columns}
          dataSource={c.items}
          pagination={false}
        />
      ) : (
        <ItemList
          size="small"
          items={c.items}
          rowKey={(i) => i.name}
          renderItem={(i) => (
            <Flex vertical gap={2}>
              <Space size={8} wrap>
                <Typography.Text>{i.name}</Typography.Text>
                <ResultTag result={i.result} />
              </Space>
              {i.remark && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {i.remark}
                </Typography.Text>
              )}
            </Flex>
          )}
        />
      )}
      {c.result === 'fail' && (
        <>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('spotCheck.rectification')}
          </Typography.Title>
          {c.rectification ? (
            <Descriptions
              column={1}
              size="small"
              bordered={wide}
              items={[
                {
                  key: 'text',
                  label: t('spotCheck.rectification'),
                  children: <span style={{ whiteSpace: 'pre-wrap' }}>{c.rectification}</span>,
                },
                {
                  key: 'by',
                  label: t('spotCheck.rectifiedBy'),
                  children: `${c.rectifiedByName ?? none} · ${c.rectifiedAt ?? ''}`,
                },
                ...(c.closedAt
                  ? [
                      {
                        key: 'closed',
                        label: t('spotCheck.closedBy'),
                        children: `${c.closedByName ?? none} · ${c.closedAt}`,
                      },
                    ]
                  : []),
              ]}
            />
          ) : (
            <Alert type={c.overdue ? 'error' : 'info'} showIcon title={t('spotCheck.noRectification')} />
          )}
        </>
      )}
      <TextModal
        open={action === 'rectify'}
        id={c.id}
        kind="rectify"
        onClose={() => setAction(null)}
        title={t('spotCheck.rectifyTitle')}
        label={t('spotCheck.rectification')}
        placeholder={t('spotCheck.rectifyPlaceholder')}
        schema={spotCheckRectifyBody.shape.rectification}
      />
      <TextModal
        open={action === 'close'}
        id={c.id}
        kind="close"
        onClose={() => setAction(null)}
        title={t('spotCheck.closeTitle')}
        label={t('spotCheck.closeRemark')}
        placeholder={t('spotCheck.closeRemarkPlaceholder')}
        schema={spotCheckCloseBody.shape.remark}
      />
    </PageCard>
  );
}

/** 报告整改 (the rectification, required) or 闭合 (a remark, optional): one text, checked by the call's schema. */
function TextModal({
  open,
  id,
  kind,
  onClose,
  title,
  label,
  placeholder,
  schema,
}: {
  open: boolean;
  id: number;
  kind: 'rectify' | 'close';
  onClose: () => void;
  title: string;
  label: string;
  placeholder: string;
  schema: z.ZodType;
}) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ text?: string }>();
  const field = kind === 'rectify' ? 'rectification' : 'remark';
  const done = {
    onSuccess: () => {
      message.success(kind === 'rectify' ? t('spotCheck.rectified') : t('spotCheck.closed'));
      void invalidateSpotChecks(queryClient);
      form.resetFields();
      onClose();
    },
    onError: (error: Error) => {
      if (!applyFieldErrors(form, error, { rename: { [field]: 'text' } })) message.error(error.message, 5);
    },
  };
  const rectify = useMutation({ ...spotCheckMutations.rectify, ...done });
  const close = useMutation({ ...spotCheckMutations.close, ...done });
  const submit = ({ text }: { text?: string }) => {
    const value = text?.trim() || undefined;
    if (kind === 'rectify') rectify.mutate({ id, rectification: value as string });
    else close.mutate({ id, remark: value });
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={t('spotCheck.submit')}
      cancelText={t('spotCheck.cancel')}
      confirmLoading={rectify.isPending || close.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="text" label={label} rules={[zodRule(schema)]}>
          <Input.TextArea rows={4} maxLength={maxLengthOf(schema)} showCount placeholder={placeholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

// ---- a witnessed sample ----

function SampleRecord() {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const { query, valid } = useRecordQuery(sampleQueries.detail, 'sample');
  return (
    <RecordState
      query={query}
      valid={valid}
      back={<BackButton projectId={null} tab="samples" />}
      notFoundTitle={t('sample.notFound')}
    >
      {(s) => <SampleView sample={s} />}
    </RecordState>
  );
}

function SampleView({ sample: s }: { sample: SampleDetail }) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const wide = Grid.useBreakpoint().md ?? true;
  const [sending, setSending] = useState<SampleStepTarget | null>(null);
  const [reporting, setReporting] = useState<SampleStepTarget | null>(null);
  const none = t('spotCheck.none');
  const withCert = (name: string, cert: string | null): ReactNode => (cert ? `${name}（${cert}）` : name);

  const tools = (
    <Space wrap>
      {s.actions.includes('send') && (
        <Button type="primary" onClick={() => setSending(s)}>
          {t('sample.send')}
        </Button>
      )}
      {s.actions.includes('report') && (
        <Button type="primary" onClick={() => setReporting(s)}>
          {t('sample.report')}
        </Button>
      )}
      <BackButton projectId={s.projectId} tab="samples" />
    </Space>
  );

  return (
    <PageCard
      title={
        <Space wrap size={8}>
          <span>
            {t('spotCheck.tabSamples')} {s.sampleNo}
          </span>
          <SampleStateTag state={s.state} />
        </Space>
      }
      tools={tools}
    >
      <Descriptions
        column={{ xs: 1, md: 2 }}
        size="small"
        bordered={wide}
        items={[
          { key: 'project', label: t('spotCheck.project'), children: s.projectName },
          {
            key: 'inspection',
            label: t('sample.inspection'),
            children: (
              <Space size={8} wrap>
                <Link to={deliveryPath(s.deliveryId)}>{s.inspectionNumber}</Link>
                <LotStateTag state={s.lotState} />
              </Space>
            ),
          },
          {
            key: 'material',
            label: t('sample.material'),
            children: `${s.materialName} ${s.specName} · ${s.batchNo}`,
            span: { xs: 1, md: 2 },
          },
          {
            key: 'represented',
            label: t('sample.represented'),
            children: formatQuantity(s.representedQuantity, { unit: s.unitName }),
          },
          { key: 'seal', label: t('sample.sealNo'), children: s.sealNo ?? none },
          { key: 'location', label: t('sample.location'), children: s.location },
          { key: 'sampledOn', label: t('sample.sampledOn'), children: s.sampledAt },
          { key: 'sampler', label: t('sample.sampler'), children: withCert(s.samplerName, s.samplerCertNo) },
          { key: 'witness', label: t('sample.witness'), children: withCert(s.witnessName, s.witnessCertNo) },
          { key: 'lab', label: t('sample.lab'), children: s.labName },
          { key: 'sentOn', label: t('sample.sentOnLabel'), children: s.sentOn ?? none },
          {
            key: 'testItems',
            label: t('sample.testItems'),
            span: { xs: 1, md: 2 },
            children: (
              <Space size={[4, 4]} wrap>
                {s.testItems.map((i) => (
                  <Tag key={i}>{i}</Tag>
                ))}
              </Space>
            ),
          },
          {
            key: 'photos',
            label: t('sample.photos'),
            span: { xs: 1, md: 2 },
            children:
              s.photos.length === 0 ? (
                none
              ) : (
                <Flex vertical gap={2}>
                  {s.photos.map((p) => (
                    <FileButton key={p.uploadId} name={p.name} load={() => witnessFiles.ofSample(s.id, p.uploadId)} />
                  ))}
                </Flex>
              ),
          },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('sample.reportSection')}
      </Typography.Title>
      <Descriptions
        column={{ xs: 1, md: 2 }}
        size="small"
        bordered={wide}
        items={[
          { key: 'result', label: t('sample.result'), children: <ResultTag result={s.result} /> },
          { key: 'reportNo', label: t('sample.reportNo'), children: s.reportNo ?? none },
          { key: 'reportDate', label: t('sample.reportDate'), children: s.reportDate ?? none },
          {
            key: 'file',
            label: t('sample.reportFile'),
            children: s.report ? (
              <Flex vertical gap={2}>
                <FileButton
                  name={s.report.name}
                  load={() => witnessFiles.ofSample(s.id, (s.report as { uploadId: number }).uploadId)}
                />
                {s.reportLeafIndex !== null && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    <SafetyCertificateOutlined /> {t('sample.ledger', { index: s.reportLeafIndex })}
                  </Typography.Text>
                )}
              </Flex>
            ) : (
              none
            ),
          },
        ]}
      />
      <SampleSendModal sample={sending} onClose={() => setSending(null)} />
      <SampleReportModal sample={reporting} onClose={() => setReporting(null)} />
    </PageCard>
  );
}
