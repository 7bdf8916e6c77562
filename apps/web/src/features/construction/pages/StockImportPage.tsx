import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { IMPORT_ROWS_MAX } from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { useMutation } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Flex,
  Form,
  Grid,
  Progress,
  Result,
  Space,
  Steps,
  Table,
  type TableProps,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ItemList } from '../../../components/ItemList.tsx';
import { PageCard } from '../../../components/PageCard.tsx';
import { ApiError } from '../../../lib/http.ts';
import { saveBlob } from '../../../lib/open-blob.ts';
import { type ImportPreview, type ImportRowError, type ImportSampleRow, stockXlsxApi } from '../api.ts';
import { useXlsxProject } from '../components/stock-xlsx/use-xlsx-project.tsx';
import { CONSTRUCTION_NS } from '../locales/register.ts';

type Stage =
  | { step: 'pick'; refusal?: string }
  | { step: 'uploading'; name: string; size: number }
  | { step: 'checked'; file: string; preview: ImportPreview; refusal?: { message: string; rows: string[] } }
  | { step: 'done'; deliveries: number; lines: number };

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** What a refusal says: the file's own reason (a 400 on `file`), else the answer's message. */
function refusalOf(error: unknown): { message: string; rows: string[] } {
  if (error instanceof ApiError) {
    const fields = error.fieldErrors;
    const file = fields.file ?? fields.uploadId;
    const rows = Object.entries(fields)
      .filter(([field]) => field.startsWith('rows.'))
      .map(([, message]) => message);
    return { message: file ?? error.message, rows };
  }
  return { message: String(error), rows: [] };
}

/**
 * /project/stockImport?projectId=: the construction unit's import of deliveries from suppliers off the platform
 * (docs/construction.md, "Import and export"): the template, the upload checked row by row with each bad row and its
 * reason, the commit (only when every row is right), and what it recorded.
 */
export function StockImportPage() {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const { projectId, picker, waiting } = useXlsxProject();
  const [stage, setStage] = useState<Stage>({ step: 'pick' });
  // Another project: a preview was of the project it was made for.
  const [previewedFor, setPreviewedFor] = useState(projectId);
  if (previewedFor !== projectId) {
    setPreviewedFor(projectId);
    setStage({ step: 'pick' });
  }
  const template = useMutation({
    mutationFn: (id: number) => stockXlsxApi.template(id),
    onSuccess: (blob) => saveBlob(blob, '平台外到货导入模板.xlsx'),
  });
  const commit = useMutation({
    ...stockXlsxApi.commit,
    onSuccess: (done) => setStage({ step: 'done', ...done }),
    onError: (error) => setStage((s) => (s.step === 'checked' ? { ...s, refusal: refusalOf(error) } : s)),
  });

  const pick = async (file: File) => {
    if (projectId === null) return;
    setStage({ step: 'uploading', name: file.name, size: file.size });
    try {
      const preview = await stockXlsxApi.preview(projectId, file);
      setStage({ step: 'checked', file: file.name, preview });
    } catch (error) {
      setStage({ step: 'pick', refusal: refusalOf(error).message });
    }
  };

  const current = stage.step === 'pick' ? 0 : stage.step === 'done' ? 2 : stage.step === 'uploading' ? 0 : 1;
  return (
    <PageCard
      title={t('stockImport.title')}
      tools={
        <Button
          icon={<DownloadOutlined />}
          disabled={projectId === null}
          loading={template.isPending}
          onClick={() => projectId !== null && template.mutate(projectId)}
        >
          {t('stockImport.template')}
        </Button>
      }
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Form layout="vertical">
          <Form.Item label={t('stockXlsx.project')} style={{ marginBottom: 0 }}>
            {projectId === null ? waiting : picker}
          </Form.Item>
        </Form>
        <Steps
          size="small"
          current={current}
          status={stage.step === 'done' ? 'finish' : 'process'}
          items={[
            { title: t('stockImport.steps.upload') },
            { title: t('stockImport.steps.check') },
            { title: t('stockImport.steps.commit') },
          ]}
        />
        {stage.step === 'pick' && (
          <>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {t('stockImport.intro')}
            </Typography.Paragraph>
            {stage.refusal && (
              <Alert type="error" showIcon title={t('stockImport.refused')} description={stage.refusal} />
            )}
            <Upload.Dragger
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              showUploadList={false}
              disabled={projectId === null}
              beforeUpload={(file) => {
                void pick(file);
                return false;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t('stockImport.drop')}</p>
              <p className="ant-upload-hint">{t('stockImport.dropHint', { max: IMPORT_ROWS_MAX })}</p>
            </Upload.Dragger>
          </>
        )}
        {stage.step === 'uploading' && (
          <div role="status">
            <Typography.Text>
              {t('stockImport.uploading', { name: stage.name, size: sizeText(stage.size) })}
            </Typography.Text>
            <Progress percent={100} status="active" showInfo={false} />
          </div>
        )}
        {stage.step === 'checked' && (
          <Checked
            stage={stage}
            committing={commit.isPending}
            onCommit={() => projectId !== null && commit.mutate({ projectId, uploadId: stage.preview.uploadId })}
            onAgain={() => setStage({ step: 'pick' })}
          />
        )}
        {stage.step === 'done' && (
          <Result
            status="success"
            title={t('stockImport.doneTitle')}
            subTitle={t('stockImport.doneText', { deliveries: stage.deliveries, lines: stage.lines })}
            extra={[
              <Button key="again" type="primary" onClick={() => setStage({ step: 'pick' })}>
                {t('stockImport.again')}
              </Button>,
              <Link key="export" to={pageUrl(pages.siteStockExport, { projectId: projectId ?? '' })}>
                {t('stockImport.toExport')}
              </Link>,
            ]}
          />
        )}
      </Space>
    </PageCard>
  );
}

function Checked({
  stage,
  committing,
  onCommit,
  onAgain,
}: {
  stage: Extract<Stage, { step: 'checked' }>;
  committing: boolean;
  onCommit: () => void;
  onAgain: () => void;
}) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const p = stage.preview;
  const clean = p.errorCount === 0 && p.okRows > 0;
  const badRows = p.rows - p.okRows;
  const errorsByRow = new Map<number, number>();
  for (const e of p.errors) errorsByRow.set(e.row, (errorsByRow.get(e.row) ?? 0) + 1);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {clean ? (
        <Alert type="success" showIcon title={t('stockImport.allGood', { rows: p.rows, deliveries: p.deliveries })} />
      ) : (
        <Alert
          type="error"
          showIcon
          title={t('stockImport.hasErrors', { rows: p.rows, bad: badRows, count: p.errorCount })}
          description={p.errors.length < p.errorCount ? t('stockImport.errorsShown', { shown: p.errors.length }) : null}
        />
      )}
      {stage.refusal && (
        <Alert
          type="error"
          showIcon
          title={t('stockImport.commitFailed')}
          description={
            <>
              <div>{stage.refusal.message}</div>
              {stage.refusal.rows.slice(0, 20).map((r) => (
                <div key={r}>{r}</div>
              ))}
            </>
          }
        />
      )}
      {p.errors.length > 0 && <ErrorTable errors={p.errors} />}
      <SampleTable sample={p.sample} errorsByRow={errorsByRow} />
      {committing && (
        <div role="status">
          <Typography.Text>{t('stockImport.committing', { rows: p.okRows })}</Typography.Text>
          <Progress percent={100} status="active" showInfo={false} />
        </div>
      )}
      <Flex gap={8} wrap>
        {clean && (
          <Button type="primary" loading={committing} onClick={onCommit}>
            {t('stockImport.commit')}
          </Button>
        )}
        <Button disabled={committing} onClick={onAgain}>
          {t('stockImport.reupload')}
        </Button>
      </Flex>
    </Space>
  );
}

