import { PrinterOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Skeleton } from 'antd';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { PublicFrame } from '../../../components/PublicFrame.tsx';
import { ApiError } from '../../../lib/http.ts';
import { type OrgSnapshotData, orgSnapshotQuery, type ProductSnapshotData, productSnapshotQuery } from '../api.ts';
import { Fact, Row } from '../components/Fact.tsx';
import { LedgerSection } from '../components/LedgerSection.tsx';
import { PUBLIC_RECORD_NS } from '../locales/register.ts';
import '../public-record.css';

/**
 * /snapshot?product=<id>&at=<date or time> and /snapshot?org=<id> (issue 28 item 7): a printable snapshot of a
 * product's or a company's public record at a moment, with the ledger head it was taken against. No sign-in.
 */
export default function SnapshotPage() {
  return (
    <PublicFrame>
      <Snapshot />
    </PublicFrame>
  );
}

const idOf = (value: string | null) => {
  const n = Number(value);
  return value && /^\d+$/.test(value) && n > 0 && n <= 2_147_483_647 ? n : null;
};

export function Snapshot() {
  const { t } = useTranslation(PUBLIC_RECORD_NS);
  const [params, setParams] = useSearchParams();
  const productId = idOf(params.get('product'));
  const orgId = productId === null ? idOf(params.get('org')) : null;
  const at = params.get('at')?.trim() || undefined;
  const retry = (n: number, e: unknown) => !(e instanceof ApiError && e.status < 500) && n < 2;
  const product = useQuery({ ...productSnapshotQuery(productId ?? 0, at), enabled: productId !== null, retry });
  const org = useQuery({ ...orgSnapshotQuery(orgId ?? 0, at), enabled: orgId !== null, retry });
  const query = productId !== null ? product : org;

  const moveTo = (next: string | null) => {
    const values: Record<string, string> = productId !== null ? { product: String(productId) } : { org: String(orgId) };
    setParams(next ? { ...values, at: next } : values);
  };

  if (productId === null && orgId === null) {
    return <Result status="404" title={<h1 className="jcbb-rec__result">{t('snapshot.badAddress')}</h1>} />;
  }
  const error = query.error;
  if (error instanceof ApiError && error.status === 400) {
    const message = error.fieldErrors.at ?? error.message;
    return (
      <Result
        status="warning"
        title={<h1 className="jcbb-rec__result">{t('snapshot.badAt', { message })}</h1>}
        extra={<Button onClick={() => moveTo(null)}>{t('snapshot.now')}</Button>}
      />
    );
  }
  if (error instanceof ApiError && error.status === 404) {
    return (
      <div className="jcbb-rec jcbb-snap">
        <AtPicker at={at} onPick={moveTo} />
        <Result
          status="404"
          title={<h1 className="jcbb-rec__result">{t('snapshot.notFound')}</h1>}
          subTitle={t('snapshot.notFoundText')}
        />
      </div>
    );
  }
  if (error) {
    return (
      <Result
        status="warning"
        title={t('common.loadFailed', { message: error.message })}
        extra={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  const data = query.data;
  if (!data) return <Skeleton active paragraph={{ rows: 12 }} />;
  return (
    <div className="jcbb-rec jcbb-snap">
      <AtPicker at={at} onPick={moveTo} />
      <header className="jcbb-snap__head">
        <h1 className="jcbb-rec__title">
          <SafetyCertificateOutlined aria-hidden />{' '}
          {data.kind === 'product' ? t('snapshot.productTitle') : t('snapshot.orgTitle')}
        </h1>
        <p className="jcbb-rec__intro">{t('snapshot.intro')}</p>
        <dl className="jcbb-rec__facts jcbb-snap__moment">
          <Row label={t('snapshot.at')}>
            <strong data-testid="snapshot-at">{data.at}</strong>
          </Row>
          <Row label={t('snapshot.generatedAt')}>{data.generatedAt}</Row>
          {data.ledger.head && (
            <Row label={t('snapshot.treeSize')}>
              {data.ledger.head.treeSize} ·{' '}
              <span className="jcbb-rec__hash">{data.ledger.head.rootHash.slice(0, 16)}…</span>
            </Row>
          )}
        </dl>
        <p className="jcbb-rec__muted jcbb-snap__hint">{t('snapshot.atHint')}</p>
      </header>
      {data.kind === 'product' ? <ProductSnapshot data={data} at={at} /> : <OrgSnapshot data={data} at={at} />}
      <Section title={t('snapshot.ledger')}>
        <LedgerSection ledger={data.ledger} />
      </Section>
    </div>
  );
}

/** The moment to show, and the print button: not printed themselves. */
function AtPicker({ at, onPick }: { at: string | undefined; onPick: (at: string | null) => void }) {
  const { t } = useTranslation(PUBLIC_RECORD_NS);
  const [value, setValue] = useState(at && /^\d{4}-\d{2}-\d{2}/.test(at) ? at.slice(0, 10) : '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onPick(value || null);
  };
  return (
    <form className="jcbb-snap__bar" onSubmit={submit}>
      <label>
        {t('snapshot.pick')}{' '}
        <input type="date" value={value} onChange={(e) => setValue(e.target.value)} aria-label={t('snapshot.pick')} />
      </label>
      <Button htmlType="submit">{t('snapshot.show')}</Button>
      {at && <Button onClick={() => onPick(null)}>{t('snapshot.now')}</Button>}
      <span className="jcbb-snap__spacer" />
      <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
        {t('snapshot.print')}
      </Button>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="jcbb-rec__section">
      <h2>{title}</h2>
      {children}
    </section>
  );
}

const withAt = (url: string, at: string | undefined) => (at ? `${url}&at=${encodeURIComponent(at)}` : url);

function ProductSnapshot({ data, at }: { data: ProductSnapshotData; at: string | undefined }) {
  const { t } = useTranslation(PUBLIC_RECORD_NS);
  const p = data.product;
  const tags = data.tags;
  const yesNo = (v: boolean) => (v ? t('snapshot.yes') : t('snapshot.no'));
  return (
    <>
      <Section title={t('snapshot.basics')}>
        <dl className="jcbb-rec__facts">
          <Row label={t('snapshot.name')}>
            <Fact current={p.name.current}>
              <Link to={pageUrl(pages.productPublic, { id: p.id })}>{p.name.value}</Link>
            </Fact>
          </Row>
          <Row label={t('snapshot.brand')}>
            <Fact current={p.brand.current}>{p.brand.value ?? t('snapshot.unknown')}</Fact>
          </Row>
          <Row label={t('snapshot.maker')}>
            <Fact current={p.maker.name.current}>
              <Link to={withAt(pageUrl(pages.orgSnapshot, { org: p.maker.id }), at)}>{p.maker.name.value}</Link>
            </Fact>
          </Row>
          <Row label={t('snapshot.classification')}>
            <Fact current={p.classifyName.current}>{p.classifyName.value}</Fact>
          </Row>
          <Row label={t('snapshot.materialType')}>
            <Fact current={p.materialTypeName.current}>{p.materialTypeName.value}</Fact>
          </Row>
          <Row label={t('snapshot.registered')}>{p.createdAt}</Row>
        </dl>
      </Section>
      <Section title={t('snapshot.cities')}>
        <table className="jcbb-rec__table" data-testid="snapshot-cities">
          <thead>
            <tr>
              <th>{t('snapshot.city')}</th>
              <th>{t('snapshot.state')}</th>
              <th>{t('snapshot.since')}</th>
            </tr>
          </thead>
          <tbody>
            {data.cities.map((c) => (
              <tr key={c.cityCode}>
                <td data-label={t('snapshot.city')}>{c.cityName}</td>
                <td data-label={t('snapshot.state')}>
                  <Fact current={c.current}>{c.statusName}</Fact>
                </td>
                <td data-label={t('snapshot.since')}>{c.since ?? t('snapshot.unknown')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <Section title={t('snapshot.tags')}>
        <dl className="jcbb-rec__facts">
          <Row label={t('snapshot.green')}>
            <Fact current={tags.isGreen.current}>
              {yesNo(tags.isGreen.value)}
              {tags.starRating.value ? `（${t('snapshot.stars', { count: tags.starRating.value })}）` : ''}
            </Fact>
          </Row>
          <Row label={t('snapshot.lowCarbon')}>
            <Fact current={tags.isLowCarbon.current}>{yesNo(tags.isLowCarbon.value)}</Fact>
          </Row>
          <Row label={t('snapshot.prefabricated')}>
            <Fact current={tags.isPrefabricated.current}>{yesNo(tags.isPrefabricated.value)}</Fact>
          </Row>
          <Row label={t('snapshot.govProcurement')}>
            <Fact current={tags.isGovProcurement.current}>{yesNo(tags.isGovProcurement.value)}</Fact>
          </Row>
        </dl>
      </Section>
      <Certificates data={data.certificates} withProduct={false} />
    </>
  );
}

function OrgSnapshot({ data, at }: { data: OrgSnapshotData; at: string | undefined }) {
  const { t } = useTranslation(PUBLIC_RECORD_NS);
  const o = data.org;
  return (
    <>
      <Section title={t('snapshot.basics')}>
        <dl className="jcbb-rec__facts">
          <Row label={t('snapshot.orgName')}>
            <Fact current={o.name.current}>{o.name.value}</Fact>
          </Row>
          <Row label={t('snapshot.orgType')}>{o.typeName}</Row>
          <Row label={t('snapshot.region')}>
            <Fact current={o.region.current}>{o.region.value ?? t('snapshot.unknown')}</Fact>
          </Row>
          <Row label={t('snapshot.certified')}>
            <Fact current={o.certified.current}>
              {o.certified.value ? t('snapshot.certifiedYes') : t('snapshot.certifiedNo')}
            </Fact>
          </Row>
        </dl>
      </Section>
      <Section title={t('snapshot.products')}>
        <table className="jcbb-rec__table" data-testid="snapshot-products">
          <thead>
            <tr>
              <th>{t('snapshot.product')}</th>
              <th>{t('snapshot.productCities')}</th>
            </tr>
          </thead>
          <tbody>
            {data.products.map((p) => (
              <tr key={p.id}>
                <td data-label={t('snapshot.product')}>
                  <Link to={withAt(pageUrl(pages.productSnapshot, { product: p.id }), at)}>{p.name}</Link>
                </td>
                <td data-label={t('snapshot.productCities')}>{p.cities.join('、')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <Certificates data={data.certificates} withProduct />
    </>
  );
}

function Certificates({ data, withProduct }: { data: ProductSnapshotData['certificates']; withProduct: boolean }) {
  const { t } = useTranslation(PUBLIC_RECORD_NS);
  return (
    <Section title={t('snapshot.certificates')}>
      {data.length === 0 ? (
        <p className="jcbb-rec__muted">{t('snapshot.noCertificates')}</p>
      ) : (
        <table className="jcbb-rec__table" data-testid="snapshot-certificates">
          <thead>
            <tr>
              <th>{t('snapshot.certNo')}</th>
              {withProduct && <th>{t('snapshot.product')}</th>}
              <th>{t('snapshot.issuer')}</th>
              <th>{t('snapshot.starRating')}</th>
              <th>{t('snapshot.validity')}</th>
              <th>{t('snapshot.certState')}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((c) => (
              <tr key={`${c.productName}|${c.certNo}|${c.validFrom}`}>
                <td data-label={t('snapshot.certNo')}>
                  {c.certNo ?? t('snapshot.unknown')}
                  {c.platformIssued && c.certNo && (
                    <>
                      {' '}
                      <Link className="jcbb-snap__noprint" to={pageUrl(pages.certificateVerify, { no: c.certNo })}>
                        {t('snapshot.verifyCert')}
                      </Link>
                    </>
                  )}
                </td>
                {withProduct && <td data-label={t('snapshot.product')}>{c.productName}</td>}
                <td data-label={t('snapshot.issuer')}>{c.issuer ?? t('snapshot.unknown')}</td>
                <td data-label={t('snapshot.starRating')}>{c.starRating ? '★'.repeat(c.starRating) : '—'}</td>
                <td data-label={t('snapshot.validity')}>
                  {c.validFrom ?? '—'} ~ {c.validUntil ?? '—'}
                </td>
                <td data-label={t('snapshot.certState')}>
                  {c.stateName}
                  {c.revokedLater ? t('snapshot.revokedLater', { date: c.revokedLater.slice(0, 10) }) : ''}
                  {c.platformIssued ? ` · ${t('snapshot.platformIssued')}` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}
