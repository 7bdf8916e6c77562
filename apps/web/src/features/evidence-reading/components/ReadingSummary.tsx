import { SyncOutlined } from '@ant-design/icons';
import type { ReadingView } from '@jcbb/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Grid, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ReadingKey, readingQuery } from '../api.ts';
import { ReadingPanel } from './ReadingPanel.tsx';
import '../locales/register.ts';

type Summary = { text: string; color: string; spinning?: boolean };

/** What the tag says of a reading: the worst of its findings, or its state. */
function useSummary(view: ReadingView | undefined, failed: boolean): Summary | null {
  const { t } = useTranslation('reading');
  if (!view) return failed ? { text: t('summary.unavailable'), color: 'default' } : null;
  switch (view.state) {
    case 'queued':
    case 'reading':
      return { text: t('summary.reading'), color: 'processing', spinning: true };
    case 'refused':
      return { text: t('summary.refused'), color: 'default' };
    case 'failed':
      return { text: t('summary.failed'), color: 'default' };
  }
  const count = (outcome: string) => view.findings.filter((f) => f.outcome === outcome).length;
  if (count('fail') > 0) return { text: t('summary.fails', { count: count('fail') }), color: 'red' };
  if (count('warn') > 0) return { text: t('summary.warns', { count: count('warn') }), color: 'orange' };
  if (count('unknown') > 0) return { text: t('summary.unknowns', { count: count('unknown') }), color: 'default' };
  return { text: t('summary.agrees'), color: 'green' };
}

/**
 * A small tag for a documents table: 识别中… / 3 项不一致 / 1 项需留意 / 已核对一致 / 无法识别; a click opens the
 * document as read in a drawer (wide; the whole width on a phone).
 */
export function ReadingSummary({ subject, id, uploadId }: ReadingKey) {
  const { t } = useTranslation('reading');
  const wide = Grid.useBreakpoint().lg ?? false;
  const [open, setOpen] = useState(false);
  const query = useQuery(readingQuery({ subject, id, uploadId }));
  const summary = useSummary(query.data, query.isError);
  if (!summary) return null;
  return (
    <>
      <Button
        type="text"
        size="small"
        style={{ padding: 0, height: 'auto' }}
        aria-label={t('summary.aria', { text: summary.text })}
        onClick={() => setOpen(true)}
      >
        <Tag
          color={summary.color}
          icon={summary.spinning ? <SyncOutlined spin /> : undefined}
          style={{ marginInlineEnd: 0 }}
        >
          {summary.text}
        </Tag>
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t('summary.drawerTitle', { name: query.data?.fileName ?? '' })}
        size={wide ? 1100 : '100%'}
        destroyOnHidden
      >
        {open && <ReadingPanel subject={subject} id={id} uploadId={uploadId} />}
      </Drawer>
    </>
  );
}
