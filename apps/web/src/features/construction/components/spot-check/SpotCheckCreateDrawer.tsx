import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { MAX_UPLOAD_MB, type SpotCheckKindValue, spotCheckCreateBody, type TestResultValue } from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Drawer, Flex, Form, Grid, Input, Radio, Row, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileField, type UploadedFile } from '../../../../components/FileField.tsx';
import { TextInput } from '../../../../components/TextInput.tsx';
import { applyFieldErrors } from '../../../../lib/form-errors.ts';
import { openFetched } from '../../../../lib/open-blob.ts';
import { maxLengthOf, rulesFrom, zodRule } from '../../../../lib/zod-rules.ts';
import { invalidateSpotChecks, spotCheckMutations, spotCheckQueries, witnessFiles } from '../../api.ts';
import { CONSTRUCTION_NS } from '../../locales/register.ts';
import { useWitnessLabels } from './labels.tsx';
import { lotLabel } from './SampleCreateDrawer.tsx';

interface Item {
  name: string;
  result?: TestResultValue;
  remark?: string;
}
interface Values {
  kind?: SpotCheckKindValue;
  inspectionId?: number;
  checkedOn: string;
  items: Item[];
  rectificationDeadline?: string;
  report?: UploadedFile;
  remarks?: string;
}

const REPORT_TYPES = { extensions: ['pdf', 'jpg', 'jpeg', 'png', 'webp'] };
const itemShape = spotCheckCreateBody.shape.items.element.shape;

/**
 * 记录抽检 (the supervision unit on site): the kind, the lot if the check is of a material, the date, the items with
 * their results, the report and remarks. A failed item asks for the rectification deadline. One column on a phone.
 */
