import { PlusOutlined } from '@ant-design/icons';
import { ProductDocumentKind, Role } from '@jcbb/contract/enums';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../lib/session.ts';
import { type DocumentItem, documentsQuery, invalidateProductCentre, productApi } from '../../api.ts';
import { DocumentList } from '../../components/DocumentList.tsx';
import { DocumentUploadButton } from '../../components/DocumentUploadButton.tsx';
import { CertificateFormModal } from '../../forms/CertificateFormModal.tsx';

function Section({
  title,
  hint,
  extra,
  children,
}: {
  title: string;
  hint: string;
  extra: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card
      type="inner"
      size="small"
      title={title}
      extra={extra}
      styles={{ header: { flexWrap: 'wrap', gap: 8, paddingBlock: 8 } }}
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 4, fontSize: 13 }}>
        {hint}
      </Typography.Paragraph>
      {children}
    </Card>
  );
}

/**
 * Step 3: the qualification documents the tags are derived from (carbon-footprint report, green building material
 * certificates, test reports) and the manuals. Each is saved the moment it is added.
 */
export function DocumentsStep({ productId }: { productId: number }) {
  const { t } = useTranslation('product');
  const { modal, message } = App.useApp();
  const { user } = useSession();
  const canDelete = user?.roles.includes(Role.ENTERPRISE_ADMIN) ?? false;
  const queryClient = useQueryClient();
  const [addingCert, setAddingCert] = useState(false);
  const docs = useQuery(documentsQuery(productId));
  const ofKind = (kind: number) => (docs.data ?? []).filter((d) => d.kind === kind);
  const refresh = () => invalidateProductCentre(queryClient);

  const remove = useMutation({
    mutationFn: (id: number) => productApi.removeDocument(id),
    onSuccess: () => {
      message.success(t('common.deleted'));
      void refresh();
    },
  });
  const onDelete = canDelete
    ? (d: DocumentItem) =>
        modal.confirm({
          title: t('doc.deleteConfirm', { name: d.certNo ?? d.name }),
          okText: t('common.delete'),
          okButtonProps: { danger: true },
          cancelText: t('common.cancel'),
          onOk: () => remove.mutateAsync(d.id),
        })
    : undefined;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Alert type="info" showIcon title={t('edit.documentsIntro')} />
      <Section
        title={t('doc.carbon')}
        hint={t('doc.carbonHint')}
        extra={<DocumentUploadButton productId={productId} kind={ProductDocumentKind.CARBON_FOOTPRINT_REPORT} />}
      >
        <DocumentList documents={ofKind(ProductDocumentKind.CARBON_FOOTPRINT_REPORT)} onDelete={onDelete} />
      </Section>
      <Section
        title={t('doc.green')}
        hint={t('doc.greenHint')}
        extra={
          <Button icon={<PlusOutlined />} onClick={() => setAddingCert(true)}>
            {t('doc.addCertificate')}
          </Button>
        }
      >
        <DocumentList
          documents={ofKind(ProductDocumentKind.GREEN_CERTIFICATE)}
          onDelete={onDelete}
          productId={productId}
        />
      </Section>
      <Section
        title={t('doc.test')}
        hint={t('doc.testHint')}
        extra={<DocumentUploadButton productId={productId} kind={ProductDocumentKind.TEST_REPORT} />}
      >
        <DocumentList documents={ofKind(ProductDocumentKind.TEST_REPORT)} onDelete={onDelete} productId={productId} />
      </Section>
      <Section
        title={t('doc.manual')}
        hint={t('manuals.intro')}
        extra={<DocumentUploadButton productId={productId} kind={ProductDocumentKind.MANUAL} />}
      >
        <DocumentList documents={ofKind(ProductDocumentKind.MANUAL)} onDelete={onDelete} />
      </Section>
      <CertificateFormModal
        open={addingCert}
        productId={productId}
        onClose={() => setAddingCert(false)}
        onSaved={() => {
          setAddingCert(false);
          void refresh();
        }}
      />
    </Space>
  );
}
