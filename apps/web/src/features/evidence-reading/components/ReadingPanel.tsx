import { type Box, type ReadingFieldView, type ReadingView, readDocumentKindLabels } from '@jcbb/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Col, Collapse, Flex, Progress, Row, Skeleton, Spin, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ReadingKey, readingApi, readingQuery } from '../api.ts';
import { FieldList, fieldId } from './FieldList.tsx';
import { FindingList } from './FindingList.tsx';
import { ItemTable } from './ItemTable.tsx';
import { type DrawnBox, PagePreview } from './PagePreview.tsx';
import '../locales/register.ts';

const itemId = (index: number) => `item:${index}`;
const isBox = ([x0, y0, x1, y1]: Box) => x1 > x0 && y1 > y0;

/** What is still to come: queued, or reading page n of m. */
function Pending({ view }: { view: ReadingView }) {
  const { t } = useTranslation('reading');
  if (view.state === 'queued') {
    return (
      <Alert
        type="info"
        showIcon
        icon={<Spin size="small" />}
        title={t('state.queued')}
        description={t('state.queuedHint')}
      />
    );
  }
  const total = view.pagesTotal;
  return (
    <Flex vertical gap={8}>
      <Typography.Text>
        {total ? t('state.readingPages', { done: Math.min(view.pagesDone + 1, total), total }) : t('state.reading')}
      </Typography.Text>
      <Progress
        percent={total ? Math.round((view.pagesDone / total) * 100) : 0}
        status="active"
        aria-label={t('state.reading')}
      />
    </Flex>
  );
}

