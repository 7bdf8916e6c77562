import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import { formatShanghaiTime } from '@jcbb/contract/time';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Descriptions, Grid, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { RecordState, useRecordQuery } from '../../../components/RecordState.tsx';
import { saveBlob } from '../../../lib/open-blob.ts';
import { ledgerApi, storageDetailQuery } from '../api.ts';
import { HashText } from '../components/HashText.tsx';
import { LedgerKeyVerification } from '../components/LedgerKeyVerification.tsx';
import { docTypeName } from '../doc-types.ts';
import { LEDGER_NS } from '../locales/register.ts';

const INDEX = '/blockchain/storage/index';

/** /blockchain/storage/detail?id=: one record with its proof, and the in-browser verification. */
export function StorageDetailPage() {
  const { t, i18n } = useTranslation(LEDGER_NS);
  const english = i18n.language.startsWith('en');
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const { valid, query: detail } = useRecordQuery(storageDetailQuery);
  const download = useMutation({
    mutationFn: () => ledgerApi.file(detail.data?.uploadId ?? 0),
    onSuccess: (blob) => saveBlob(blob, detail.data?.fileName ?? 'file'),
  });

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(INDEX)}>
      {t('common.back')}
    </Button>
  );
  return (
    <RecordState
      query={detail}
      valid={valid}
      back={back}
      badIdTitle={t('common.badId')}
      notFoundTitle={t('common.notFound')}
    >
      {(d) => {
        const e = d.evidence;
        const labelStyle = screens.md ? { width: 170, whiteSpace: 'nowrap' as const } : { width: 96 };
        return (
          <Space orientation="vertical" size="large" style={{ width: '100%' }}>
            <Card
              title={`${t('detail.title')} · ${d.title}`}
              extra={back}
              styles={{ header: { flexWrap: 'wrap', gap: 8, paddingBlock: 8 } }}
            >
              <Descriptions
                bordered
                size="small"
                column={1}
                styles={{ label: labelStyle }}
                items={[
                  { key: 'leaf', label: t('detail.leafIndex'), children: d.leafIndex },
                  {
                    key: 'name',
                    label: t('detail.name'),
                    children: (
                      <Space wrap>
                        <span>{d.fileName}</span>
                        <Button
                          size="small"
                          icon={<DownloadOutlined />}
                          loading={download.isPending}
                          onClick={() => download.mutate()}
                        >
                          {t('detail.download')}
                        </Button>
                      </Space>
                    ),
                  },
                  {
                    key: 'source',
                    label: t('detail.source'),
                    children: `${docTypeName(d.docType, english)}${d.productName ? ` · ${d.productName}` : ''}`,
                  },
                  { key: 'sha', label: t('detail.sha256'), children: <HashText value={d.sha256} full /> },
                  { key: 'time', label: t('detail.time'), children: d.createdAt },
                  { key: 'size', label: t('detail.treeSize'), children: d.recordedTreeSize },
                  { key: 'leafHash', label: t('detail.leafHash'), children: <HashText value={e.leafHash} full /> },
                ]}
              />
            </Card>
            <Card title={t('detail.proof')}>
              {e.inclusionProof.length === 0 ? (
                <Typography.Text type="secondary">{t('detail.proofEmpty')}</Typography.Text>
              ) : (
                <ol className="jcbb-proof-path">
                  {e.inclusionProof.map((node, i) => (
                    // A proof's nodes are a fixed path: level i is their identity.
                    // biome-ignore lint/suspicious/noArrayIndexKey: the level is the key
                    <li key={`level-${i}`}>
                      <Typography.Text type="secondary">{t('detail.proofNode', { n: i + 1 })}</Typography.Text>{' '}
                      <HashText value={node} full={screens.md === true} />
                    </li>
                  ))}
                </ol>
              )}
              <Descriptions
                title={t('detail.sth')}
                style={{ marginTop: 16 }}
                bordered
                size="small"
                column={1}
                styles={{ label: labelStyle }}
                items={[
                  { key: 'size', label: t('detail.sthSize'), children: e.sth.treeSize },
                  { key: 'root', label: t('detail.sthRoot'), children: <HashText value={e.sth.rootHash} full /> },
                  { key: 'time', label: t('detail.sthTime'), children: formatShanghaiTime(e.sth.timestamp) },
                  { key: 'sig', label: t('detail.sthSignature'), children: <HashText value={e.sth.signature} /> },
                ]}
              />
            </Card>
            <Card title={t('detail.verifyTitle')}>
              <LedgerKeyVerification evidence={e} subject="file" expected={{ contentSha256: d.sha256 }} />
            </Card>
          </Space>
        );
      }}
    </RecordState>
  );
}
