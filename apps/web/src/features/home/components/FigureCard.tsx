import { RightOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Panel } from './Panel.tsx';

interface FigureCardProps {
  icon: ReactNode;
  title: string;
  /** A number from the server… */
  query?: Pick<UseQueryResult<number>, 'data' | 'isPending' | 'isError'>;
  /** …or a value already known (a status). */
  value?: ReactNode;
  suffix?: string;
  link?: { to: string; label: string };
  /** Draw attention when the figure is above zero (work waiting). */
  highlight?: boolean;
}

/** One live figure of the home page, with where to act on it. */
export function FigureCard({ icon, title, query, value, suffix, link, highlight }: FigureCardProps) {
  const { t } = useTranslation('home');
  let shown: ReactNode = value;
  if (query) {
    if (query.isPending) shown = <Skeleton.Button active size="small" style={{ width: 64 }} />;
    else if (query.isError || query.data === undefined) shown = <span className="jcbb-figure__na">—</span>;
    else
      shown = (
        <>
          <span className={highlight && query.data > 0 ? 'jcbb-figure__number is-hot' : 'jcbb-figure__number'}>
            {query.data.toLocaleString()}
          </span>
          {suffix && <span className="jcbb-figure__suffix">{suffix}</span>}
        </>
      );
  }
  return (
    <Panel className="jcbb-figure">
      <div className="jcbb-figure__head">
        <span className="jcbb-figure__icon" aria-hidden>
          {icon}
        </span>
        <span className="jcbb-figure__title">{title}</span>
      </div>
      <div className="jcbb-figure__value" aria-live="polite">
        {shown}
      </div>
      {query?.isError && <div className="jcbb-figure__error">{t('unavailable')}</div>}
      {link && (
        <Link to={link.to} className="jcbb-figure__link">
          {link.label}
          <RightOutlined aria-hidden />
        </Link>
      )}
    </Panel>
  );
}
