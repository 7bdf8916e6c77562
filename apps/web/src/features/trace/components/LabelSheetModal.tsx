import { LABEL_SIZE_MM, labelSheetQuery } from '@jcbb/contract';
import { useMutation } from '@tanstack/react-query';
import { Col, Form, Modal, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumericInput } from '../../../components/NumericInput.tsx';
import { saveBlob } from '../../../lib/open-blob.ts';
import { rulesFrom } from '../../../lib/zod-rules.ts';
import { type LotDetail, lotFiles } from '../api.ts';
import { TRACE_NS } from '../locales/register.ts';

interface Values {
  widthMm: string;
  heightMm: string;
}

/** 下载二维码标签: A4 sheets of the lot's top-level codes as QR labels of the size chosen (PDF). */
export function LabelSheetModal({ open, lot, onClose }: { open: boolean; lot: LotDetail; onClose: () => void }) {
  const { t } = useTranslation(TRACE_NS);
  const [form] = Form.useForm<Values>();
  const fetchSheet = useMutation({
    mutationFn: (v: Values) =>
      lotFiles.labels({ lotId: lot.id, widthMm: Number(v.widthMm), heightMm: Number(v.heightMm) }),
    onSuccess: (blob) => {
      saveBlob(blob, t('codes.labelFile', { batchNo: lot.batchNo }));
      onClose();
    },
    // The HTTP client has shown why.
  });
  return (
    <Modal
      open={open}
      title={t('codes.labelsTitle', { batchNo: lot.batchNo })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('codes.download')}
      cancelText={t('common.cancel')}
      confirmLoading={fetchSheet.isPending}
      forceRender
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(v) => fetchSheet.mutate(v)}
        initialValues={{
          widthMm: String(LABEL_SIZE_MM.defaultWidth),
          heightMm: String(LABEL_SIZE_MM.defaultHeight),
        }}
      >
        <Typography.Paragraph type="secondary">
          {t('codes.labelsHelp', { count: lot.codeCount, min: LABEL_SIZE_MM.min, max: LABEL_SIZE_MM.max })}
        </Typography.Paragraph>
        <Row gutter={16}>
          <Col xs={12}>
            <Form.Item name="widthMm" label={t('codes.labelWidth')} rules={rulesFrom(labelSheetQuery, 'widthMm')}>
              <NumericInput precision={0} min={0} aria-label={t('codes.labelWidth')} suffix="mm" />
            </Form.Item>
          </Col>
          <Col xs={12}>
            <Form.Item name="heightMm" label={t('codes.labelHeight')} rules={rulesFrom(labelSheetQuery, 'heightMm')}>
              <NumericInput precision={0} min={0} aria-label={t('codes.labelHeight')} suffix="mm" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
