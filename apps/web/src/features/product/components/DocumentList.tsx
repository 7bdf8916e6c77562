import { ProductDocumentKind, READ_DOCUMENT_KINDS } from '@jcbb/contract/enums';
import { Button, Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ItemList } from '../../../components/ItemList.tsx';
import { ReadingSummary } from '../../evidence-reading/public.ts';
import type { DocumentItem } from '../api.ts';
import { stars } from '../labels.ts';
import { CertificateState } from './CertificateState.tsx';
import { FileLink } from './FileLink.tsx';

export interface DocumentListProps {
  documents: DocumentItem[];
  /** Shown with a delete button when given (the enterprise administrator's). */
  onDelete?: (doc: DocumentItem) => void;
  emptyText?: string;
  /**
   * The product the documents are its: a certificate's or test report's reading is shown beside its file (subject
   * 'product': the manufacturer sees what the auditors will see, before it submits).
   */
  productId?: number;
}

/** The documents read on upload (docs/evidence-reading.md): green certificates and test reports. */

/** Documents of one kind: the file (opens it), the upload day, and for a green certificate its particulars. */
export function DocumentList({ documents, onDelete, emptyText, productId }: DocumentListProps) {
  const { t } = useTranslation('product');
  if (documents.length === 0) {
    return (
      <Typography.Paragraph type="secondary" style={{ margin: '4px 0 8px' }}>
        {emptyText ?? t('doc.none')}
      </Typography.Paragraph>
    );
  }
  const reading = (d: DocumentItem) =>
    productId !== undefined && d.file && READ_DOCUMENT_KINDS.includes(d.kind) ? (
      <ReadingSummary subject="product" id={productId} uploadId={d.file.id} />
    ) : null;
  const read = documents.some((d) => reading(d) !== null);
  return (
    <>
      {read && (
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0', fontSize: 12 }}>
          {t('doc.readingNote')}
        </Typography.Paragraph>
      )}
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
                {reading(d)}
              </>
            ) : (
              <>
                {d.file ? <FileLink file={d.file} /> : <Typography.Text>{d.name}</Typography.Text>}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('doc.uploadedAt')} {d.createdAt}
                </Typography.Text>
                {reading(d)}
              </>
            )}
          </Flex>
        )}
      />
    </>
  );
}
