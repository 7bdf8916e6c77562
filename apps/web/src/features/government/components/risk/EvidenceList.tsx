import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ItemList } from '../../../../components/ItemList.tsx';
import { useConsoleRoutes } from '../../../../lib/route-context.ts';
import { RISK_NS } from '../../locales/risk-register.ts';
import type { AlertEvidence } from '../../risk-api.ts';
import { evidenceLink } from './evidence-links.ts';
import { riskLabels } from './labels.ts';

/** What an alert rests on: each record named, linked to its page where the reader may open it, with its ledger entry. */
export function EvidenceList({ evidence }: { evidence: AlertEvidence[] }) {
  const { t, i18n } = useTranslation(RISK_NS);
  const labels = riskLabels(i18n.language.startsWith('en'));
  const own = useConsoleRoutes();
  const paths = new Set((own?.routes ?? []).map((r) => r.fullPath));
  return (
    <ItemList
      items={evidence}
      rowKey={(e) => `${e.kind}:${e.id}:${e.label}`}
      size="small"
      renderItem={(e) => {
        const link = evidenceLink(e, paths);
        const external = link !== null && !paths.has(link.split('?')[0] as string);
        return (
          <Space orientation="vertical" size={0}>
            <Space size={6} wrap>
              <Typography.Text type="secondary">{labels.evidence(e.kind)}</Typography.Text>
              {link ? (
                <Link to={link} target={external ? '_blank' : undefined} rel={external ? 'noopener' : undefined}>
                  {e.label}
                </Link>
              ) : (
                <span>{e.label}</span>
              )}
            </Space>
            {(e.detail || e.leafIndex !== null) && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {[e.detail, e.leafIndex !== null ? t('detail.ledger', { leaf: e.leafIndex }) : null]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography.Text>
            )}
          </Space>
        );
      }}
    />
  );
}
