import { pages, pageUrl } from '@jcbb/contract/pages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ItemList } from '../../../../components/ItemList.tsx';
import {
  type FilerProject,
  type FilerQuarter,
  type FilingList,
  filingMutations,
  invalidateFilings,
} from '../../filing-api.ts';
import { FILING_NS } from '../../locales/filing-register.ts';
import { periodName } from '../statistics/format.ts';
import { Deadline, submitted } from './Deadline.tsx';
import { filingLabels, filingStatusColor } from './labels.ts';

/**
 * A filer's (or a supervision unit's) projects in the policy, each with this quarter and the three before: the
 * filing's state, its deadline and countdown, and 开始填报 (open: the draft prefilled from the platform's records).
 */
export function FilerQuarters({ data }: { data: FilingList }) {
  const { t, i18n } = useTranslation(FILING_NS);
  const labels = filingLabels(i18n.language.startsWith('en'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const open = useMutation(filingMutations.open);

  const start = async (p: FilerProject, q: FilerQuarter) => {
    try {
      const { id } = await open.mutateAsync({ projectId: p.projectId, period: q.period });
      await invalidateFilings(queryClient);
      navigate(pageUrl(pages.governmentFiling, { id }));
    } catch {
      // The HTTP client has shown the refusal.
    }
  };

  const quarter = (p: FilerProject, q: FilerQuarter) => (
    <Flex wrap gap={8} justify="space-between" align="center" style={{ width: '100%' }}>
      <Space wrap size={6}>
        <Typography.Text strong>{periodName(q.period, i18n.language.startsWith('en'))}</Typography.Text>
        {q.filing ? (
          <Tag color={filingStatusColor[q.filing.status]}>{labels.status(q.filing.status)}</Tag>
        ) : (
          <Tag>{t('list.notFiled')}</Tag>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('deadline.due', { date: q.dueOn })}
        </Typography.Text>
        <Deadline daysLeft={q.daysLeft} late={q.late} done={submitted(q.filing?.status)} />
      </Space>
      {q.filing ? (
        <Link
          to={pageUrl(pages.governmentFiling, { id: q.filing.id })}
          aria-label={`${t('list.view')} ${p.projectName} ${q.period}`}
        >
          {t('list.view')}
        </Link>
      ) : (
        q.canOpen && (
          <Button
            type="primary"
            size="small"
            loading={open.isPending && open.variables?.period === q.period && open.variables.projectId === p.projectId}
            onClick={() => void start(p, q)}
            aria-label={`${t('list.open')} ${p.projectName} ${q.period}`}
          >
            {t('list.open')}
          </Button>
        )
      )}
    </Flex>
  );

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Alert type="info" showIcon title={data.role === 'reader' ? t('list.readerHint') : t('list.filerHint')} />
      {data.projects.length === 0 && <Empty description={t('list.noProjects')} />}
      {data.projects.map((p) => (
        <Card
          key={p.projectId}
          size="small"
          title={
            <Space wrap size={4} style={{ whiteSpace: 'normal' }}>
              <span>{p.projectName}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {p.regionName}
              </Typography.Text>
            </Space>
          }
        >
          <ItemList items={p.quarters} rowKey={(q) => q.period} renderItem={(q) => quarter(p, q)} />
        </Card>
      ))}
    </Space>
  );
}
