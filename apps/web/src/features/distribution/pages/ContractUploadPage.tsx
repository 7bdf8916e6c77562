import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { productUnits, salesContractLineBody, salesContractSaveBody } from '@jcbb/contract';
import { toMilli } from '@jcbb/contract/quantity';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Col, Form, Input, Radio, Row, Select, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FileField, type UploadedFile } from '../../../components/FileField.tsx';
import { NumericInput } from '../../../components/NumericInput.tsx';
import { PageCard } from '../../../components/PageCard.tsx';
import { TextInput } from '../../../components/TextInput.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { openFetched } from '../../../lib/open-blob.ts';
import { useIdParam } from '../../../lib/record-id.ts';
import { rulesFrom, zodRule } from '../../../lib/zod-rules.ts';
import { RegionCascader } from '../../reference/public.ts';
import { fenToYuanText, yuan, yuanToFen } from '../components/money.ts';
import { SALES_NS } from '../locales/sales-register.ts';
import {
  type ContractDetail,
  type ContractInput,
  invalidateContracts,
  salesFiles,
  salesMutations,
  salesQueries,
} from '../sales-api.ts';
import { salesUrl } from '../sales-paths.ts';

interface LineValues {
  specId?: number;
  quantity?: string;
  unit?: string;
  unitPrice?: string;
}

interface Values {
  number: string;
  onPlatform: boolean;
  buyerOrgId?: number;
  buyerName?: string;
  buyerCreditCode?: string;
  projectId?: number;
  projectName?: string;
  regionCode?: string;
  signedDate?: string;
  validFrom: string;
  validUntil: string;
  lines: LineValues[];
  signedFile?: UploadedFile;
  remarks?: string;
}

/** The signed contract: a PDF or a photo or scan of the paper. */
const CONTRACT_FILE_TYPES = { extensions: ['pdf', 'jpg', 'jpeg', 'png'] };

const lineAmount = (l: LineValues | undefined) =>
  l?.quantity && l.unitPrice ? Math.round((toMilli(l.quantity) * yuanToFen(l.unitPrice)) / 1000) : 0;

function valuesOf(c: ContractDetail): Values {
  return {
    number: c.number,
    onPlatform: c.buyerOrgId !== null,
    buyerOrgId: c.buyerOrgId ?? undefined,
    buyerName: c.buyerOrgId === null ? c.buyerName : undefined,
    buyerCreditCode: c.buyerCreditCode ?? undefined,
    projectId: c.projectId ?? undefined,
    projectName: c.projectId === null ? (c.projectName ?? undefined) : undefined,
    regionCode: c.projectId === null ? c.regionCode : undefined,
    signedDate: c.signedDate ?? undefined,
    validFrom: c.validFrom,
    validUntil: c.validUntil,
    lines: c.lines.map((l) => ({
      specId: l.specId,
      quantity: String(l.quantity),
      unit: l.unit,
      unitPrice: fenToYuanText(l.unitPriceFen),
    })),
    signedFile: c.signedFile ? { id: c.signedFile.id, name: c.signedFile.name } : undefined,
    remarks: c.remarks ?? undefined,
  };
}

/** /productionManagement/contractUpload: record a sales contract as a draft (new, or `?id=` a draft to edit). */
export function ContractUploadPage() {
  const { t } = useTranslation(SALES_NS);
  const id = useIdParam();
  const existing = useQuery({ ...salesQueries.contract(id ?? 0), enabled: id !== null });
  if (id !== null && existing.data === undefined) {
    return (
      <PageCard title={t('form.editTitle')}>
        {existing.isError ? <Alert type="error" showIcon title={existing.error.message} /> : <Skeleton active />}
      </PageCard>
    );
  }
  return <ContractForm contract={existing.data} />;
}

