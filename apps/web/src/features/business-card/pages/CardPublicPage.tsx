import { MailOutlined, PhoneOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { CARD_LEAD_MESSAGE_MAX } from '@jcbb/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Form, Input, Result, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PublicFrame } from '../../../components/PublicFrame.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { ApiError } from '../../../lib/http.ts';
import { useInFrame } from '../../../lib/route-context.ts';
import { type CardPublic, publicCardApi, publicCardQuery } from '../api.ts';
import { CARD_NS } from '../locales/register.ts';
import '../card.css';

/** /free/card?id=: a card's public page, phone first, no sign-in. */
export function CardPublicPage() {
  const inFrame = useInFrame();
  const page = <CardPublicView />;
  return inFrame ? page : <PublicFrame>{page}</PublicFrame>;
}

const stateColor: Record<string, string> = { valid: 'green', expiring: 'orange', expired: 'default', revoked: 'red' };

export function CardPublicView() {
  const { t } = useTranslation(CARD_NS);
  const [params] = useSearchParams();
  const publicId = params.get('id') ?? '';
  const from = params.get('from') ?? undefined;
  const ref = typeof document !== 'undefined' && document.referrer ? document.referrer : undefined;
  const valid = /^[A-Za-z0-9_-]{16,40}$/.test(publicId);
  const card = useQuery({ ...publicCardQuery(publicId, from, ref), enabled: valid });

  if (!valid || (card.error instanceof ApiError && card.error.status === 404))
    return <Result status="404" title={t('notFound')} subTitle={t('notFoundHint')} />;
  if (card.isError) return <Result status="warning" title={t('loadFailed')} />;
  if (!card.data) return <Skeleton active className="card-public" />;
  return <CardBody card={card.data} from={from} />;
}

function WechatQr({ publicId }: { publicId: string }) {
  const { t } = useTranslation(CARD_NS);
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    publicCardApi
      .wechat(publicId)
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setSrc(url);
      })
      .catch(() => setSrc(null));
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [publicId]);
  if (!src) return null;
  return (
    <figure className="card-public__wechat">
      <img src={src} alt={t('wechatQr')} width={120} height={120} />
      <figcaption>{t('wechatHint')}</figcaption>
    </figure>
  );
}

