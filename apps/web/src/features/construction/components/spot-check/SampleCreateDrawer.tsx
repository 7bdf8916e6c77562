import { MAX_UPLOAD_MB, sampleCreateBody } from '@jcbb/contract';
import { formatQuantity, fromMilli, toMilli } from '@jcbb/contract/quantity';
import { shanghaiToday } from '@jcbb/contract/time';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Col, Drawer, Flex, Form, Grid, Input, Row, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FileField, type UploadedFile } from '../../../../components/FileField.tsx';
import { NumericInput } from '../../../../components/NumericInput.tsx';
import { TextInput } from '../../../../components/TextInput.tsx';
import { applyFieldErrors } from '../../../../lib/form-errors.ts';
import { openFetched } from '../../../../lib/open-blob.ts';
import { useSession } from '../../../../lib/session.ts';
import { maxLengthOf, rulesFrom } from '../../../../lib/zod-rules.ts';
import { invalidateSamples, type SiteLot, sampleMutations, sampleQueries, witnessFiles } from '../../api.ts';
import { CONSTRUCTION_NS } from '../../locales/register.ts';

interface Values {
  inspectionId?: number;
  sealNo?: string;
  /** As typed (three decimals at most). */
  representedQuantity: string;
  location: string;
  sampledOn: string;
  samplerName: string;
  samplerCertNo?: string;
  witnessCertNo?: string;
  labName: string;
  testItems: string[];
  photos?: UploadedFile[];
}

/** The contract's limit of photoUploadIds. */
const PHOTOS_MAX = 10;
const PHOTO_TYPES = { extensions: ['jpg', 'jpeg', 'png', 'webp', 'heic'] };
const FORM_FIELD: Record<string, string> = { photoUploadIds: 'photos' };

export const lotLabel = (l: Pick<SiteLot, 'materialName' | 'specName' | 'batchNo' | 'quantity' | 'unitName'>) =>
  `${l.materialName} ${l.specName} · ${l.batchNo}（${formatQuantity(l.quantity, { unit: l.unitName })}）`;

/**
 * 见证取样记录: the witness (the signed-in user) records a sample of a lot held for its retest, taken and sealed in
 * their presence. Choosing the lot fills in the tests its category asks for and the lot's quantity; the server
 * checks the rest (the quantity, the dates, who may witness). One column on a phone: it is filled in on site.
 */
export function SampleCreateDrawer({
  open,
  projectId,
  inspectionId,
  onClose,
  onCreated,
}: {
  open: boolean;
  projectId: number;
  /** A lot chosen beforehand (the inspection's 见证取样 button). */
  inspectionId?: number;
  onClose: () => void;
  onCreated?: (id: number) => void;
}) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const wide = Grid.useBreakpoint().md ?? true;
  return (
    <Drawer open={open} onClose={onClose} title={t('sample.createTitle')} size={wide ? 680 : '100%'} destroyOnHidden>
      <SampleForm
        projectId={projectId}
        inspectionId={inspectionId}
        onCancel={onClose}
        onCreated={(id) => {
          onCreated?.(id);
          onClose();
        }}
      />
    </Drawer>
  );
}

