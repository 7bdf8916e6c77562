import type { Compliance } from '@jcbb/contract';
import { Card, Flex, Progress, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MaterialList } from '../../list-api.ts';
import { LIST_NS } from './locale.ts';
import type { Row } from './rows.ts';

/**
 * The live compliance panel (docs/procurement.md, "The compliance rule"): 必选类 met or not with the lines that fail,
 * the optional coverage against its minimum with the kinds that have no green product. Computed in the browser over
 * the grid as it stands; the server's answer is the same rule over the saved lines.
 */
export function CompliancePanel({
  list,
  rows,
  compliance,
}: {
  list: MaterialList;
  rows: readonly Row[];
  compliance: Compliance;
}) {
  const { t } = useTranslation(LIST_NS);
  if (!list.rule) {
    return (
      <Card size="small" title={t('list.compliance.title')}>
        <Typography.Text type="secondary">{t('list.compliance.outside')}</Typography.Text>
      </Card>
    );
  }
  const rowName = (lineId: number) => {
    const i = lineId < 0 ? -lineId - 1 : rows.findIndex((r) => r.id === lineId);
    const r = rows[i];
    return r ? `${i + 1}. ${r.commonName || '—'}` : '';
  };
  const categoryName = (code: string) => list.placement.find((p) => p.category.code === code)?.category.name ?? code;
  const { mandatory, optional } = compliance;
  const pct = Math.floor(optional.coverageBp / 100);
  const status = (met: boolean) => (
    <Tag color={met ? 'success' : 'error'}>{met ? t('list.compliance.met') : t('list.compliance.notMet')}</Tag>
  );
  return (
    <Card size="small" title={t('list.compliance.title')} data-testid="compliance">
      <Flex wrap gap={24}>
        <div style={{ flex: '1 1 260px', minWidth: 0 }} data-testid="mandatory">
          <Space wrap>
            <Typography.Text strong>{t('list.compliance.mandatory')}</Typography.Text>
            {mandatory.applicable ? status(mandatory.met) : null}
            <Typography.Text>
              {!mandatory.applicable
                ? t('list.compliance.mandatoryNone')
                : mandatory.met
                  ? t('list.compliance.mandatoryMet')
                  : t('list.compliance.mandatoryNot', { green: mandatory.greenLines, total: mandatory.lines })}
            </Typography.Text>
          </Space>
          {mandatory.failingLineIds.length > 0 ? (
            <Typography.Paragraph type="danger" style={{ margin: '4px 0 0' }}>
              {t('list.compliance.failingLines')}
              {mandatory.failingLineIds.map(rowName).join('、')}
            </Typography.Paragraph>
          ) : null}
        </div>
        <div style={{ flex: '1 1 260px', minWidth: 0 }} data-testid="optional">
          <Space wrap>
            <Typography.Text strong>{t('list.compliance.optional')}</Typography.Text>
            {optional.applicable ? status(optional.met) : null}
            <Typography.Text type="secondary">
              {optional.minPct === null
                ? t('list.compliance.noOptionalRule')
                : t('list.compliance.optionalRule', { pct: optional.minPct })}
            </Typography.Text>
          </Space>
          {optional.kindsUsed > 0 ? (
            <>
              <Progress
                percent={pct}
                success={{ percent: 0 }}
                status={optional.met ? 'success' : 'exception'}
                format={() => `${pct}%`}
                aria-label={t('list.compliance.optional')}
              />
              <Typography.Text>
                {t('list.compliance.optionalKinds', { green: optional.greenKinds, total: optional.kindsUsed })}
              </Typography.Text>
              {optional.failingCategoryCodes.length > 0 ? (
                <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
                  {t('list.compliance.failingCategories')}
                  {optional.failingCategoryCodes.map(categoryName).join('、')}
                </Typography.Paragraph>
              ) : null}
            </>
          ) : (
            <div>
              <Typography.Text type="secondary">{t('list.compliance.optionalNone')}</Typography.Text>
            </div>
          )}
        </div>
      </Flex>
      {compliance.greenShareByValueBp !== null ? (
        <Typography.Text type="secondary">
          {t('list.compliance.byValue', { pct: Math.floor(compliance.greenShareByValueBp / 100) })}
        </Typography.Text>
      ) : null}
    </Card>
  );
}
