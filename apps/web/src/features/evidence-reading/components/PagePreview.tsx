import type { Box, ReadingView } from '@jcbb/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Pagination, Skeleton } from 'antd';
import { type CSSProperties, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ReadingKey, readingPageQuery } from '../api.ts';
import '../locales/register.ts';

/** How a box is drawn: named by a failed finding (red), by the selected finding (warn: orange, else blue), or faint. */
export type BoxTone = 'fail' | 'warn' | 'mark' | 'plain';

export interface DrawnBox {
  /** `field:model#0` or `item:3`. */
  id: string;
  page: number;
  box: Box;
  label: string;
  tone: BoxTone;
  /** Selected with its finding, or its field row is hovered: outlined. */
  strong: boolean;
}

const TONES: Record<BoxTone, { border: string; background: string }> = {
  fail: { border: '#ff4d4f', background: 'rgba(255, 77, 79, 0.14)' },
  warn: { border: '#fa8c16', background: 'rgba(250, 140, 22, 0.14)' },
  mark: { border: '#1677ff', background: 'rgba(22, 119, 255, 0.14)' },
  plain: { border: 'rgba(22, 119, 255, 0.45)', background: 'rgba(22, 119, 255, 0.05)' },
};

const clamp = (v: number) => Math.min(1, Math.max(0, v));

/** A box as page fractions [x0, y0, x1, y1] from the top-left, as an absolutely placed rectangle. */
function boxStyle({ box, tone, strong }: DrawnBox): CSSProperties {
  const [x0, y0, x1, y1] = box.map(clamp) as [number, number, number, number];
  const colours = TONES[tone];
  return {
    position: 'absolute',
    left: `${x0 * 100}%`,
    top: `${y0 * 100}%`,
    width: `${Math.max(0, x1 - x0) * 100}%`,
    height: `${Math.max(0, y1 - y0) * 100}%`,
    border: `${strong ? 2 : 1}px solid ${colours.border}`,
    background: colours.background,
    outline: strong ? `2px solid ${colours.border}` : undefined,
    outlineOffset: strong ? 2 : undefined,
    borderRadius: 2,
    pointerEvents: 'none',
    boxSizing: 'border-box',
  };
}

/** One page: its preview fetched as a blob through the signed client, shown from an object URL revoked on unmount. */
function PageImage({
  readingKey,
  page,
  width,
  height,
  boxes,
}: {
  readingKey: ReadingKey;
  page: number;
  width: number;
  height: number;
  boxes: DrawnBox[];
}) {
  const { t } = useTranslation('reading');
  const blob = useQuery(readingPageQuery(readingKey, page));
  const url = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : null), [blob.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (blob.isError) return <Alert type="warning" showIcon title={t('panel.previewFailed', { page: page + 1 })} />;
  return (
    <div
      data-page={page}
      style={{
        position: 'relative',
        width: '100%',
        aspectRatio: width > 0 && height > 0 ? `${width} / ${height}` : '1 / 1.414',
        background: '#fafafa',
        border: '1px solid #f0f0f0',
        overflow: 'hidden',
      }}
    >
      {url ? (
        <img
          src={url}
          alt={t('panel.page', { page: page + 1 })}
          style={{ display: 'block', width: '100%', height: '100%', objectFit: 'fill' }}
        />
      ) : (
        <Skeleton.Image active style={{ width: '100%', height: '100%' }} />
      )}
      {boxes.map((b) => (
        <div key={b.id} data-box={b.id} data-tone={b.tone} data-strong={b.strong} title={b.label} style={boxStyle(b)} />
      ))}
    </div>
  );
}

/** The document's pages, one at a time with a pager, the fields' boxes drawn over the one shown. */
export function PagePreview({
  readingKey,
  pages,
  page,
  onPage,
  boxes,
}: {
  readingKey: ReadingKey;
  pages: ReadingView['pages'];
  page: number;
  onPage: (page: number) => void;
  boxes: DrawnBox[];
}) {
  const shown = pages[page] ?? pages[0];
  if (!shown) return null;
  return (
    <Flex vertical gap={8} style={{ minWidth: 0 }}>
      {pages.length > 1 && (
        <Flex justify="flex-end">
          <Pagination
            simple
            size="small"
            current={shown.index + 1}
            pageSize={1}
            total={pages.length}
            onChange={(n) => onPage(n - 1)}
          />
        </Flex>
      )}
      <PageImage
        key={shown.index}
        readingKey={readingKey}
        page={shown.index}
        width={shown.width}
        height={shown.height}
        boxes={boxes.filter((b) => b.page === shown.index)}
      />
    </Flex>
  );
}
