import { deliveryPapersBody } from '@jcbb/contract';
import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { FileField, type UploadedFile } from '../../../../components/FileField.tsx';
import { TextInput } from '../../../../components/TextInput.tsx';
import { openFetched } from '../../../../lib/open-blob.ts';
import { maxLengthOf, rulesFrom } from '../../../../lib/zod-rules.ts';
import { siteFiles } from '../../api.ts';
import { CONSTRUCTION_NS } from '../../locales/register.ts';

/** A delivery's papers as the forms keep them (the body's upload ids become files with their names). */
export interface PaperValues {
  deliveryNoteNo?: string;
  invoiceNo?: string;
  deliveryNotes?: UploadedFile[];
  invoices?: UploadedFile[];
  remarks?: string;
}

const PAPER_FILE_FIELDS: Record<string, string> = {
  deliveryNoteUploadIds: 'deliveryNotes',
  invoiceUploadIds: 'invoices',
};

/** A server message's path in the body → the form's (a message for `invoiceUploadIds.1` shows under the invoices). */
export const paperFieldPath = (path: (string | number)[]): (string | number)[] => {
  const files = PAPER_FILE_FIELDS[String(path[0])];
  return files ? [files] : path;
};

/** The form's papers as the body takes them. */
export function paperBody(v: PaperValues) {
  return {
    deliveryNoteNo: v.deliveryNoteNo?.trim() || undefined,
    invoiceNo: v.invoiceNo?.trim() || undefined,
    deliveryNoteUploadIds: (v.deliveryNotes ?? []).map((f) => f.id),
    invoiceUploadIds: (v.invoices ?? []).map((f) => f.id),
    remarks: v.remarks?.trim() || undefined,
  };
}

const PAPERS_MAX = 10;
const PAPER_TYPES = { extensions: ['pdf', 'jpg', 'jpeg', 'png', 'webp', 'heic'] };

/**
 * 送货单 and 发票: their numbers and scans or photos (uploaded at once), and a remark. The receive forms and the papers
 * page share them; an invoice often comes after the goods, so every field may stay empty.
 */
export function PaperFields({ remarks = true }: { remarks?: boolean }) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const files = (label: string) => ({
    button: t('papers.upload', { label }),
    wrongType: t('papers.wrongType'),
    tooLarge: t('papers.tooLarge'),
    tooMany: t('papers.tooMany', { max: PAPERS_MAX }),
    failed: (reason: string) => t('papers.failed', { reason }),
  });
  const open = (f: UploadedFile) => void openFetched(() => siteFiles.open(f.id), f.name);
  return (
    <Row gutter={12}>
      <Col xs={24} md={12}>
        <Form.Item
          name="deliveryNoteNo"
          label={t('papers.deliveryNoteNo')}
          rules={rulesFrom(deliveryPapersBody, 'deliveryNoteNo')}
        >
          <TextInput maxLength={maxLengthOf(deliveryPapersBody.shape.deliveryNoteNo)} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="invoiceNo" label={t('papers.invoiceNo')} rules={rulesFrom(deliveryPapersBody, 'invoiceNo')}>
          <TextInput maxLength={maxLengthOf(deliveryPapersBody.shape.invoiceNo)} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="deliveryNotes" label={t('papers.deliveryNotes')}>
          <FileField
            multiple
            maxCount={PAPERS_MAX}
            types={PAPER_TYPES}
            upload={siteFiles.upload}
            open={open}
            text={files(t('papers.deliveryNote'))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="invoices" label={t('papers.invoices')}>
          <FileField
            multiple
            maxCount={PAPERS_MAX}
            types={PAPER_TYPES}
            upload={siteFiles.upload}
            open={open}
            text={files(t('papers.invoice'))}
          />
        </Form.Item>
      </Col>
      {remarks && (
        <Col xs={24}>
          <Form.Item name="remarks" label={t('papers.remarks')} rules={rulesFrom(deliveryPapersBody, 'remarks')}>
            <Input.TextArea rows={2} maxLength={maxLengthOf(deliveryPapersBody.shape.remarks)} showCount />
          </Form.Item>
        </Col>
      )}
    </Row>
  );
}