/** The card as its public page shows it; `preview` (the dashboard's) leaves out the credentials and the form. */
export function CardBody({ card, from, preview }: { card: CardPublic; from?: string; preview?: boolean }) {
  const { t } = useTranslation(CARD_NS);
  const openProduct = async (productId: number, url: string) => {
    await publicCardApi.click(card.publicId, productId, from).catch(() => undefined);
    globalThis.location.assign(url);
  };
  return (
    <div className="card-public">
      <section className="card-public__head" aria-label={t('title')}>
        <div className="card-public__org">
          <span>{card.org.name}</span>
          {card.org.certified ? (
            <Tag color="green" icon={<SafetyCertificateOutlined />}>
              {t('certified')}
            </Tag>
          ) : (
            <Tag>{t('notCertified')}</Tag>
          )}
        </div>
        <Typography.Title level={3} className="card-public__name">
          {card.displayName}
        </Typography.Title>
        {card.title && <div className="card-public__title">{card.title}</div>}
        <div className="card-public__contacts">
          <a href={card.phoneShown ? `tel:${card.phone}` : undefined} data-testid="card-phone">
            <PhoneOutlined /> {card.phone}
          </a>
          {card.email && (
            <a href={`mailto:${card.email}`}>
              <MailOutlined /> {card.email}
            </a>
          )}
        </div>
        {card.introduction && <p className="card-public__intro">{card.introduction}</p>}
        {card.hasWechatQr && <WechatQr publicId={card.publicId} />}
      </section>

      {card.products.length > 0 && (
        <section className="card-public__section">
          <Typography.Title level={5}>{t('featured')}</Typography.Title>
          <ul className="card-public__list">
            {card.products.map((p) => (
              <li key={p.id}>
                <a
                  href={p.url}
                  onClick={(e) => {
                    e.preventDefault();
                    void openProduct(p.id, p.url);
                  }}
                >
                  {p.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}

      {!preview && (
        <>
          <section className="card-public__section">
            <Typography.Title level={5}>{t('credentials')}</Typography.Title>
            <Typography.Text type="secondary">{t('credentialsHint', { day: card.checkedOn })}</Typography.Text>
            <Credentials card={card} />
          </section>

          <section className="card-public__section">
            <Typography.Title level={5}>{t('contactTitle')}</Typography.Title>
            <ContactForm publicId={card.publicId} />
          </section>
        </>
      )}
    </div>
  );
}

function Credentials({ card }: { card: CardPublic }) {
  const { t } = useTranslation(CARD_NS);
  return (
    <>
      <h6 className="card-public__sub">{t('certificates')}</h6>
      {card.certificates.length === 0 && <Typography.Text type="secondary">{t('noCredentials')}</Typography.Text>}
      <ul className="card-public__list">
        {card.certificates.map((c) => (
          <li key={c.certNo}>
            <a href={c.url}>
              {c.productName} · {c.typeName}
            </a>{' '}
            <Tag color={stateColor[c.state]}>{c.stateName}</Tag>
            <div className="card-public__meta">
              {c.certNo} · {t('validUntil', { day: c.validUntil })}
            </div>
          </li>
        ))}
      </ul>
      <h6 className="card-public__sub">{t('listings')}</h6>
      {card.listings.length === 0 && <Typography.Text type="secondary">{t('noCredentials')}</Typography.Text>}
      <ul className="card-public__list">
        {card.listings.map((l) => (
          <li key={`${l.cityName}-${l.productName}`}>
            <a href={l.url}>{l.cityName}</a> · {l.productName}
          </li>
        ))}
      </ul>
      {card.authorisations.length > 0 && (
        <>
          <h6 className="card-public__sub">{t('authorisations')}</h6>
          <ul className="card-public__list">
            {card.authorisations.map((a) => (
              <li key={a.url}>
                <a href={a.url}>
                  {a.makerName} · {a.number}
                </a>{' '}
                <Tag>{a.stateName}</Tag>
                <div className="card-public__meta">{t('validUntil', { day: a.validUntil })}</div>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

interface ContactValues {
  name: string;
  company?: string;
  contact: string;
  message: string;
  consent: boolean;
}

function ContactForm({ publicId }: { publicId: string }) {
  const { t } = useTranslation(CARD_NS);
  const [form] = Form.useForm<ContactValues>();
  const send = useMutation({
    mutationFn: (v: ContactValues) =>
      publicCardApi.contact(publicId, { ...v, consent: v.consent === true ? true : (false as unknown as true) }),
    onError: (error) => applyFieldErrors(form, error),
  });
  if (send.isSuccess) return <Alert type="success" showIcon message={t('sent')} />;
  return (
    <Form form={form} layout="vertical" onFinish={(v) => send.mutate(v)} requiredMark={false}>
      <Form.Item name="name" label={t('yourName')} rules={[{ required: true, message: t('yourName') }]}>
        <Input maxLength={40} autoComplete="name" />
      </Form.Item>
      <Form.Item name="company" label={t('company')}>
        <Input maxLength={100} autoComplete="organization" />
      </Form.Item>
      <Form.Item name="contact" label={t('contact')} rules={[{ required: true, message: t('contact') }]}>
        <Input maxLength={100} autoComplete="tel" />
      </Form.Item>
      <Form.Item name="message" label={t('message')} rules={[{ required: true, message: t('message') }]}>
        <Input.TextArea rows={3} maxLength={CARD_LEAD_MESSAGE_MAX} showCount />
      </Form.Item>
      <Form.Item
        name="consent"
        valuePropName="checked"
        rules={[
          {
            validator: (_, v) => (v === true ? Promise.resolve() : Promise.reject(new Error(t('consentRequired')))),
          },
        ]}
      >
        <Checkbox>{t('consent')}</Checkbox>
      </Form.Item>
      {send.error && !(send.error instanceof ApiError && Object.keys(send.error.fieldErrors).length > 0) && (
        <Alert type="error" showIcon message={send.error.message} style={{ marginBottom: 12 }} />
      )}
      <Button type="primary" htmlType="submit" block loading={send.isPending}>
        {t('send')}
      </Button>
    </Form>
  );
}
