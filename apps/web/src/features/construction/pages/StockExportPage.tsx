import { DownloadOutlined } from '@ant-design/icons';
import { exportKindValues } from '@jcbb/contract';
import { OrgType } from '@jcbb/contract/enums';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Form, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageCard } from '../../../components/PageCard.tsx';
import { saveBlob } from '../../../lib/open-blob.ts';
import { useSession } from '../../../lib/session.ts';
import { type ExportKind, stockXlsxApi } from '../api.ts';
import { useXlsxProject } from '../components/stock-xlsx/use-xlsx-project.tsx';
import { CONSTRUCTION_NS } from '../locales/register.ts';

/**
 * /project/stockExport?projectId=: the project's site records as .xlsx (docs/construction.md, "Import and export"):
 * the stock, the deliveries, the issues, and the green-material ledger (绿色建材进场专项台账), for everyone who may
 * read the site (its organisations, the developer, the city's committee).
 */
export function StockExportPage() {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const { message } = App.useApp();
  const { projectId, projectName, picker, waiting } = useXlsxProject();
  const [kind, setKind] = useState<ExportKind>('green_ledger');
  const contractor = useSession().user?.organization?.type === OrgType.CONSTRUCTION;
  const download = useMutation({
    mutationFn: (v: { projectId: number; kind: ExportKind }) => stockXlsxApi.exportFile(v.projectId, v.kind),
    onSuccess: (blob, v) => {
      const name = `${projectName ?? ''}${projectName ? '-' : ''}${t(`stockExport.kinds.${v.kind}`)}.xlsx`;
      saveBlob(blob, name);
      void message.success(t('stockExport.downloaded', { name }));
    },
  });
  return (
    <PageCard
      title={t('stockExport.title')}
      tools={
        contractor && projectId !== null ? (
          <Link to={pageUrl(pages.siteStockImport, { projectId })}>{t('stockExport.toImport')}</Link>
        ) : undefined
      }
    >
      <Typography.Paragraph type="secondary">{t('stockExport.intro')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('stockXlsx.project')}>{projectId === null ? waiting : picker}</Form.Item>
        <Form.Item label={t('stockExport.kind')}>
          <Radio.Group value={kind} onChange={(e) => setKind(e.target.value as ExportKind)} style={{ width: '100%' }}>
            <Space orientation="vertical" size={12} style={{ width: '100%' }}>
              {exportKindValues.map((k) => (
                <div key={k}>
                  <Radio value={k}>
                    <Typography.Text strong>{t(`stockExport.kinds.${k}`)}</Typography.Text>
                  </Radio>
                  <Typography.Paragraph type="secondary" style={{ margin: '2px 0 0 24px' }}>
                    {t(`stockExport.hints.${k}`)}
                  </Typography.Paragraph>
                </div>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          disabled={projectId === null}
          loading={download.isPending}
          onClick={() => projectId !== null && download.mutate({ projectId, kind })}
        >
          {t('stockExport.download')}
        </Button>
      </Form>
    </PageCard>
  );
}