/** The document read: findings, fields and test items beside its pages with their boxes. */
function Done({ readingKey, view }: { readingKey: ReadingKey; view: ReadingView }) {
  const { t, i18n } = useTranslation('reading');
  const lang = i18n.language.startsWith('en') ? 'en' : 'zh';
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<number | null>(null);
  const [hovered, setHovered] = useState<string | null>(null);
  const [page, setPage] = useState(0);
  const previewRef = useRef<HTMLDivElement>(null);

  const review = useMutation({
    mutationFn: readingApi.review,
    onSuccess: (next) => {
      queryClient.setQueryData(readingQuery(readingKey).queryKey, next);
      message.success(t('field.saved'));
    },
  });
  // A refusal is toasted by the client; the row stays as it was (an edit stays open).
  const onReview = (field: ReadingFieldView, value: string) =>
    review.mutateAsync({ ...readingKey, key: field.key, index: field.index, value }).then(
      () => true,
      () => false,
    );

  const { failedFields, failedItems, markedFields, markedItems, selectedOutcome } = useMemo(() => {
    const failedFields = new Set<string>();
    const failedItems = new Set<number>();
    for (const f of view.findings) {
      if (f.outcome !== 'fail') continue;
      for (const ref of f.fields) failedFields.add(fieldId(ref));
      for (const i of f.items) failedItems.add(i);
    }
    const finding = selected === null ? undefined : view.findings[selected];
    return {
      failedFields,
      failedItems,
      markedFields: new Set(finding?.fields.map(fieldId) ?? []),
      markedItems: new Set(finding?.items ?? []),
      selectedOutcome: finding?.outcome,
    };
  }, [view.findings, selected]);

  const boxes = useMemo(() => {
    const drawn: DrawnBox[] = [];
    const toneOf = (failed: boolean, marked: boolean): DrawnBox['tone'] =>
      failed ? 'fail' : marked ? (selectedOutcome === 'warn' ? 'warn' : 'mark') : 'plain';
    for (const f of view.fields) {
      if (!f.read || !isBox(f.read.box)) continue;
      const id = fieldId(f);
      const marked = markedFields.has(id);
      drawn.push({
        id,
        page: f.read.page,
        box: f.read.box,
        label: f.label,
        tone: toneOf(failedFields.has(id), marked),
        strong: marked || hovered === id,
      });
    }
    view.items.forEach((item, index) => {
      const marked = markedItems.has(index);
      // Test items are drawn only when a finding names them: a report's table would be all boxes.
      if (!(marked || failedItems.has(index)) || !isBox(item.box)) return;
      drawn.push({
        id: itemId(index),
        page: item.page,
        box: item.box,
        label: item.name,
        tone: toneOf(failedItems.has(index), marked),
        strong: marked,
      });
    });
    return drawn;
  }, [view.fields, view.items, failedFields, failedItems, markedFields, markedItems, selectedOutcome, hovered]);

  const select = (index: number | null) => {
    setSelected(index);
    const finding = index === null ? undefined : view.findings[index];
    if (!finding) return;
    const ids = new Set([...finding.fields.map(fieldId), ...finding.items.map(itemId)]);
    const first = boxes.find((b) => ids.has(b.id));
    if (first) setPage(first.page);
    previewRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  };

  const kind = view.kind ?? 'unknown';
  const sourceName = (source: string) => (source === 'text' ? t('panel.sourceText') : t('panel.sourceOcr'));

  return (
    <Flex vertical gap={12} style={{ minWidth: 0 }}>
      <Flex wrap gap={8} align="baseline">
        <Typography.Text strong>{t('panel.readAs', { kind: readDocumentKindLabels[kind][lang] })}</Typography.Text>
        <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
          {view.fileName}
        </Typography.Text>
      </Flex>
      {kind === 'unknown' && <Alert type="warning" showIcon title={t('state.unknownKind')} />}
      {!view.canReview && <Alert type="info" showIcon title={t('panel.manufacturerNote')} />}
      <Row gutter={[16, 16]}>
        <Col xs={{ span: 24, order: 1 }} lg={{ span: 12, order: 2 }} style={{ minWidth: 0 }}>
          <section ref={previewRef} aria-label={t('panel.preview')}>
            <PagePreview readingKey={readingKey} pages={view.pages} page={page} onPage={setPage} boxes={boxes} />
          </section>
        </Col>
        <Col xs={{ span: 24, order: 2 }} lg={{ span: 12, order: 1 }} style={{ minWidth: 0 }}>
          <Flex vertical gap={16}>
            <section aria-label={t('panel.findings')}>
              <Typography.Title level={5}>{t('panel.findings')}</Typography.Title>
              <FindingList findings={view.findings} selected={selected} onSelect={select} />
            </section>
            <section aria-label={t('panel.fields')}>
              <Typography.Title level={5}>{t('panel.fields')}</Typography.Title>
              <FieldList
                fields={view.fields}
                canReview={view.canReview}
                failedIds={failedFields}
                saving={review.isPending}
                onHover={setHovered}
                onReview={onReview}
              />
            </section>
            {view.items.length > 0 && (
              <section aria-label={t('panel.items')}>
                <Typography.Title level={5}>{t('panel.items')}</Typography.Title>
                <ItemTable items={view.items} failed={failedItems} marked={markedItems} />
              </section>
            )}
            <Collapse
              size="small"
              ghost
              items={[
                {
                  key: 'technical',
                  label: t('panel.technical'),
                  children: (
                    <Flex vertical gap={2} style={{ fontSize: 12 }}>
                      {view.engine && (
                        <Typography.Text type="secondary">
                          {t('panel.engine')}：{view.engine}
                        </Typography.Text>
                      )}
                      {view.pages.map((p) => (
                        <Typography.Text key={p.index} type="secondary">
                          {t('panel.pageSource', { page: p.index + 1, source: sourceName(p.source) })}
                        </Typography.Text>
                      ))}
                    </Flex>
                  ),
                },
              ]}
            />
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}

/**
 * A certificate or test report where it is used, as read on the platform (docs/evidence-reading.md): for an auditor
 * deciding, and for the manufacturer fixing its upload. While it is queued or being read it is asked for again until
 * its state is final; once read, the findings (failed first), the fields (auditors confirm or correct them) and the
 * test items beside the pages with the fields' boxes.
 */
export function ReadingPanel({ subject, id, uploadId }: ReadingKey) {
  const { t } = useTranslation('reading');
  const readingKey = { subject, id, uploadId };
  const query = useQuery(readingQuery(readingKey));
  const view = query.data;
  if (!view) {
    if (query.isError) {
      return (
        <Alert
          type="error"
          showIcon
          title={t('state.loadFailed')}
          description={query.error.message}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('state.retry')}
            </Button>
          }
        />
      );
    }
    return <Skeleton active paragraph={{ rows: 6 }} />;
  }
  switch (view.state) {
    case 'queued':
    case 'reading':
      return <Pending view={view} />;
    case 'refused':
      return <Alert type="warning" showIcon title={t('state.refused')} description={view.refusalText} />;
    case 'failed':
      return (
        <Alert
          type="error"
          showIcon
          title={t('state.failed')}
          description={view.refusalText ?? t('state.failedHint')}
        />
      );
    default:
      return <Done readingKey={readingKey} view={view} />;
  }
}
