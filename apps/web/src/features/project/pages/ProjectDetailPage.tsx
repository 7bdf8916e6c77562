import { EditOutlined } from '@ant-design/icons';
import { OrgType } from '@jcbb/contract/enums';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { Alert, Button, Card, Descriptions, Space, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { RecordState, useRecordQuery } from '../../../components/RecordState.tsx';
import { useSession } from '../../../lib/session.ts';
import { type ProjectDetail, projectQueries } from '../api.ts';
import { InvitationActions } from '../components/InvitationActions.tsx';
import { projectLabels } from '../components/labels.ts';
import { StepTag } from '../components/StepTag.tsx';
import { TeamPanel } from '../components/TeamPanel.tsx';
import { PROJECT_NS } from '../locales/register.ts';
import { fenToWan } from '../money.ts';
import { PROJECT_EDIT } from './ProjectListPage.tsx';

/**
 * /project/detail?id=: one project — its register entry, step history, policy scope and member organisations with
 * their leaders and people. What the user may do follows `access` (the server decides it and checks every call).
 */
export function ProjectDetailPage() {
  const { t } = useTranslation(PROJECT_NS);
  const navigate = useNavigate();
  const { valid, query: detail } = useRecordQuery(projectQueries.detail);
  const back = <Button onClick={() => navigate(-1)}>{t('common.back')}</Button>;
  return (
    <RecordState
      query={detail}
      valid={valid}
      back={back}
      notFoundTitle={t('common.notFound')}
      badIdTitle={t('common.badId')}
    >
      {(p) => <ProjectView project={p} />}
    </RecordState>
  );
}

function ProjectView({ project: p }: { project: ProjectDetail }) {
  const { t, i18n } = useTranslation(PROJECT_NS);
  const labels = projectLabels(i18n.language.startsWith('en'));
  const navigate = useNavigate();
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {p.access === 'invited' && (
        <Alert
          type="info"
          showIcon
          title={t('detail.invitedNotice')}
          action={<InvitationActions projectId={p.id} projectName={p.name} />}
        />
      )}
      {p.access === 'committee' && <Alert type="info" showIcon title={t('detail.readOnly')} />}
      <Card
        title={
          <Space wrap>
            <span>{p.name}</span>
            <StepTag step={p.step} />
          </Space>
        }
        extra={
          <Space wrap>
            <SiteFileLinks project={p} />
            {p.access === 'developer' && (
              <Button icon={<EditOutlined />} onClick={() => navigate(`${PROJECT_EDIT}?id=${p.id}`)}>
                {t('detail.edit')}
              </Button>
            )}
          </Space>
        }
      >
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label={t('detail.code')}>{p.code}</Descriptions.Item>
          <Descriptions.Item label={t('list.type')}>{labels.type(p.type)}</Descriptions.Item>
          <Descriptions.Item label={t('list.developer')}>{p.developerName}</Descriptions.Item>
          <Descriptions.Item label={t('list.region')}>{p.regionName}</Descriptions.Item>
          <Descriptions.Item label={t('detail.address')}>{p.address}</Descriptions.Item>
          <Descriptions.Item label={t('detail.area')}>
            {t('detail.areaValue', { value: p.grossFloorArea.toLocaleString('zh-CN') })}
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.investment')}>
            {t('detail.investmentValue', { value: fenToWan(p.investmentFen) })}
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.star')}>
            {p.targetStar ? t('detail.starValue', { count: p.targetStar }) : t('common.none')}
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.designStage')}>{labels.designStage(p.designStage)}</Descriptions.Item>
          <Descriptions.Item label={t('detail.planned')}>
            {p.plannedStart} ~ {p.plannedFinish}
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.policyScope')}>
            {p.inPolicyScope
              ? t('detail.inScope', { batch: p.policyBatchName ?? p.policyBatch })
              : t('detail.outOfScope')}
          </Descriptions.Item>
          {p.inPolicyScope && (
            <Descriptions.Item label={t('detail.edition')}>
              {p.standardEditionName ?? t('common.none')}
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <TeamPanel project={p} />
      <Card title={t('detail.steps')}>
        <Timeline
          items={p.steps.map((s) => ({
            color: s.from !== null && s.to < s.from ? 'red' : 'blue',
            content: (
              <Space orientation="vertical" size={0}>
                <Typography.Text>
                  {s.from === null
                    ? t('detail.stepFirst', { to: labels.step(s.to) })
                    : t('detail.stepMove', { from: labels.step(s.from), to: labels.step(s.to) })}
                </Typography.Text>
                {s.reason && (
                  <Typography.Text type="danger">{t('detail.stepReason', { reason: s.reason })}</Typography.Text>
                )}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {s.createTime} · {s.actorName ?? ''}
                </Typography.Text>
              </Space>
            ),
          }))}
        />
      </Card>
    </Space>
  );
}

/**
 * Links to the project's site files: the construction unit imports its off-platform deliveries; whoever may read the
 * site (its organisations, the developer, the city's committee) exports the ledgers.
 */
function SiteFileLinks({ project: p }: { project: ProjectDetail }) {
  const { t } = useTranslation(PROJECT_NS);
  const orgType = useSession().user?.organization?.type;
  if (p.access === 'invited') return null;
  return (
    <>
      {p.access === 'member' && orgType === OrgType.CONSTRUCTION && (
        <Link to={pageUrl(pages.siteStockImport, { projectId: p.id })}>{t('detail.siteImport')}</Link>
      )}
      <Link to={pageUrl(pages.siteStockExport, { projectId: p.id })}>{t('detail.siteExport')}</Link>
    </>
  );
}
