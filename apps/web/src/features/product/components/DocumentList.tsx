import { ProductDocumentKind } from '@jcbb/contract/enums';
import { Button, Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ItemList } from '../../../components/ItemList.tsx';
import type { DocumentItem } from '../api.ts';
import { stars } from '../labels.ts';
import { CertificateState } from './CertificateState.tsx';
import { FileLink } from './FileLink.tsx';

export interface DocumentListProps {
  documents: DocumentItem[];
  /** Shown with a delete button when given (the enterprise administrator's). */
  onDelete?: (doc: DocumentItem) => void;
  emptyText?: string;
}

/** Documents of one kind: the file (opens it), the upload day, and for a green certificate its particulars. */
export function DocumentList({ documents, onDelete, emptyText }: DocumentListProps) {
  const { t } = useTranslation('product');
  if (documents.length === 0) {
    return (
      <Typography.Paragraph type="secondary" style={{ margin: '4px 0 8px' }}>
        {emptyText ?? t('doc.none')}
      </Typography.Paragraph>
    );
  }
  return (
    <ItemList
      size="small"
      items={documents}
      rowKey={(d) => d.id}
      actions={
        onDelete
          ? (d) => (
              <Button type="link" size="small" danger onClick={() => onDelete(d)}>
                {t('common.delete')}
              </Button>
            )
          : undefined
      }
      renderItem={(d) => (
        <Flex vertical gap={4} style={{ minWidth: 0, width: '100%' }}>
          {d.kind === ProductDocumentKind.GREEN_CERTIFICATE ? (
            <>
              <Flex wrap gap={8} align="center">
                <Typography.Text strong>{d.certNo}</Typography.Text>
                <span style={{ color: '#faad14' }}>{stars(d.starRating)}</span>
                <CertificateState validFrom={d.validFrom} validUntil={d.validUntil} />
              </Flex>
              <Descriptions
                size="small"
                column={{ xs: 1, sm: 2 }}
                items={[
                  { key: 'issuer', label: t('doc.issuer'), children: d.issuer ?? '—' },
                  {
                    key: 'validity',
                    label: t('doc.validity'),
                    children: `${d.validFrom ?? '—'} ~ ${d.validUntil ?? '—'}`,
                  },
                ]}
              />
              {d.file ? <FileLink file={d.file} /> : null}
            </>
          ) : (
            <>
              {d.file ? <FileLink file={d.file} /> : <Typography.Text>{d.name}</Typography.Text>}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('doc.uploadedAt')} {d.createdAt}
              </Typography.Text>
            </>
          )}
        </Flex>
      )}
    />
  );
}
