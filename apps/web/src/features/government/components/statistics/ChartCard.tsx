import { Card } from 'antd';
import type { ReactNode } from 'react';
import { DefinitionInfo } from './definitions.tsx';

/** A chart or panel of the dashboard: its title, its definition (ⓘ), its content. */
export function ChartCard({
  title,
  defKeys,
  def,
  extra,
  children,
}: {
  title: string;
  defKeys: readonly string[];
  def: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card
      size="small"
      className="jcbb-stat-card"
      title={
        <span className="jcbb-stat-card__title">
          <span>{title}</span>
          <DefinitionInfo name={title} keys={defKeys} fallback={def} />
        </span>
      }
      extra={extra}
    >
      <section aria-label={title}>{children}</section>
    </Card>
  );
}

/** A row of a ranked list: a button (the chart's click, without the chart) with a bar behind its text. */
export function RankButton({
  label,
  share,
  selected,
  onClick,
}: {
  label: string;
  /** 0–1: the bar's length. */
  share: number;
  selected?: boolean;
  onClick?: () => void;
}) {
  const bar = (
    <span className="jcbb-stat-rank__bar" style={{ width: `${Math.max(0, Math.min(1, share)) * 100}%` }} aria-hidden />
  );
  if (!onClick)
    return (
      <div className="jcbb-stat-rank">
        {bar}
        <span className="jcbb-stat-rank__text">{label}</span>
      </div>
    );
  return (
    <button
      type="button"
      className={selected ? 'jcbb-stat-rank is-selected' : 'jcbb-stat-rank'}
      aria-pressed={selected}
      onClick={onClick}
    >
      {bar}
      <span className="jcbb-stat-rank__text">{label}</span>
    </button>
  );
}
