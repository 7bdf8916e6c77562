import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PublicFrame } from '../../components/PublicFrame.tsx';

/** /404 (spec §2): unknown paths land here; the way on is the home page (sign-in when signed out). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PublicFrame>
      <Result
        status="404"
        title={<h1 style={{ margin: 0, fontSize: 24 }}>{t('notFound.title')}</h1>}
        subTitle={t('notFound.text')}
        extra={
          <Button type="primary" size="large" onClick={() => navigate('/')}>
            {t('notFound.home')}
          </Button>
        }
        style={{ background: '#ffffff', borderRadius: 8, padding: '40px 16px' }}
      />
    </PublicFrame>
  );
}
