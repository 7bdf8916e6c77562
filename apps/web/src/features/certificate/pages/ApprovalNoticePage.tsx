import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CERTIFICATE_NS } from '../locales/register.ts';

/**
 * /blockchain/approval/index in an applicant's console: only certification bodies decide, so the page says so and
 * points to the applicant's own pages instead of calling the bodies' queue (which answers 403).
 */
export function ApprovalNoticePage() {
  const { t } = useTranslation(CERTIFICATE_NS);
  const navigate = useNavigate();
  return (
    <Card>
      <Result
        status="info"
        title={t('approvalNotice.title')}
        subTitle={t('approvalNotice.text')}
        extra={[
          <Button key="mine" type="primary" onClick={() => navigate('/blockchain/myApplys/index')}>
            {t('apply.myApplys')}
          </Button>,
          <Button key="apply" onClick={() => navigate('/blockchain/applyCertificate/index')}>
            {t('approvalNotice.apply')}
          </Button>,
        ]}
      />
    </Card>
  );
}