export function SpotCheckCreateDrawer({
  open,
  projectId,
  onClose,
}: {
  open: boolean;
  projectId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const wide = Grid.useBreakpoint().md ?? true;
  return (
    <Drawer open={open} onClose={onClose} title={t('spotCheck.createTitle')} size={wide ? 680 : '100%'} destroyOnHidden>
      <SpotCheckForm projectId={projectId} onDone={onClose} />
    </Drawer>
  );
}

function SpotCheckForm({ projectId, onDone }: { projectId: number; onDone: () => void }) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const labels = useWitnessLabels();
  const wide = Grid.useBreakpoint().md ?? true;
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [keyword, setKeyword] = useState<string>();
  const lots = useQuery(spotCheckQueries.lots(projectId, keyword));
  const items = (Form.useWatch('items', form) as Item[] | undefined) ?? [];
  const failed = items.some((i) => i?.result === 'fail');

  useEffect(() => {
    form.setFieldsValue({ kind: 'patrol', checkedOn: shanghaiToday(), items: [{ name: '', result: 'pass' }] });
  }, [form]);

  const create = useMutation({
    ...spotCheckMutations.create,
    onSuccess: () => {
      message.success(t('spotCheck.created'));
      void invalidateSpotChecks(queryClient);
      onDone();
    },
    onError: (error) => {
      if (!applyFieldErrors(form, error, { rename: { reportUploadId: 'report' } })) message.error(error.message, 5);
    },
  });

  const submit = (v: Values) =>
    create.mutate({
      projectId,
      kind: v.kind as SpotCheckKindValue,
      inspectionId: v.inspectionId,
      checkedOn: v.checkedOn,
      items: v.items.map((i) => ({ name: i.name, result: i.result as TestResultValue, remark: i.remark || undefined })),
      rectificationDeadline: failed ? v.rectificationDeadline : undefined,
      reportUploadId: v.report?.id,
      remarks: v.remarks || undefined,
    });

  return (
    <Form<Values> form={form} layout="vertical" onFinish={submit} scrollToFirstError>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="kind" label={t('spotCheck.kind')} rules={rulesFrom(spotCheckCreateBody, 'kind')}>
            <Select<SpotCheckKindValue> aria-label={t('spotCheck.kind')} options={labels.kindOptions} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="checkedOn"
            label={t('spotCheck.checkedOn')}
            rules={rulesFrom(spotCheckCreateBody, 'checkedOn')}
          >
            <Input type="date" max={shanghaiToday()} aria-label={t('spotCheck.checkedOn')} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="inspectionId" label={t('spotCheck.lot')} extra={t('spotCheck.lotHelp')}>
        <Select<number>
          aria-label={t('spotCheck.lot')}
          placeholder={t('spotCheck.lotPlaceholder')}
          allowClear
          showSearch={{ filterOption: false, onSearch: (k) => setKeyword(k.trim() || undefined) }}
          loading={lots.isFetching}
          options={(lots.data?.list ?? []).map((l) => ({ value: l.id, label: lotLabel(l) }))}
        />
      </Form.Item>
      <Form.Item label={t('spotCheck.items')} required>
        <Form.List name="items">
          {(fields, { add, remove }) => (
            <Flex vertical gap={8}>
              {fields.map((field, index) => (
                <Card size="small" key={field.key} styles={{ body: { paddingBottom: 0 } }}>
                  <Row gutter={12} align="top" wrap={!wide}>
                    <Col {...(wide ? { flex: '0 0 34%' } : { span: 24 })}>
                      <Form.Item name={[field.name, 'name']} rules={[zodRule(itemShape.name)]}>
                        <TextInput
                          placeholder={t('spotCheck.itemName')}
                          aria-label={`${t('spotCheck.itemName')} ${index + 1}`}
                          maxLength={maxLengthOf(itemShape.name)}
                        />
                      </Form.Item>
                    </Col>
                    <Col flex="none">
                      <Form.Item name={[field.name, 'result']} rules={[zodRule(itemShape.result)]}>
                        <Radio.Group
                          options={labels.resultOptions}
                          optionType="button"
                          buttonStyle="solid"
                          aria-label={`${t('spotCheck.itemResult')} ${index + 1}`}
                        />
                      </Form.Item>
                    </Col>
                    <Col {...(wide ? { flex: 'auto' } : { span: 24, order: 1 })}>
                      <Form.Item name={[field.name, 'remark']} rules={[zodRule(itemShape.remark)]}>
                        <TextInput
                          placeholder={t('spotCheck.itemRemark')}
                          aria-label={`${t('spotCheck.itemRemark')} ${index + 1}`}
                          maxLength={maxLengthOf(itemShape.remark)}
                        />
                      </Form.Item>
                    </Col>
                    <Col flex="none" style={{ marginLeft: 'auto' }}>
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        disabled={fields.length <= 1}
                        aria-label={`${t('spotCheck.removeItem')} ${index + 1}`}
                        onClick={() => remove(field.name)}
                      />
                    </Col>
                  </Row>
                </Card>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ name: '', result: 'pass' })}
                disabled={fields.length >= 30}
              >
                {t('spotCheck.addItem')}
              </Button>
            </Flex>
          )}
        </Form.List>
      </Form.Item>
      {failed && (
        <>
          <Alert type="warning" showIcon title={t('spotCheck.failHint')} style={{ marginBottom: 16 }} />
          <Form.Item
            name="rectificationDeadline"
            label={t('spotCheck.deadline')}
            extra={t('spotCheck.deadlineHelp')}
            rules={[
              { required: true, message: t('spotCheck.deadlineRequired') },
              zodRule(spotCheckCreateBody.shape.rectificationDeadline),
            ]}
          >
            <Input type="date" min={shanghaiToday()} aria-label={t('spotCheck.deadline')} />
          </Form.Item>
        </>
      )}
      <Form.Item name="report" label={t('spotCheck.report')}>
        <FileField
          types={REPORT_TYPES}
          upload={witnessFiles.upload}
          open={(f) => void openFetched(() => witnessFiles.own(f.id), f.name)}
          text={{
            button: t('spotCheck.upload'),
            wrongType: t('spotCheck.wrongType'),
            tooLarge: t('spotCheck.tooLarge', { mb: MAX_UPLOAD_MB }),
            failed: (reason) => reason,
          }}
        />
      </Form.Item>
      <Form.Item name="remarks" label={t('spotCheck.remarks')} rules={rulesFrom(spotCheckCreateBody, 'remarks')}>
        <Input.TextArea rows={2} maxLength={maxLengthOf(spotCheckCreateBody.shape.remarks)} showCount />
      </Form.Item>
      <Flex justify="flex-end" gap={8} wrap>
        <Button onClick={onDone}>{t('spotCheck.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          {t('spotCheck.save')}
        </Button>
      </Flex>
    </Form>
  );
}
