import { SwapOutlined } from '@ant-design/icons';
import { Button, Cascader } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RegionTreeData } from '../api.ts';
import { CATALOGUE_NS } from '../locales/register.ts';

/** Province → city, to change the city of the page (the choice goes into the address by the caller). */
export function CitySwitch({
  tree,
  value,
  onChange,
}: {
  tree: RegionTreeData | undefined;
  value: { province: string; city: string };
  onChange: (cityCode: string) => void;
}) {
  const { t } = useTranslation(CATALOGUE_NS);
  const options = (tree ?? []).map((p) => ({
    value: p.code,
    label: p.name,
    children: p.children.map((c) => ({ value: c.code, label: c.name })),
  }));
  return (
    <Cascader
      options={options}
      value={[value.province, value.city]}
      allowClear={false}
      onChange={(path) => {
        const city = path?.[1];
        if (typeof city === 'string' && city !== value.city) onChange(city);
      }}
    >
      <Button icon={<SwapOutlined />} size="large" aria-label={t('cities.switch')}>
        {t('cities.switch')}
      </Button>
    </Cascader>
  );
}
