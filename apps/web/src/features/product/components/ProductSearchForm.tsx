import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import type { ProductSearchBody } from '@jcbb/contract';
import { Button, Col, Form, Row, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClassificationSelect } from '../../../components/ClassificationSelect.tsx';
import { TextInput } from '../../../components/TextInput.tsx';

/** The filters of spec §3's product search form (take and skip are the page's). */
export type ProductFilters = Omit<ProductSearchBody, 'take' | 'skip'>;

interface FormValues {
  materialName?: string;
  classifyCode?: string;
  isGreen?: number;
  isGovProcurement?: number;
  starRating?: number;
  isRecommend?: number;
}

/** Form values → filters: empty fields are left out; the yes/no selects become booleans. */
export function toFilters(v: FormValues): ProductFilters {
  const flag = (x: number | undefined) => (x === undefined || x === null ? undefined : x === 1);
  const filters: ProductFilters = {
    materialName: v.materialName?.trim() || undefined,
    classifyCode: v.classifyCode || undefined,
    isGreen: flag(v.isGreen),
    isGovProcurement: flag(v.isGovProcurement),
    starRating: v.starRating || undefined,
    isRecommend: flag(v.isRecommend),
  };
  return Object.fromEntries(Object.entries(filters).filter(([, x]) => x !== undefined)) as ProductFilters;
}

/** The manufacturer's product search form (spec §3): name, class, green, government procurement, stars, recommended. */
export function ProductSearchForm({
  onSearch,
  collapsible = false,
}: {
  onSearch: (filters: ProductFilters) => void;
  /** On a phone only the name shows until the user opens the other filters (their values stay). */
  collapsible?: boolean;
}) {
  const { t } = useTranslation('product');
  const [form] = Form.useForm<FormValues>();
  const [expanded, setExpanded] = useState(false);
  const folded = collapsible && !expanded;
  const more = folded ? { style: { display: 'none' } } : {};
  const yesNo = [
    { value: 1, label: t('common.yes') },
    { value: 0, label: t('common.no') },
  ];
  const col = { xs: 24, sm: 12, lg: 8, xl: 6 };
  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      onFinish={(v) => onSearch(toFilters(v))}
      style={{ marginBottom: 8 }}
      aria-label={t('common.search')}
    >
      <Row gutter={16}>
        <Col {...col}>
          <Form.Item name="materialName" label={t('search.materialName')}>
            <TextInput placeholder={t('search.materialNamePlaceholder')} allowClear />
          </Form.Item>
        </Col>
        <Col {...col} {...more}>
          <Form.Item name="classifyCode" label={t('search.classifyCode')}>
            <ClassificationSelect placeholder={t('search.classifyPlaceholder')} />
          </Form.Item>
        </Col>
        <Col {...col} {...more}>
          <Form.Item name="isGreen" label={t('search.isGreen')}>
            <Select allowClear placeholder={t('common.all')} options={yesNo} />
          </Form.Item>
        </Col>
        <Col {...col} {...more}>
          <Form.Item name="isGovProcurement" label={t('search.isGovProcurement')}>
            <Select allowClear placeholder={t('common.all')} options={yesNo} />
          </Form.Item>
        </Col>
        <Col {...col} {...more}>
          <Form.Item name="starRating" label={t('search.starRating')}>
            <Select
              allowClear
              placeholder={t('common.all')}
              options={[1, 2, 3].map((n) => ({
                value: n,
                label: `${'★'.repeat(n)} ${t('search.star', { count: n })}`,
              }))}
            />
          </Form.Item>
        </Col>
        <Col {...col} {...more}>
          <Form.Item name="isRecommend" label={t('search.isRecommend')}>
            <Select allowClear placeholder={t('common.all')} options={yesNo} />
          </Form.Item>
        </Col>
        <Col
          xs={24}
          sm={12}
          lg={24}
          xl={12}
          style={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'flex-end' }}
        >
          <Form.Item label={null}>
            <Space>
              {collapsible ? (
                <Button
                  type="link"
                  icon={expanded ? <UpOutlined /> : <DownOutlined />}
                  onClick={() => setExpanded(!expanded)}
                >
                  {expanded ? t('search.collapse') : t('search.expand')}
                </Button>
              ) : null}
              <Button
                icon={<ReloadOutlined />}
                onClick={() => {
                  form.resetFields();
                  onSearch({});
                }}
              >
                {t('common.reset')}
              </Button>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t('common.search')}
              </Button>
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
