import { AuditOutlined, FileProtectOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { ApplicationType } from '@jcbb/contract';
import { Button, Card, Col, Row, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useConsoleRoutes } from '../../../lib/route-context.ts';
import { CERTIFICATE_NS } from '../locales/register.ts';

const kinds: { type: number; path: string; icon: ReactNode }[] = [
  { type: ApplicationType.CERTIFIED, path: '/blockchain/storage/certifiedApply', icon: <SafetyCertificateOutlined /> },
  { type: ApplicationType.SELF_DECLARED, path: '/blockchain/storage/selfDeclarate', icon: <FileProtectOutlined /> },
  { type: ApplicationType.NORMAL, path: '/blockchain/storage/normalApply', icon: <AuditOutlined /> },
];

/** /blockchain/applyCertificate/index: choose how to apply; only the kinds this console offers are shown. */
export function ApplyCertificatePage() {
  const { t } = useTranslation(CERTIFICATE_NS);
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const own = useConsoleRoutes();
  const offered = kinds.filter((k) => !own || own.routes.some((r) => r.fullPath === k.path));
  return (
    <Card title={t('apply.title')}>
      <Typography.Paragraph type="secondary">{t('apply.intro')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {offered.map((k) => (
          <Col key={k.type} xs={24} md={8}>
            <Card
              hoverable
              style={{ height: '100%' }}
              styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12, height: '100%' } }}
              onClick={() => navigate(k.path)}
            >
              <Typography.Title level={4} style={{ margin: 0 }}>
                <span style={{ color: token.colorPrimary, marginRight: 8 }}>{k.icon}</span>
                {t(`type.${k.type}`)}
              </Typography.Title>
              <Typography.Paragraph type="secondary" style={{ flex: 1, margin: 0 }}>
                {t(`typeDesc.${k.type}`)}
              </Typography.Paragraph>
              <div>
                <Button type="primary">{t('apply.start')}</Button>
              </div>
            </Card>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
