import { DownloadOutlined, EyeOutlined, LockOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Grid, Input, List, Modal, Result, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { PublicFrame } from '../../../components/PublicFrame.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { ApiError } from '../../../lib/http.ts';
import { loginRedirect } from '../../../lib/login-path.ts';
import { saveBlob } from '../../../lib/open-blob.ts';
import { useInFrame } from '../../../lib/route-context.ts';
import { LedgerKeyVerification } from '../../ledger/public.ts';
import { type ShareLanding as Landing, linkApi, linkQuery } from '../api.ts';
import { DocTypeTag, ExpiryBadge, sizeText } from '../components/badges.tsx';
import { showFile } from '../components/show-file.ts';
import { DISK_NS } from '../locales/register.ts';
import '../disk.css';

/** The grant an extraction code earned, kept for this tab's visit only. */
const grantKey = (token: string) => `jcbb-disk-grant:${token}`;

/** /showDiskLoginInfo?link=: a share link's landing page, public (spec §2). */
export default function ShareLandingPage() {
  const inFrame = useInFrame();
  const page = <ShareLanding />;
  return inFrame ? page : <PublicFrame>{page}</PublicFrame>;
}

export function ShareLanding() {
  const { t } = useTranslation(DISK_NS);
  const [params] = useSearchParams();
  const location = useLocation();
  const token = params.get('link') ?? '';
  const [key, setKey] = useState<string | undefined>(() => sessionStorage.getItem(grantKey(token)) ?? undefined);
  const [image, setImage] = useState<string | null>(null);
  const landing = useQuery({ ...linkQuery(token, key), enabled: token.length > 0 });
  const [form] = Form.useForm<{ code: string }>();
  // On a phone a file's buttons go under its name, which keeps the width to read it.
  const wide = Grid.useBreakpoint().sm ?? true;
  const unlock = useMutation({
    mutationFn: (code: string) => linkApi.unlock(token, code),
    onSuccess: ({ key: granted }) => {
      sessionStorage.setItem(grantKey(token), granted);
      setKey(granted);
    },
    onError: (error) => {
      if (!applyFieldErrors(form, error) && error instanceof ApiError)
        form.setFields([{ name: 'code', errors: [error.message] }]);
    },
  });
  const fetchFile = useMutation({
    mutationFn: async (f: Landing['files'][number] & { preview: boolean }) => {
      if (f.preview) await showFile((inline) => linkApi.file(token, f.id, key, inline), f.name, f.mime, setImage);
      else saveBlob(await linkApi.file(token, f.id, key, false), f.name);
    },
    onSettled: () => landing.refetch(),
  });

  const missing =
    !token || (landing.error instanceof ApiError && (landing.error.status === 404 || landing.error.status === 400));
  if (missing) return <Result status="404" title={t('notFound')} />;
  const d = landing.data;
  if (!d) return <Card loading variant="borderless" />;

  return (
    <Flex vertical gap={16} className="jcbb-disk-landing">
      <Card variant="borderless">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {d.title || t('landingTitle')}
        </Typography.Title>
        <Typography.Paragraph>{t('sharedBy', { who: d.sharer })}</Typography.Paragraph>
        <Space wrap size={16}>
          <Typography.Text type="secondary">
            {t('linkExpires', { at: d.expiresAt.slice(0, 16).replace('T', ' ') })}
          </Typography.Text>
          {d.downloadsLeft !== null ? (
            <Typography.Text type="secondary">{t('downloadsLeft', { count: d.downloadsLeft })}</Typography.Text>
          ) : null}
        </Space>
      </Card>
      {d.state !== 'active' ? (
        <Alert type="warning" showIcon title={t(`closed.${d.state}`)} data-testid="share-closed" />
      ) : d.needsSignIn ? (
        <Alert
          type="info"
          showIcon
          title={t('signInNeeded')}
          action={
            <Link to={loginRedirect(location.pathname, location.search)}>
              <Button type="primary">{t('signIn')}</Button>
            </Link>
          }
        />
      ) : d.notForYou ? (
        <Alert type="warning" showIcon title={t('notForYou')} />
      ) : d.needsCode ? (
        <Card variant="borderless" title={t('enterCode')}>
          <Form form={form} onFinish={(v) => unlock.mutate(v.code)}>
            <Flex gap={8} align="start">
              <Form.Item
                name="code"
                rules={[{ required: true, message: t('enterCode') }]}
                style={{ flex: 1, maxWidth: 240 }}
              >
                <Input prefix={<LockOutlined />} maxLength={8} aria-label={t('code')} autoComplete="off" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={unlock.isPending}>
                {t('unlock')}
              </Button>
            </Flex>
          </Form>
        </Card>
      ) : (
        <Card variant="borderless">
          {d.watermark ? <Typography.Paragraph type="secondary">{t('watermarkNote')}</Typography.Paragraph> : null}
          <List
            itemLayout={wide ? 'horizontal' : 'vertical'}
            dataSource={d.files}
            renderItem={(f) => (
              <List.Item
                actions={[
                  f.previewable ? (
                    <Button key="p" icon={<EyeOutlined />} onClick={() => fetchFile.mutate({ ...f, preview: true })}>
                      {t('preview')}
                    </Button>
                  ) : null,
                  <Button
                    key="d"
                    icon={<DownloadOutlined />}
                    onClick={() => fetchFile.mutate({ ...f, preview: false })}
                  >
                    {t('download')}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={f.name}
                  description={
                    <Flex vertical gap={8}>
                      <Space wrap size={4}>
                        <DocTypeTag type={f.docType} />
                        <ExpiryBadge expiry={f.expiry} until={f.validUntil} />
                        <span>{sizeText(f.size)}</span>
                      </Space>
                      {f.evidence ? (
                        <LedgerKeyVerification
                          evidence={f.evidence}
                          subject="file"
                          folded
                          technicalIntro={t('proofIntro')}
                          expected={{ contentSha256: f.sha256 }}
                        />
                      ) : (
                        <Typography.Text type="secondary">{t('noProof')}</Typography.Text>
                      )}
                    </Flex>
                  }
                />
              </List.Item>
            )}
          />
        </Card>
      )}
      <Modal open={image !== null} footer={null} onCancel={() => setImage(null)} width={720}>
        {image ? (
          <div className="jcbb-disk-watermarked">
            <img src={image} alt="" />
            {d.watermark ? (
              <div className="jcbb-disk-watermark" data-testid="watermark">
                {Array.from({ length: 12 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the same words repeated, never reordered
                  <span key={i}>{d.watermark}</span>
                ))}
              </div>
            ) : null}
          </div>
        ) : null}
      </Modal>
    </Flex>
  );
}
