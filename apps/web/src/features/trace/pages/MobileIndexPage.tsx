import { QrcodeOutlined } from '@ant-design/icons';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { Button, Card, Flex, Input, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PublicFrame } from '../../../components/PublicFrame.tsx';
import { useInFrame } from '../../../lib/route-context.ts';
import { ScanButton } from '../components/mobile/ScanButton.tsx';
import { extractTraceCode } from '../components/mobile/trace-code.ts';
import { TRACE_MOBILE_NS } from '../locales/mobile.register.ts';
import '../components/mobile/mobile.css';

/**
 * /mobile/index — 扫码溯源: scan a label's QR code with the camera (where the browser can), or type or paste the
 * code (the label's whole address works too). No sign-in; the frame's 登录 leads to the console.
 */
export default function MobileIndexPage() {
  const inFrame = useInFrame();
  const page = <MobileIndex />;
  return inFrame ? page : <PublicFrame>{page}</PublicFrame>;
}

export function MobileIndex() {
  const { t } = useTranslation(TRACE_MOBILE_NS);
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);

  const go = (raw: string) => {
    const code = extractTraceCode(raw);
    if (!code) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    navigate(pageUrl(pages.scanDetail, { code }));
  };

  return (
    <div className="jcbb-trace-mobile">
      <Card variant="borderless">
        <Flex vertical gap={16}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            <QrcodeOutlined style={{ color: token.colorPrimary, marginRight: 8 }} />
            {t('index.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('index.intro')}
          </Typography.Paragraph>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              go(value);
            }}
          >
            <Flex vertical gap={12}>
              <Input
                size="large"
                className="jcbb-trace-index__input"
                value={value}
                onChange={(e) => {
                  setValue(e.target.value);
                  if (invalid) setInvalid(false);
                }}
                placeholder={t('index.placeholder')}
                aria-label={t('index.label')}
                status={invalid ? 'error' : undefined}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                allowClear
              />
              {invalid && (
                <Typography.Text type="danger" role="alert">
                  {t('index.invalid')}
                </Typography.Text>
              )}
              <Button type="primary" size="large" htmlType="submit" block>
                {t('index.search')}
              </Button>
            </Flex>
          </form>
          <ScanButton onCode={go} />
          <Typography.Text type="secondary">{t('index.hint')}</Typography.Text>
        </Flex>
      </Card>
    </div>
  );
}