function ErrorTable({ errors }: { errors: ImportRowError[] }) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const wide = Grid.useBreakpoint().md ?? true;
  const column = (e: ImportRowError) => e.column ?? t('stockImport.wholeRow');
  const rowKey = (e: ImportRowError) => `${e.row}:${e.column ?? ''}:${e.message}`;
  const columns: TableProps<ImportRowError>['columns'] = [
    { title: t('stockImport.row'), dataIndex: 'row', width: 80 },
    { title: t('stockImport.column'), key: 'column', width: 160, render: (_, e) => column(e) },
    { title: t('stockImport.problem'), dataIndex: 'message' },
  ];
  return (
    <div>
      <Typography.Title level={5}>{t('stockImport.errorsTitle')}</Typography.Title>
      {wide ? (
        <Table<ImportRowError>
          size="small"
          rowKey={rowKey}
          columns={columns}
          dataSource={errors}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        />
      ) : (
        <ItemList
          size="small"
          items={errors.slice(0, 100)}
          rowKey={rowKey}
          renderItem={(e) => (
            <Typography.Text>
              <Typography.Text strong>{t('stockImport.rowLine', { row: e.row })}</Typography.Text> · {column(e)}：
              {e.message}
            </Typography.Text>
          )}
        />
      )}
    </div>
  );
}

function SampleTable({ sample, errorsByRow }: { sample: ImportSampleRow[]; errorsByRow: Map<number, number> }) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const wide = Grid.useBreakpoint().lg ?? true;
  const check = (r: ImportSampleRow) => {
    const n = errorsByRow.get(r.row) ?? 0;
    return n === 0 ? (
      <Tag color="success">{t('stockImport.ok')}</Tag>
    ) : (
      <Tag color="error">{t('stockImport.errorCount', { count: n })}</Tag>
    );
  };
  const columns: TableProps<ImportSampleRow>['columns'] = [
    { title: t('stockImport.row'), dataIndex: 'row', width: 64 },
    { title: t('stockImport.supplier'), dataIndex: 'supplierName', ellipsis: true },
    { title: t('stockImport.material'), dataIndex: 'materialName', ellipsis: true },
    { title: t('stockImport.spec'), dataIndex: 'specName', ellipsis: true },
    { title: t('stockImport.batch'), dataIndex: 'batchNo', ellipsis: true },
    {
      title: t('stockImport.quantity'),
      key: 'quantity',
      width: 110,
      render: (_, r) => (r.quantity === null ? '—' : `${r.quantity} ${r.unitName}`),
    },
    { title: t('stockImport.arrivedOn'), dataIndex: 'arrivedOn', width: 110 },
    { title: t('stockImport.check'), key: 'check', width: 100, render: (_, r) => check(r) },
  ];
  return (
    <div>
      <Typography.Title level={5}>{t('stockImport.sampleTitle', { count: sample.length })}</Typography.Title>
      {wide ? (
        <Table<ImportSampleRow>
          size="small"
          rowKey="row"
          columns={columns}
          dataSource={sample}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        />
      ) : (
        <ItemList
          size="small"
          items={sample}
          rowKey={(r) => r.row}
          actions={check}
          renderItem={(r) => (
            <Space orientation="vertical" size={0}>
              <Typography.Text strong>
                {t('stockImport.rowLine', { row: r.row })} · {r.materialName} {r.specName}
              </Typography.Text>
              <Typography.Text type="secondary">
                {r.supplierName} · {r.batchNo} · {r.quantity === null ? '—' : `${r.quantity} ${r.unitName}`} ·{' '}
                {r.arrivedOn}
              </Typography.Text>
            </Space>
          )}
        />
      )}
    </div>
  );
}
