import { Role } from '@jcbb/contract/enums';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageCard } from '../../../components/PageCard.tsx';
import { useConsoleRoutes } from '../../../lib/route-context.ts';
import { useSession } from '../../../lib/session.ts';
import { AlertList } from '../components/risk/AlertList.tsx';
import { SubscriptionList } from '../components/risk/SubscriptionList.tsx';
import { RISK_NS } from '../locales/risk-register.ts';
import { GOVERNMENT_PATHS } from '../paths.ts';
import { invalidateAlerts, riskMutations } from '../risk-api.ts';

/**
 * /govProcurementInfo/riskAlerts: the alerts the caller may see (docs/government.md, "Risk rules"). A committee gets
 * 立即运行 (its city) and the 我的关注 tab (its subscriptions, and the alerts on them); an organisation the 待说明
 * filter of the alerts it is asked to explain.
 */
export function RiskAlertsPage() {
  const { t } = useTranslation(RISK_NS);
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const roles = useSession().user?.roles ?? [];
  const committee = roles.includes(Role.CITY_COMMITTEE);
  const filer = !committee && !roles.includes(Role.SUPER_ADMIN);
  const rulesHere = (useConsoleRoutes()?.routes ?? []).some((r) => r.fullPath === GOVERNMENT_PATHS.riskRules);
  const run = useMutation(riskMutations.run);

  const runNow = () =>
    modal.confirm({
      content: t('list.runConfirm'),
      onOk: async () => {
        try {
          const done = await run.mutateAsync({});
          message.success(t('list.runDone', done));
          await invalidateAlerts(queryClient);
        } catch {
          // The HTTP client has shown the refusal.
        }
      },
    });

  const tools = (
    <>
      {rulesHere && <Link to={GOVERNMENT_PATHS.riskRules}>{t('list.rulesLink')}</Link>}
      {committee && (
        <Button type="primary" loading={run.isPending} onClick={runNow} style={{ marginLeft: 12 }}>
          {t('list.runNow')}
        </Button>
      )}
    </>
  );

  return (
    <PageCard title={t('list.title')} tools={tools}>
      {committee ? (
        <Tabs
          destroyOnHidden
          items={[
            { key: 'all', label: t('list.all'), children: <AlertList /> },
            {
              key: 'followed',
              label: t('list.followed'),
              children: (
                <>
                  <SubscriptionList />
                  <div style={{ marginTop: 16 }}>
                    <AlertList followed />
                  </div>
                </>
              ),
            },
          ]}
        />
      ) : (
        <AlertList filer={filer} />
      )}
    </PageCard>
  );
}
