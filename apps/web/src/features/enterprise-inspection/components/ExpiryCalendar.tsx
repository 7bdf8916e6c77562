import { Badge, Calendar, Empty, Grid, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ItemList } from '../../../components/ItemList.tsx';
import type { InspectionHealth } from '../api.ts';
import { INSPECTION_NS } from '../locales/register.ts';
import { calendarColor, inspectionLabels } from './labels.ts';

type Entry = InspectionHealth['calendar'][number];

const PHONE_ENTRIES = 20;

/** The calendar of expiries: a month view (a list of what is coming on a phone), each entry linking to its page. */
export function ExpiryCalendar({ entries, today }: { entries: Entry[]; today: string }) {
  const { t, i18n } = useTranslation(INSPECTION_NS);
  const labels = inspectionLabels(i18n.language.startsWith('en'));
  const wide = Grid.useBreakpoint().md ?? true;
  if (!wide) {
    // What is coming in the next year, at most twenty entries: a phone list, not the whole future.
    const yearAhead = dayjs(today).add(1, 'year').format('YYYY-MM-DD');
    const upcoming = entries.filter((e) => e.date >= today && e.date <= yearAhead).slice(0, PHONE_ENTRIES);
    return (
      <ItemList
        items={upcoming}
        rowKey={(e) => `${e.date}-${e.kind}-${e.link}-${e.title}`}
        emptyText={t('health.calendarEmpty')}
        renderItem={(e) => (
          <Link to={e.link} style={{ display: 'block', color: 'inherit' }}>
            <Typography.Text strong>{e.date}</Typography.Text>{' '}
            <Tag color={calendarColor[e.kind]}>{labels.calendar(e.kind)}</Tag>
            <div>{e.title}</div>
          </Link>
        )}
      />
    );
  }
  if (entries.length === 0) return <Empty description={t('health.calendarEmpty')} />;
  const byDay = new Map<string, Entry[]>();
  for (const e of entries) byDay.set(e.date, [...(byDay.get(e.date) ?? []), e]);
  return (
    <Calendar
      fullscreen
      defaultValue={dayjs(today)}
      cellRender={(date, info) => {
        if (info.type !== 'date') return info.originNode;
        const list = byDay.get(date.format('YYYY-MM-DD')) ?? [];
        return (
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {list.map((e) => (
              <li
                key={`${e.kind}-${e.link}-${e.title}`}
                style={{ overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }}
              >
                <Link to={e.link} title={`${labels.calendar(e.kind)}：${e.title}`}>
                  <Badge color={calendarColor[e.kind]} text={<span style={{ fontSize: 12 }}>{e.title}</span>} />
                </Link>
              </li>
            ))}
          </ul>
        );
      }}
    />
  );
}