function ContractForm({ contract }: { contract?: ContractDetail }) {
  const { t } = useTranslation(SALES_NS);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const onPlatform = Form.useWatch('onPlatform', form) ?? true;
  const buyerOrgId = Form.useWatch('buyerOrgId', form);
  const projectId = Form.useWatch('projectId', form);
  const lines = Form.useWatch('lines', form) ?? [];
  const [keyword, setKeyword] = useState('');
  const buyers = useQuery({ ...salesQueries.buyers(keyword), enabled: keyword.length > 0 });
  const projects = useQuery({ ...salesQueries.buyerProjects(buyerOrgId ?? 0), enabled: onPlatform && !!buyerOrgId });
  const licensed = useQuery(salesQueries.allLicensed());
  const save = useMutation(salesMutations.saveContract);
  const today = shanghaiToday();

  // Every specification the distributor's letters name, once (a product may be in several letters).
  const specOptions = [
    ...new Map(
      (licensed.data?.list ?? []).flatMap((i) =>
        i.specs.map((s) => [s.id, { value: s.id, label: `${i.productName} ${s.name}`, unit: s.unit }] as const),
      ),
    ).values(),
  ];
  const buyerOptions = [
    ...(contract?.buyerOrgId ? [{ value: contract.buyerOrgId, label: contract.buyerName }] : []),
    ...(buyers.data ?? [])
      .filter((b) => b.id !== contract?.buyerOrgId)
      .map((b) => ({ value: b.id, label: b.creditCode ? `${b.name}（${b.creditCode}）` : b.name })),
  ];
  const total = lines.reduce((sum, l) => sum + lineAmount(l), 0);

  const submit = async (v: Values) => {
    const body: ContractInput = {
      id: contract?.id,
      number: v.number,
      buyerOrgId: v.onPlatform ? v.buyerOrgId : undefined,
      buyerName: v.onPlatform ? undefined : v.buyerName,
      buyerCreditCode: v.onPlatform ? undefined : v.buyerCreditCode,
      projectId: v.onPlatform ? v.projectId : undefined,
      projectName: v.projectId ? undefined : v.projectName,
      regionCode: v.projectId ? undefined : v.regionCode,
      signedDate: v.signedDate || undefined,
      validFrom: v.validFrom,
      validUntil: v.validUntil,
      lines: v.lines.map((l) => ({
        specId: l.specId as number,
        quantity: l.quantity ?? '',
        unit: l.unit ?? '',
        unitPriceFen: l.unitPrice ? yuanToFen(l.unitPrice) : '',
      })) as ContractInput['lines'],
      signedFileId: v.signedFile?.id,
      remarks: v.remarks,
    };
    try {
      const saved = await save.mutateAsync(body);
      await invalidateContracts(queryClient);
      message.success(t('form.saved'));
      navigate(salesUrl.contractDetail(saved.id));
    } catch (error) {
      if (!applyFieldErrors(form, error, { rename: { signedFileId: 'signedFile' }, mapPath: linePath })) {
        message.error((error as Error).message);
      }
    }
  };

  return (
    <PageCard title={contract ? t('form.editTitle') : t('form.createTitle')}>
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={
          contract
            ? valuesOf(contract)
            : { onPlatform: true, validFrom: today, validUntil: addDays(today, 364), lines: [{ unit: undefined }] }
        }
        scrollToFirstError
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="number" label={t('form.number')} rules={rulesFrom(salesContractSaveBody, 'number')}>
              <TextInput maxLength={40} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="onPlatform" label={t('form.buyerKind')}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: true, label: t('form.onPlatform') },
                  { value: false, label: t('form.offPlatform') },
                ]}
                onChange={() => form.setFieldsValue({ projectId: undefined })}
              />
            </Form.Item>
          </Col>
          {onPlatform ? (
            <>
              <Col xs={24} md={12}>
                <Form.Item
                  name="buyerOrgId"
                  label={t('form.buyerOrg')}
                  rules={[{ required: true, message: t('form.buyerSearch') }]}
                >
                  <Select
                    showSearch={{ filterOption: false, onSearch: (k) => setKeyword(k.trim()) }}
                    placeholder={t('form.buyerSearch')}
                    aria-label={t('form.buyerOrg')}
                    loading={buyers.isFetching}
                    options={buyerOptions}
                    onChange={() => form.setFieldsValue({ projectId: undefined })}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="projectId" label={t('form.project')} extra={t('form.projectHint')}>
                  <Select
                    allowClear
                    aria-label={t('form.project')}
                    placeholder={t('form.noProject')}
                    loading={projects.isFetching}
                    options={(projects.data ?? []).map((p) => ({ value: p.id, label: `${p.name}（${p.regionName}）` }))}
                  />
                </Form.Item>
              </Col>
            </>
          ) : (
            <>
              <Col xs={24} md={12}>
                <Form.Item
                  name="buyerName"
                  label={t('form.buyerName')}
                  rules={[{ required: true, message: t('form.buyerName') }]}
                >
                  <TextInput maxLength={100} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="buyerCreditCode"
                  label={t('form.buyerCreditCode')}
                  rules={[
                    { required: true, message: t('form.buyerCreditCode') },
                    zodRule(salesContractSaveBody.shape.buyerCreditCode),
                  ]}
                >
                  <TextInput maxLength={18} style={{ fontFamily: 'monospace' }} />
                </Form.Item>
              </Col>
            </>
          )}
          {!projectId && (
            <>
              <Col xs={24} md={12}>
                <Form.Item name="projectName" label={t('form.projectName')}>
                  <TextInput maxLength={100} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="regionCode"
                  label={t('form.region')}
                  rules={[{ required: true, message: t('form.region') }]}
                >
                  <RegionCascader aria-label={t('form.region')} />
                </Form.Item>
              </Col>
            </>
          )}
          <Col xs={24} md={8}>
            <Form.Item name="signedDate" label={t('form.signedDate')}>
              <Input type="date" aria-label={t('form.signedDate')} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item
              name="validFrom"
              label={t('form.validFrom')}
              rules={rulesFrom(salesContractSaveBody, 'validFrom')}
            >
              <Input type="date" aria-label={t('form.validFrom')} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item
              name="validUntil"
              label={t('form.validUntil')}
              rules={rulesFrom(salesContractSaveBody, 'validUntil')}
            >
              <Input type="date" aria-label={t('form.validUntil')} />
            </Form.Item>
          </Col>
        </Row>

        <Typography.Title level={5}>{t('form.lines')}</Typography.Title>
        <Form.List name="lines">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, i) => (
                <Row key={field.key} gutter={8} align="top" wrap>
                  <Col xs={24} md={9}>
                    <Form.Item
                      name={[field.name, 'specId']}
                      label={i === 0 ? t('form.spec') : undefined}
                      rules={rulesFrom(salesContractLineBody, 'specId')}
                    >
                      <Select
                        showSearch={{ optionFilterProp: 'label' }}
                        aria-label={`${t('form.spec')} ${i + 1}`}
                        options={specOptions}
                        loading={licensed.isFetching}
                        onChange={(specId) => {
                          const unit = specOptions.find((o) => o.value === specId)?.unit;
                          if (unit) form.setFieldValue(['lines', field.name, 'unit'], unit);
                        }}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={8} md={4}>
                    <Form.Item
                      name={[field.name, 'quantity']}
                      label={i === 0 ? t('form.quantity') : undefined}
                      rules={rulesFrom(salesContractLineBody, 'quantity')}
                    >
                      <NumericInput precision={3} min={0} aria-label={`${t('form.quantity')} ${i + 1}`} />
                    </Form.Item>
                  </Col>
                  <Col xs={8} md={3}>
                    <Form.Item
                      name={[field.name, 'unit']}
                      label={i === 0 ? t('form.unit') : undefined}
                      rules={rulesFrom(salesContractLineBody, 'unit')}
                    >
                      <Select
                        showSearch
                        aria-label={`${t('form.unit')} ${i + 1}`}
                        options={productUnits.map((u) => ({ value: u.name, label: u.name }))}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={8} md={4}>
                    <Form.Item
                      name={[field.name, 'unitPrice']}
                      label={i === 0 ? t('form.unitPrice') : undefined}
                      rules={[{ required: true, message: t('form.unitPrice') }]}
                    >
                      <NumericInput precision={2} min={0} aria-label={`${t('form.unitPrice')} ${i + 1}`} />
                    </Form.Item>
                  </Col>
                  <Col xs={20} md={3} style={{ paddingTop: i === 0 ? 30 : 5 }}>
                    <Typography.Text>{yuan(lineAmount(lines[i]))}</Typography.Text>
                  </Col>
                  <Col xs={4} md={1} style={{ paddingTop: i === 0 ? 30 : 0 }}>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`${t('common.delete')} ${i + 1}`}
                      disabled={fields.length === 1}
                      onClick={() => remove(field.name)}
                    />
                  </Col>
                </Row>
              ))}
              <Space style={{ marginBottom: 16 }} wrap>
                <Button icon={<PlusOutlined />} onClick={() => add({})}>
                  {t('form.addLine')}
                </Button>
                <Typography.Text strong>
                  {t('form.amount')}：{yuan(total)}
                </Typography.Text>
              </Space>
            </>
          )}
        </Form.List>

        <Form.Item name="signedFile" label={t('form.file')} extra={t('form.fileHint')}>
          <FileField
            types={CONTRACT_FILE_TYPES}
            upload={salesFiles.upload}
            open={(f) => void openFetched(() => salesFiles.open(f.id), f.name)}
            text={{
              button: t('form.upload'),
              tooLarge: t('form.tooLarge'),
              failed: (m) => t('form.uploadFailed', { message: m }),
            }}
          />
        </Form.Item>
        <Form.Item name="remarks" label={t('form.remarks')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
          <Button onClick={() => navigate(-1)}>{t('common.cancel')}</Button>
        </Space>
      </Form>
    </PageCard>
  );
}

/** The server's `lines.N.unitPriceFen` is the form's `lines.N.unitPrice`. */
const linePath = (path: (string | number)[]) =>
  path[0] === 'lines' && path[2] === 'unitPriceFen' ? ['lines', path[1] as number, 'unitPrice'] : path;
