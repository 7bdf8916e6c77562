import { documentAddBody } from '@jcbb/contract';
import { ProductDocumentKind } from '@jcbb/contract/enums';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, AutoComplete, Col, DatePicker, Form, Modal, Radio, Row } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/TextInput.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { ApiError } from '../../../lib/http.ts';
import { maxLengthOf, zodRule } from '../../../lib/zod-rules.ts';
import { pendingReviewText } from '../../revision/public.ts';
import { productApi, qualificationDropQuery } from '../api.ts';
import { FileUpload, type UploadedRef } from '../components/FileUpload.tsx';
import { validUntilRule } from './rules.ts';

export interface CertificateFormValues {
  certNo: string;
  issuer: string;
  starRating?: number;
  validFrom?: Dayjs | null;
  validUntil?: Dayjs | null;
  file?: UploadedRef;
}

export interface CertificateFormModalProps {
  open: boolean;
  productId: number;
  onClose: () => void;
  onSaved: () => void;
}

const DATE = 'YYYY-MM-DD';
/**
 * documentAddBody's fields are optional for other kinds of document; a green certificate needs them (the body's
 * refinement, whose words the required rules repeat), so the form requires them and the schema checks the rest.
 */
const body = documentAddBody.shape;

/**
 * A green building material certificate: number, issuing body, star rating 1–3, validity and the certificate's
 * file. Its green tag follows on the server as soon as it is saved (documents are added, not edited: a renewed
 * certificate is a new one).
 */
export function CertificateFormModal({ open, productId, onClose, onSaved }: CertificateFormModalProps) {
  const { t } = useTranslation('product');
  const { message } = App.useApp();
  const [form] = Form.useForm<CertificateFormValues>();
  const drop = useQuery({ ...qualificationDropQuery(), enabled: open });

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const save = useMutation({
    mutationFn: (v: CertificateFormValues) =>
      productApi.addDocument({
        productId,
        kind: ProductDocumentKind.GREEN_CERTIFICATE,
        name: v.file?.name ?? `${t('doc.green')} ${v.certNo}`,
        uploadId: v.file?.id,
        certNo: v.certNo,
        issuer: v.issuer,
        starRating: v.starRating,
        validFrom: v.validFrom?.format(DATE),
        validUntil: v.validUntil?.format(DATE),
      }),
    onSuccess: (saved) => {
      const pending = pendingReviewText(saved);
      if (pending) message.info(pending, 8);
      else message.success(t('common.saved'));
      onSaved();
    },
    onError: (error) => {
      if (!applyFieldErrors(form, error, { rename: { uploadId: 'file' } }) && error instanceof ApiError)
        message.error(error.message);
    },
  });

  return (
    <Modal
      open={open}
      title={t('doc.addCertificate')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      width={640}
      forceRender
    >
      <Form<CertificateFormValues> form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="certNo"
              label={t('doc.certNo')}
              rules={[{ required: true, whitespace: true, message: t('doc.certNoRequired') }, zodRule(body.certNo)]}
            >
              <TextInput maxLength={maxLengthOf(body.certNo)} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="issuer"
              label={t('doc.issuer')}
              rules={[{ required: true, whitespace: true, message: t('doc.issuerRequired') }, zodRule(body.issuer)]}
            >
              <AutoComplete
                maxLength={maxLengthOf(body.issuer)}
                options={(drop.data?.issuers ?? []).map((i) => ({ value: i }))}
                showSearch={{
                  filterOption: (input, option) => String(option?.value ?? '').includes(input.trim()),
                }}
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="starRating"
              label={t('doc.starRating')}
              rules={[{ required: true, message: t('doc.starRequired') }, zodRule(body.starRating)]}
            >
              <Radio.Group
                optionType="button"
                options={[1, 2, 3].map((n) => ({
                  value: n,
                  label: `${'★'.repeat(n)} ${t('search.star', { count: n })}`,
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="validFrom"
              label={t('doc.validFrom')}
              rules={[{ required: true, message: t('doc.validFromRequired') }]}
            >
              <DatePicker style={{ width: '100%' }} format={DATE} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="validUntil"
              label={t('doc.validUntil')}
              dependencies={['validFrom']}
              rules={[
                { required: true, message: t('doc.validUntilRequired') },
                validUntilRule(t('doc.validUntilAfter')),
              ]}
            >
              <DatePicker style={{ width: '100%' }} format={DATE} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="file" label={t('doc.file')} rules={[{ required: true, message: t('doc.fileRequired') }]}>
              <FileUpload />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
