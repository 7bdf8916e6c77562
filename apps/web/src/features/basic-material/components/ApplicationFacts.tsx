import { BasicMaterialStatus } from '@jcbb/contract';
import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminBasicMaterialItem } from '../api.ts';
import { ApplicationStatusTag } from './ApplicationStatusTag.tsx';
import { UnitsView } from './UnitsView.tsx';

/**
 * What was applied for and by whom, then the decision once made. After approval the name, class and units are
 * those approved (the platform may have corrected them; the audit log keeps what the applicant gave).
 */
export function ApplicationFacts({ item }: { item: AdminBasicMaterialItem }) {
  const { t } = useTranslation('basicMaterial');
  const applicant = item.applicant ? [item.applicant.realName, item.applicant.mobile].filter(Boolean).join(' ') : '—';
  return (
    <>
      <Descriptions
        title={t('detail.applied')}
        column={1}
        size="small"
        bordered
        items={[
          { key: 'name', label: t('detail.commonName'), children: item.commonName },
          { key: 'class', label: t('detail.classify'), children: item.classifyName || item.classifyCode },
          { key: 'units', label: t('detail.units'), children: <UnitsView units={item.units} /> },
          {
            key: 'remark',
            label: t('detail.remark'),
            children: item.remark ?? <Typography.Text type="secondary">—</Typography.Text>,
          },
          { key: 'org', label: t('detail.org'), children: item.orgName ?? '—' },
          { key: 'applicant', label: t('detail.applicant'), children: applicant },
          { key: 'time', label: t('detail.createTime'), children: item.createTime },
          { key: 'status', label: t('detail.status'), children: <ApplicationStatusTag status={item.status} /> },
        ]}
      />
      {item.status !== BasicMaterialStatus.PENDING && (
        <Descriptions
          title={t('detail.decision')}
          column={1}
          size="small"
          bordered
          style={{ marginTop: 24 }}
          items={[
            ...(item.code ? [{ key: 'code', label: t('detail.code'), children: item.code }] : []),
            ...(item.rejectReason
              ? [
                  {
                    key: 'reason',
                    label: t('detail.rejectReason'),
                    children: <Typography.Text type="danger">{item.rejectReason}</Typography.Text>,
                  },
                ]
              : []),
            { key: 'by', label: t('detail.decidedBy'), children: item.decidedBy?.realName ?? '—' },
            { key: 'at', label: t('detail.decidedAt'), children: item.decidedAt ?? '—' },
          ]}
        />
      )}
    </>
  );
}
