import { DownloadOutlined, ExportOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Image, Skeleton, Space, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { licenseQuery } from '../api.ts';

export interface LicenseFile {
  id: number;
  name: string;
  mime: string;
  size: number;
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * The licence of an application: an image inline (with antd's zoom preview), a PDF as a link that opens it in a
 * new tab. The file comes through the signed client as a blob and is shown from an object URL.
 */
export function LicensePreview({ applicationId, file }: { applicationId: number; file: LicenseFile }) {
  const { t } = useTranslation('admin');
  const blob = useQuery({
    ...licenseQuery(applicationId),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const url = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : null), [blob.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  if (blob.isError) return <Alert type="error" showIcon title={t('detail.licenseFailed')} />;
  if (!url) return <Skeleton.Image active style={{ width: 240, height: 320 }} />;

  const download = (
    <Button icon={<DownloadOutlined />} href={url} download={file.name}>
      {t('detail.download')}
    </Button>
  );

  if (file.mime.startsWith('image/')) {
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Image
          src={url}
          alt={file.name}
          style={{ maxWidth: '100%', maxHeight: 520, objectFit: 'contain' }}
          styles={{ root: { display: 'block', textAlign: 'center' } }}
        />
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: '60%' }}>
            {file.name}（{sizeText(file.size)}）
          </Typography.Text>
          {download}
        </Flex>
      </Space>
    );
  }

  return (
    <Flex vertical align="center" gap={12} style={{ padding: '32px 16px', background: '#fafafa', borderRadius: 8 }}>
      <FilePdfOutlined style={{ fontSize: 48, color: '#cf1322' }} aria-hidden />
      <Typography.Text strong style={{ textAlign: 'center', wordBreak: 'break-all' }}>
        {file.name}
      </Typography.Text>
      <Typography.Text type="secondary">{sizeText(file.size)}</Typography.Text>
      <Space wrap>
        <Button type="primary" icon={<ExportOutlined />} onClick={() => window.open(url, '_blank', 'noopener')}>
          {t('detail.openPdf')}
        </Button>
        {download}
      </Space>
      <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
        {t('detail.pdfNote')}
      </Typography.Text>
    </Flex>
  );
}
