import { CheckCircleFilled, CloseCircleFilled, DownloadOutlined, LoadingOutlined } from '@ant-design/icons';
import type { PublicTraceData } from '@jcbb/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Collapse, Flex, List, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../../lib/open-blob.ts';
import { fingerprint, ledgerKeyQuery } from '../../../ledger/public.ts';
import { TRACE_MOBILE_NS } from '../../locales/mobile.register.ts';
import { mobileTraceApi, type RecordCheck, recordsOf, verifyRecords } from '../../mobile-api.ts';

/**
 * 真伪核验: this browser checks every record of the page (each event of the chain, and the certificate) against the
 * platform's evidence log with the ledger feature's verifier, and says so in one word — 验证中, 已验证 (green) or
 * 验证失败 (red, naming the records that failed). Leaf indexes, hashes and roots wait under 技术细节.
 */
export function VerifyCard({ data }: { data: PublicTraceData }) {
  const { t } = useTranslation(TRACE_MOBILE_NS);
  const { token } = theme.useToken();
  const key = useQuery(ledgerKeyQuery());
  const records = recordsOf(data);
  const publicKey = key.data?.publicKey;
  const check = useQuery({
    queryKey: ['traceMobile', 'verify', data.code, publicKey, records.map((r) => `${r.leafIndex}:${r.contentSha256}`)],
    queryFn: () => verifyRecords(data, publicKey as string),
    enabled: !!publicKey && records.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const epcis = useMutation({
    mutationFn: () => mobileTraceApi.epcis(data.code),
    onSuccess: (blob) => saveBlob(blob, `${data.code}.epcis.jsonld`),
  });

  const results = check.data;
  const failedOnes = results?.filter((r) => !r.ok) ?? [];
  let state: 'checking' | 'verified' | 'failed' | 'none' | 'noKey' = 'checking';
  if (records.length === 0) state = 'none';
  else if (key.isError) state = 'noKey';
  else if (check.isError || failedOnes.length > 0) state = 'failed';
  else if (results) state = 'verified';

  const badge = {
    checking: { color: 'processing', icon: <LoadingOutlined />, text: t('verify.checking') },
    verified: { color: 'success', icon: <CheckCircleFilled />, text: t('verify.verified') },
    failed: { color: 'error', icon: <CloseCircleFilled />, text: t('verify.failed') },
    none: { color: 'default', icon: null, text: t('verify.none') },
    noKey: { color: 'warning', icon: null, text: t('verify.noKey') },
  }[state];

  return (
    <Card variant="borderless" title={t('verify.title')} className="jcbb-trace-verify">
      <Flex vertical gap={12}>
        <Flex align="center" gap={12} wrap>
          <Tag
            color={badge.color}
            icon={badge.icon}
            className="jcbb-trace-verify__badge"
            data-testid="trace-verify-badge"
          >
            {badge.text}
          </Tag>
          {state === 'checking' && <Typography.Text type="secondary">{t('verify.checkingText')}</Typography.Text>}
          {state === 'verified' && (
            <Typography.Text style={{ color: token.colorSuccessText }}>
              {t('verify.verifiedText', { count: results?.length ?? 0 })}
            </Typography.Text>
          )}
        </Flex>
        {state === 'failed' && (
          <Alert
            type="error"
            showIcon
            title={t('verify.failedText')}
            description={
              <ul className="jcbb-trace-verify__failures">
                {failedOnes.map((r) => (
                  <li key={`${r.kind}-${r.leafIndex}-${r.label}`}>
                    {t(`verify.failure.${r.failure ?? 'proof'}`, { label: r.label })}
                  </li>
                ))}
              </ul>
            }
          />
        )}
        <Collapse
          size="small"
          items={[
            {
              key: 'technical',
              label: t('verify.technical'),
              children: (
                <Flex vertical gap={12}>
                  <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                    {t('verify.technicalIntro')}
                  </Typography.Paragraph>
                  <div data-testid="trace-verify-technical">
                    <TechnicalList records={results ?? records.map(pending)} />
                  </div>
                  <Button icon={<DownloadOutlined />} loading={epcis.isPending} onClick={() => epcis.mutate()}>
                    {t('verify.epcis')}
                  </Button>
                </Flex>
              ),
            },
          ]}
        />
      </Flex>
    </Card>
  );
}

const pending = (r: ReturnType<typeof recordsOf>[number]): RecordCheck & { pending: true } => ({
  ...r,
  ok: false,
  failure: null,
  rootHash: null,
  treeSize: null,
  pending: true,
});

/** One line per record: what it is, its leaf, its hash, the signed root its proof reached, and the outcome. */
function TechnicalList({ records }: { records: (RecordCheck & { pending?: boolean })[] }) {
  const { t } = useTranslation(TRACE_MOBILE_NS);
  return (
    <List
      size="small"
      dataSource={records}
      rowKey={(r) => `${r.kind}-${r.leafIndex}-${r.label}`}
      renderItem={(r) => (
        <List.Item
          extra={
            r.pending ? (
              <LoadingOutlined />
            ) : (
              <Tag color={r.ok ? 'success' : 'error'}>{r.ok ? t('verify.ok') : t('verify.notOk')}</Tag>
            )
          }
        >
          <Flex vertical gap={2} style={{ minWidth: 0 }}>
            <Typography.Text strong>{r.label}</Typography.Text>
            <Typography.Text type="secondary" className="jcbb-trace-verify__tech">
              {`${t('verify.leafIndex')} ${r.leafIndex ?? '—'}`}
              {r.contentSha256 && ` · ${t('verify.eventHash')} ${fingerprint(r.contentSha256)}`}
              {r.rootHash &&
                ` · ${t('verify.rootHash')} ${fingerprint(r.rootHash)}（${t('verify.treeSize')} ${r.treeSize}）`}
            </Typography.Text>
          </Flex>
        </List.Item>
      )}
    />
  );
}
