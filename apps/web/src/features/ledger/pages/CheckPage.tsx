import { ArrowLeftOutlined, InboxOutlined } from '@ant-design/icons';
import { MAX_UPLOAD_MB } from '@jcbb/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Result, Space, Spin, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { type CheckResult, ledgerApi } from '../api.ts';
import { HashText } from '../components/HashText.tsx';
import { LedgerKeyVerification } from '../components/LedgerKeyVerification.tsx';
import { sha256OfFile } from '../file-hash.ts';
import { LEDGER_NS } from '../locales/register.ts';
import { STORAGE_DETAIL } from './StorageIndexPage.tsx';

type Evidence = CheckResult['entries'][number];

/**
 * /blockchain/check/detail: check a file against the ledger. The browser hashes it (SHA-256) and sends only the
 * fingerprint: found and unchanged, with its record(s) and proof, or 未上链.
 */
export function CheckPage() {
  const { t } = useTranslation(LEDGER_NS);
  const navigate = useNavigate();
  const [file, setFile] = useState<{ name: string; sha256: string } | null>(null);
  const [hashError, setHashError] = useState<string | null>(null);
  const [hashing, setHashing] = useState(false);
  const check = useMutation({ mutationFn: (sha256: string) => ledgerApi.check(sha256) });

  const pick = async (f: File) => {
    if (f.size > MAX_UPLOAD_MB * 1024 * 1024) {
      setHashError(t('check.tooLarge', { mb: MAX_UPLOAD_MB }));
      return;
    }
    setHashError(null);
    setHashing(true);
    check.reset();
    try {
      const sha256 = await sha256OfFile(f);
      setFile({ name: f.name, sha256 });
      check.mutate(sha256);
    } catch (error) {
      setHashError(String(error));
    } finally {
      setHashing(false);
    }
  };

  const reset = () => {
    setFile(null);
    check.reset();
  };

  const result = check.data;
  return (
    <Card
      title={t('check.title')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/blockchain/storage/index')}>
          {t('common.back')}
        </Button>
      }
      styles={{ header: { flexWrap: 'wrap', gap: 8, paddingBlock: 8 } }}
    >
      <Typography.Paragraph type="secondary">{t('check.intro')}</Typography.Paragraph>
      {!file && (
        <Spin spinning={hashing} description={t('check.hashing')}>
          <Upload.Dragger
            showUploadList={false}
            beforeUpload={(f) => {
              void pick(f);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('check.drop')}</p>
            <p className="ant-upload-hint">{t('check.dropHint', { mb: MAX_UPLOAD_MB })}</p>
          </Upload.Dragger>
        </Spin>
      )}
      {hashError && <Alert type="error" showIcon title={hashError} style={{ marginTop: 16 }} />}
      {file && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <div>
            <Typography.Text type="secondary">{t('check.fileHash', { name: file.name })}</Typography.Text>
            <br />
            <HashText value={file.sha256} full />
          </div>
          {check.isPending && <Spin />}
          {result?.found && <Found result={result} />}
          {result && !result.found && (
            <Result status="warning" title={t('check.notFoundTitle')} subTitle={t('check.notFoundText')} />
          )}
          <Button onClick={reset}>{t('check.again')}</Button>
        </Space>
      )}
    </Card>
  );
}

function Found({ result }: { result: CheckResult }) {
  const { t } = useTranslation(LEDGER_NS);
  const first = result.entries[0];
  const count = Math.max(result.entries.length, result.records.length);
  return (
    <>
      <Result
        status="success"
        title={t('check.foundTitle')}
        subTitle={t('check.foundText', { count })}
        style={{ paddingBlock: 16 }}
      />
      {result.records.length > 0 && (
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: 560 }}
          dataSource={result.records}
          title={() => t('check.records')}
          columns={[
            { title: t('storage.leafIndex'), dataIndex: 'leafIndex', width: 80 },
            {
              title: t('storage.name'),
              key: 'title',
              render: (_, r) => <Link to={`${STORAGE_DETAIL}?id=${r.id}`}>{r.title}</Link>,
            },
            { title: t('storage.time'), dataIndex: 'createdAt', width: 170 },
          ]}
        />
      )}
      {first && <EvidenceCheck evidence={first} sha256={result.sha256} />}
    </>
  );
}

function EvidenceCheck({ evidence, sha256 }: { evidence: Evidence; sha256: string }) {
  const { t } = useTranslation(LEDGER_NS);
  return (
    <Card type="inner" title={`${t('detail.verifyTitle')} · ${t('storage.leafIndex')} ${evidence.leafIndex}`}>
      <LedgerKeyVerification evidence={evidence} subject="file" expected={{ contentSha256: sha256 }} />
    </Card>
  );
}