function SampleForm({
  projectId,
  inspectionId,
  onCancel,
  onCreated,
}: {
  projectId: number;
  inspectionId?: number;
  onCancel: () => void;
  onCreated: (id: number) => void;
}) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const witness = useSession().user?.realName ?? '';
  const lots = useQuery(sampleQueries.retestLots(projectId));
  const chosen = Form.useWatch('inspectionId', form);
  const lot = useQuery({ ...sampleQueries.lot(chosen ?? 0), enabled: chosen !== undefined });
  const options = lots.data?.list ?? [];
  const mayWitness = lot.data ? lot.data.actions.includes('sample') : true;

  useEffect(() => {
    form.setFieldsValue({ sampledOn: shanghaiToday(), inspectionId, testItems: [] });
  }, [form, inspectionId]);

  // A lot chosen: the tests its category asks for, and its quantity as the quantity represented.
  const loaded = lot.data;
  useEffect(() => {
    if (!loaded) return;
    form.setFieldsValue({
      testItems: loaded.rule.testItems,
      representedQuantity: String(fromMilli(toMilli(loaded.quantity))),
    });
  }, [loaded, form]);

  const create = useMutation({
    ...sampleMutations.create,
    onSuccess: ({ id }) => {
      message.success(t('sample.created'));
      void invalidateSamples(queryClient);
      onCreated(id);
    },
    onError: (error) => {
      if (!applyFieldErrors(form, error, { rename: FORM_FIELD })) message.error(error.message, 5);
    },
  });

  const submit = (v: Values) =>
    create.mutate({
      inspectionId: v.inspectionId as number,
      sealNo: v.sealNo || undefined,
      representedQuantity: Number(v.representedQuantity),
      location: v.location,
      sampledOn: v.sampledOn,
      samplerName: v.samplerName,
      samplerCertNo: v.samplerCertNo || undefined,
      witnessCertNo: v.witnessCertNo || undefined,
      labName: v.labName,
      testItems: v.testItems,
      photoUploadIds: (v.photos ?? []).map((p) => p.id),
    });

  const shape = sampleCreateBody.shape;
  return (
    <Form<Values> form={form} layout="vertical" onFinish={submit} scrollToFirstError>
      <Form.Item
        name="inspectionId"
        label={t('sample.lot')}
        rules={rulesFrom(sampleCreateBody, 'inspectionId')}
        extra={lots.data && options.length === 0 ? t('sample.noLots') : undefined}
      >
        <Select<number>
          aria-label={t('sample.lot')}
          placeholder={t('sample.lotPlaceholder')}
          showSearch={{ optionFilterProp: 'label' }}
          loading={lots.isFetching}
          options={options.map((l) => ({ value: l.id, label: lotLabel(l) }))}
        />
      </Form.Item>
      {!mayWitness && <Alert type="warning" showIcon title={t('sample.notWitness')} style={{ marginBottom: 16 }} />}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="representedQuantity"
            label={t('sample.represented')}
            extra={
              loaded
                ? t('sample.representedHelp', { max: formatQuantity(loaded.quantity, { unit: loaded.unitName }) })
                : undefined
            }
            rules={rulesFrom(sampleCreateBody, 'representedQuantity')}
          >
            <NumericInput precision={3} min={0} aria-label={t('sample.represented')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="sampledOn" label={t('sample.sampledOn')} rules={rulesFrom(sampleCreateBody, 'sampledOn')}>
            <Input type="date" max={shanghaiToday()} aria-label={t('sample.sampledOn')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="location" label={t('sample.location')} rules={rulesFrom(sampleCreateBody, 'location')}>
            <TextInput maxLength={maxLengthOf(shape.location)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="sealNo" label={t('sample.sealNo')} rules={rulesFrom(sampleCreateBody, 'sealNo')}>
            <TextInput maxLength={maxLengthOf(shape.sealNo)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="samplerName"
            label={t('sample.samplerName')}
            rules={rulesFrom(sampleCreateBody, 'samplerName')}
          >
            <TextInput maxLength={maxLengthOf(shape.samplerName)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="samplerCertNo"
            label={t('sample.samplerCertNo')}
            rules={rulesFrom(sampleCreateBody, 'samplerCertNo')}
          >
            <TextInput maxLength={maxLengthOf(shape.samplerCertNo)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('sample.witness')} extra={t('sample.witnessHelp')}>
            <Input value={witness} disabled aria-label={t('sample.witness')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="witnessCertNo"
            label={t('sample.witnessCertNo')}
            rules={rulesFrom(sampleCreateBody, 'witnessCertNo')}
          >
            <TextInput maxLength={maxLengthOf(shape.witnessCertNo)} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="labName" label={t('sample.lab')} rules={rulesFrom(sampleCreateBody, 'labName')}>
        <TextInput maxLength={maxLengthOf(shape.labName)} />
      </Form.Item>
      <Form.Item
        name="testItems"
        label={t('sample.testItems')}
        extra={t('sample.testItemsHelp')}
        rules={rulesFrom(sampleCreateBody, 'testItems')}
      >
        <Select mode="tags" aria-label={t('sample.testItems')} open={false} tokenSeparators={[',', '，', '、']} />
      </Form.Item>
      <Form.Item name="photos" label={t('sample.photos')} extra={t('sample.photosHelp', { max: PHOTOS_MAX })}>
        <FileField
          multiple
          maxCount={PHOTOS_MAX}
          types={PHOTO_TYPES}
          upload={witnessFiles.upload}
          open={(f) => void openFetched(() => witnessFiles.own(f.id), f.name)}
          text={{
            button: t('spotCheck.upload'),
            wrongType: t('spotCheck.wrongType'),
            tooLarge: t('spotCheck.tooLarge', { mb: MAX_UPLOAD_MB }),
            tooMany: t('sample.tooMany', { max: PHOTOS_MAX }),
            failed: (reason) => reason,
          }}
        />
      </Form.Item>
      <Flex justify="flex-end" gap={8} wrap>
        <Button onClick={onCancel}>{t('spotCheck.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={create.isPending} disabled={!mayWitness}>
          {t('spotCheck.save')}
        </Button>
      </Flex>
    </Form>
  );
}
