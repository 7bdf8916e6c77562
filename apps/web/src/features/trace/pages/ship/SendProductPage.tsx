import { ShipmentStatus } from '@jcbb/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { RecordState } from '../../../../components/RecordState.tsx';
import { positiveId } from '../../../../lib/record-id.ts';
import { CertRequired, useCertified } from '../../../organization/public.ts';
import { ShipmentWizard } from '../../components/ship/ShipmentWizard.tsx';
import { SHIP_NS } from '../../locales/ship-register.ts';
import { shipmentDetailPath } from '../../paths.ts';
import { shipQueries } from '../../ship-api.ts';

/**
 * /productionManagement/sendProduct (?id= continues a draft): the shipment wizard (components/ship/ShipmentWizard.tsx),
 * on a new shipment or on a draft the server still lets its shipper edit.
 */
export function SendProductPage() {
  const { t } = useTranslation(SHIP_NS);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const raw = params.get('id');
  const id = positiveId(raw);
  const valid = raw === null || id !== null;
  // The draft the mounted wizard works on: its own save puts the new id into the address without starting over;
  // any other change of the address (the menu, another draft) starts a fresh wizard.
  const owned = useRef<number | null>(id);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (id !== owned.current) {
      owned.current = id;
      setGeneration((g) => g + 1);
    }
  }, [id]);
  // navigate(-1): a construction unit (returns only) has no 发货记录 to go back to.
  const back = <Button onClick={() => navigate(-1)}>{t('common.back')}</Button>;
  const onDraftSaved = (saved: number) => {
    owned.current = saved;
    setParams({ id: String(saved) }, { replace: true });
  };
  if (!valid) return <Result status="404" title={t('common.badId')} extra={back} />;
  return <WizardLoader key={generation} id={owned.current} back={back} onDraftSaved={onDraftSaved} />;
}

/** A new shipment at once; a draft once the server has answered it (and only while it is still a draft). */
function WizardLoader({
  id,
  back,
  onDraftSaved,
}: {
  id: number | null;
  back: ReactNode;
  onDraftSaved: (id: number) => void;
}) {
  const { t } = useTranslation(SHIP_NS);
  const navigate = useNavigate();
  // Fixed for this wizard's life: saving a new draft puts its id into the address, and the wizard stays as it is.
  const [initialId] = useState(id);
  const detail = useQuery({ ...shipQueries.detail(initialId ?? 0), enabled: initialId !== null });
  // An uncertified organisation ships nothing but returns (docs/decisions.md): the banner's words, not a wizard
  // whose first call would be refused.
  const certified = useCertified();
  if (initialId === null) return certified ? <ShipmentWizard onDraftSaved={onDraftSaved} /> : <CertRequired />;
  return (
    <RecordState query={detail} back={back} notFoundTitle={t('common.notFound')}>
      {(d) =>
        !certified && d.status === ShipmentStatus.DRAFT && d.returnOfReceiptId === null ? (
          <CertRequired />
        ) : d.actions.includes('edit') ? (
          <ShipmentWizard draft={d} onDraftSaved={onDraftSaved} />
        ) : (
          <Result
            status="info"
            title={t('wizard.notDraft', { number: d.number })}
            extra={
              <Button type="primary" onClick={() => navigate(shipmentDetailPath(d.id))}>
                {t('wizard.openDetail')}
              </Button>
            }
          />
        )
      }
    </RecordState>
  );
}
