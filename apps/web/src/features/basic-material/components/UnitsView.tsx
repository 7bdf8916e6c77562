import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminBasicMaterialItem } from '../api.ts';

/** Each unit with its usual formats, one line per unit. */
export function UnitsView({ units }: { units: AdminBasicMaterialItem['units'] }) {
  const { t } = useTranslation('basicMaterial');
  if (units.length === 0) return <Typography.Text type="secondary">{t('detail.noUnits')}</Typography.Text>;
  return (
    <Space orientation="vertical" size={4}>
      {units.map((u) => (
        <div key={u.unitId}>
          <Typography.Text strong style={{ marginRight: 8 }}>
            {u.unitName || u.unitId}
          </Typography.Text>
          {u.formats.length === 0 ? (
            <Typography.Text type="secondary">{t('detail.noFormats')}</Typography.Text>
          ) : (
            u.formats.map((f) => <Tag key={f}>{f}</Tag>)
          )}
        </div>
      ))}
    </Space>
  );
}
