import { governmentRiskEndpoints as api } from '@jcbb/contract/government-risk.endpoints';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, fakeServer } from '../../../test/fake-server.ts';
import { renderRisk, rule, screenWidth, signInCommittee } from '../components/risk/testing.tsx';
import { RiskRulesPage } from './RiskRulesPage.tsx';

afterEach(() => session.setUser(null));

describe('the risk rules page', () => {
  it('lists each rule in force with its basis, severity, parameters and version, earlier versions folded', async () => {
    screenWidth(1366);
    signInCommittee();
    fakeServer(
      answer(api.riskRules, () => ({
        list: [
          rule({ version: 2, params: { minSharePct: 40, minRequired: 3 }, effectiveFrom: '2027-01-01' }),
          rule({ version: 1, active: false, definition: '旧口径：低于 30%' }),
          rule({ code: 'GBM-12', name: '逾期未报送采购信息', severity: 'low', params: { lookbackQuarters: 4 } }),
        ],
      })),
    );
    renderRisk(<RiskRulesPage />);
    expect(await screen.findByText('见证取样比例偏低')).toBeTruthy();
    expect(screen.getByText('minSharePct = 40；minRequired = 3')).toBeTruthy();
    expect(screen.getByText('v2')).toBeTruthy();
    expect(screen.getByText('逾期未报送采购信息')).toBeTruthy();
    expect(screen.queryByText(/旧口径/)).toBeNull();
    fireEvent.click(screen.getByText('历史版本'));
    expect(await screen.findByText(/旧口径：低于 30%/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '立即运行' })).toBeNull();
  });
});
