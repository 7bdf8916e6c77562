import { pages, pageUrl } from '@jcbb/contract/pages';
import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useConsoleRoutes } from '../../../lib/route-context.ts';
import { CERTIFICATE_NS } from '../locales/register.ts';

/**
 * /blockchain/certificate/success and /fail: where a decision or a submission lands.
 * success ?no=&index= (a body issued a certificate) | ?kind=submitted|published&id= (an applicant submitted);
 * fail ?id= (a body rejected an application).
 */
export function CertificateResultPage({ outcome }: { outcome: 'success' | 'fail' }) {
  const { t } = useTranslation(CERTIFICATE_NS);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const own = useConsoleRoutes();
  const body = own?.console === 'certification';
  const no = params.get('no');
  const kind = params.get('kind');
  const id = params.get('id');

  if (outcome === 'fail' && !body) {
    return (
      <Card>
        <Result
          status="warning"
          title={t('result.applyFailTitle')}
          subTitle={t('result.applyFailText')}
          extra={
            <Button type="primary" onClick={() => navigate('/blockchain/myApplys/index')}>
              {t('apply.myApplys')}
            </Button>
          }
        />
      </Card>
    );
  }
  if (outcome === 'fail') {
    return (
      <Card>
        <Result
          status="warning"
          title={t('result.failTitle')}
          subTitle={t('result.failText')}
          extra={[
            <Button key="queue" type="primary" onClick={() => navigate('/blockchain/approval/index')}>
              {t('result.toQueue')}
            </Button>,
            ...(id
              ? [
                  <Button key="detail" onClick={() => navigate(pageUrl(pages.approvalDetail, { id }))}>
                    {t('common.view')}
                  </Button>,
                ]
              : []),
          ]}
        />
      </Card>
    );
  }
  if (!body && (kind === 'submitted' || kind === 'published')) {
    return (
      <Card>
        <Result
          status="success"
          title={kind === 'published' ? t('apply.published') : t('apply.submitted')}
          extra={[
            <Button
              key="detail"
              type="primary"
              onClick={() => navigate(pageUrl(pages.myApplicationDetail, { id: id ?? '' }))}
            >
              {t('common.view')}
            </Button>,
            <Button key="list" onClick={() => navigate('/blockchain/myApplys/index')}>
              {t('apply.myApplys')}
            </Button>,
          ]}
        />
      </Card>
    );
  }
  if (!body) {
    // The applicant's words: its certificate was issued (a message's link), not "the applicant was told".
    return (
      <Card>
        <Result
          status="success"
          title={no ? t('result.applicantSuccessTitle') : t('result.applicantPlainTitle')}
          subTitle={no ? t('result.applicantSuccessText', { no }) : t('result.applicantSuccessPlain')}
          extra={[
            <Button key="certs" type="primary" onClick={() => navigate(pages.certificates.path)}>
              {t('result.toHeld')}
            </Button>,
            <Button key="list" onClick={() => navigate('/blockchain/myApplys/index')}>
              {t('apply.myApplys')}
            </Button>,
            ...(no
              ? [
                  <Button key="verify" href={pageUrl(pages.certificateVerify, { no })} target="_blank">
                    {t('result.verify')}
                  </Button>,
                ]
              : []),
          ]}
        />
      </Card>
    );
  }
  return (
    <Card>
      <Result
        status="success"
        title={t('result.successTitle')}
        subTitle={no ? t('result.successText', { no, index: params.get('index') ?? '' }) : t('result.successPlain')}
        extra={[
          <Button key="certs" type="primary" onClick={() => navigate(pages.certificates.path)}>
            {t('result.toCertificates')}
          </Button>,
          <Button key="queue" onClick={() => navigate('/blockchain/approval/index')}>
            {t('result.toQueue')}
          </Button>,
          ...(no
            ? [
                <Button key="verify" href={pageUrl(pages.certificateVerify, { no })} target="_blank">
                  {t('result.verify')}
                </Button>,
              ]
            : []),
        ]}
      />
    </Card>
  );
}
