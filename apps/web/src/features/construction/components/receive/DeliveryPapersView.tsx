import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { openFetched } from '../../../../lib/open-blob.ts';
import { type DeliveryDetail, siteFiles } from '../../api.ts';
import { CONSTRUCTION_NS } from '../../locales/register.ts';

/** A delivery's files by name, each a link any reader of the site opens (the delivery's file call). */
export function PaperFiles({
  files,
  delivery,
}: {
  files: DeliveryDetail['invoices'];
  delivery: DeliveryDetail;
}): ReactNode {
  const { t } = useTranslation(CONSTRUCTION_NS);
  if (files.length === 0) return t('papers.noFiles');
  return (
    <Space wrap size={4}>
      {files.map((f) => (
        <Button
          key={f.uploadId}
          type="link"
          size="small"
          style={{ padding: 0 }}
          onClick={() => void openFetched(() => siteFiles.ofDelivery(delivery.id, f.uploadId), f.name)}
        >
          {f.name}
        </Button>
      ))}
    </Space>
  );
}
