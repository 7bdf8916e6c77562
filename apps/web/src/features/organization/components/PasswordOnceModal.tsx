import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from './copy-text.ts';

export interface PasswordOnce {
  title: string;
  /** Whose password it is, in words. */
  intro: string;
  password: string;
}

/**
 * Shows a generated password once (the server keeps only its hash), with a copy button and a reminder to hand
 * it over in person. Closing forgets it.
 */
export function PasswordOnceModal({ value, onClose }: { value: PasswordOnce | null; onClose: () => void }) {
  const { t } = useTranslation('organization');
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (value) setCopied(false);
  }, [value]);

  return (
    <Modal
      open={value !== null}
      title={value?.title}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('members.saved')}
        </Button>
      }
    >
      {value ? (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Text>{value.intro}</Typography.Text>
          <Flex gap={8} align="stretch" wrap>
            <output
              data-testid="once-password"
              aria-label={value.intro}
              style={{
                flex: '1 1 180px',
                fontFamily: "'SFMono-Regular', Consolas, 'Liberation Mono', Menlo, monospace",
                fontSize: 20,
                letterSpacing: 1,
                padding: '6px 12px',
                background: '#f6f8f7',
                border: '1px solid #d9e2dc',
                borderRadius: 6,
                userSelect: 'all',
                wordBreak: 'break-all',
              }}
            >
              {value.password}
            </output>
            <Button
              size="large"
              icon={copied ? <CheckOutlined /> : <CopyOutlined />}
              onClick={async () => setCopied(await copyText(value.password))}
            >
              {copied ? t('members.copied') : t('members.copy')}
            </Button>
          </Flex>
          <Alert
            type="warning"
            showIcon
            title={t('members.passwordOnce')}
            description={t('members.passwordHandOver')}
          />
        </Space>
      ) : null}
    </Modal>
  );
}
