import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PUBLIC_RECORD_NS } from '../locales/register.ts';

/** A fact of the snapshot: its value, and "当前值（平台未保存历史）" when it is today's value, not the moment's. */
export function Fact({ current, children }: { current: boolean; children: ReactNode }) {
  const { t } = useTranslation(PUBLIC_RECORD_NS);
  return (
    <>
      {children}
      {current && (
        <Tag className="jcbb-rec__current" color="orange">
          {t('snapshot.current')}
        </Tag>
      )}
    </>
  );
}

/** One row of a definition list. */
export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
