import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageCard } from '../../../components/PageCard.tsx';
import { positiveId } from '../../../lib/record-id.ts';
import { useSiteProject } from '../components/SiteProjectPicker.tsx';
import { SampleList } from '../components/spot-check/SampleList.tsx';
import { SpotCheckList } from '../components/spot-check/SpotCheckList.tsx';
import { CONSTRUCTION_NS } from '../locales/register.ts';

type Tab = 'samples' | 'checks';

/**
 * /projectConstruction/spotCheck?projectId=&tab= (抽检与见证): a project's witnessed samples with the witness ratio per
 * material (见证取样), and the supervision unit's spot checks (监理抽检). `?inspectionId=` opens 记录取样 on that lot.
 */
export function SpotCheckPage() {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const { projectId, picker, waiting } = useSiteProject();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'checks' ? 'checks' : 'samples';
  const lotToSample = positiveId(params.get('inspectionId')) ?? undefined;

  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace: true });
  };

  return (
    <PageCard title={t('spotCheck.title')} tools={picker}>
      {projectId === null ? (
        waiting
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(key) => update({ tab: key === 'checks' ? 'checks' : null })}
          items={[
            {
              key: 'samples',
              label: t('spotCheck.tabSamples'),
              children: (
                <SampleList
                  key={projectId}
                  projectId={projectId}
                  lotToSample={lotToSample}
                  onSampleDrawerClosed={() => update({ inspectionId: null })}
                />
              ),
            },
            {
              key: 'checks',
              label: t('spotCheck.tabChecks'),
              children: <SpotCheckList key={projectId} projectId={projectId} />,
            },
          ]}
        />
      )}
    </PageCard>
  );
}
