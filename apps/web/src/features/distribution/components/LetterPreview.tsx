import { formatQuantity } from '@jcbb/contract/quantity';
import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DISTRIBUTION_NS } from '../locales/register.ts';
import './letter.css';

/** A letter as it reads: from the form's values (a preview) or from an authorisation's detail. */
export interface LetterModel {
  /** Null before issue: the preview says so. */
  number: string | null;
  version: number;
  makerName: string;
  distributorName: string | null;
  kind: 'general' | 'project';
  projectName: string | null;
  tenderNo: string | null;
  exclusive: boolean;
  regionNames: string[];
  items: {
    key: string | number;
    productName: string;
    specNames: string[];
    cap: string | number | null;
    unit: string | null;
  }[];
  validFrom: string | null;
  validUntil: string | null;
  afterSales: string | null;
  supply: string | null;
  signatoryName: string | null;
  signatoryTitle: string | null;
}

/**
 * The scope as the letter will read (授权书): to whom, which products and models with their caps, where, when,
 * for which project, whether exclusive, the commitments and the signatory. The issued letter's PDF says the same.
 */
export function LetterPreview({ letter }: { letter: LetterModel }) {
  const { t, i18n } = useTranslation(DISTRIBUTION_NS);
  const locale = i18n.language.startsWith('en') ? 'en' : 'zh-CN';
  const unknown = t('letter.unknown');
  const project = [letter.projectName, letter.tenderNo && `${t('detail.tenderNo')} ${letter.tenderNo}`]
    .filter(Boolean)
    .join(' · ');
  return (
    <article className="au-letter" data-testid="letter-preview">
      <header className="au-letter__head">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('letter.title')}
        </Typography.Title>
        {letter.number ? (
          <Typography.Text type="secondary">
            {t('letter.number', { number: letter.number })} · {t('common.versionN', { version: letter.version })}
          </Typography.Text>
        ) : (
          <Tag color="orange">{t('letter.draftMark')}</Tag>
        )}
      </header>
      <p>{t('letter.to', { name: letter.distributorName ?? unknown })}</p>
      <p>
        {t('letter.body', {
          distributor: letter.distributorName ?? unknown,
          project: letter.kind === 'project' ? t('letter.bodyProject', { project: project || unknown }) : '',
        })}
      </p>
      <Table
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={letter.items}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: unknown }}
        columns={[
          { title: t('detail.product'), dataIndex: 'productName', key: 'product' },
          {
            title: t('detail.specs'),
            key: 'specs',
            render: (_, item) => (item.specNames.length > 0 ? item.specNames.join('、') : t('common.allSpecs')),
          },
          {
            title: t('detail.cap'),
            key: 'cap',
            render: (_, item) =>
              item.cap === null || item.cap === ''
                ? t('common.noCap')
                : formatQuantity(item.cap, { unit: item.unit, locale }),
          },
        ]}
      />
      <p>{t('letter.regions', { regions: letter.regionNames.join('、') || unknown })}</p>
      <p>{t('letter.period', { from: letter.validFrom ?? unknown, until: letter.validUntil ?? unknown })}</p>
      <p>
        <strong>{letter.exclusive ? t('letter.exclusive') : t('letter.notExclusive')}</strong>
      </p>
      {letter.afterSales && <p>{t('letter.afterSales', { text: letter.afterSales })}</p>}
      {letter.supply && <p>{t('letter.supply', { text: letter.supply })}</p>}
      <p className="au-letter__sign">
        {t('letter.signatory', {
          maker: letter.makerName,
          name: letter.signatoryName || unknown,
          title: letter.signatoryTitle || unknown,
        })}
      </p>
      {!letter.number && (
        <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 12 }}>
          {t('letter.verify')}
        </Typography.Paragraph>
      )}
    </article>
  );
}
