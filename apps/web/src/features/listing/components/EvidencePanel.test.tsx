import { OrgType } from '@jcbb/contract/enums';
import { evidenceReadingEndpoints as readingApi } from '@jcbb/contract/evidence-reading.endpoints';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, fakeServer, signInAs } from '../../../test/fake-server.ts';
import { finding, readingView } from '../../evidence-reading/testing.tsx';
import type { ListingEvidence } from '../api.ts';
import { renderWithProviders } from '../testing.tsx';
import { EvidencePanel } from './EvidencePanel.tsx';

afterEach(() => session.setUser(null));

const doc = (
  id: number,
  kind: number,
  kindName: string,
  uploadId: number | null,
): ListingEvidence['documents'][number] => ({
  id,
  kind,
  kindName,
  name: `${kindName}.pdf`,
  uploadId,
  certNo: null,
  issuer: null,
  starRating: null,
  validFrom: null,
  validUntil: null,
});

const evidence: ListingEvidence = {
  product: {
    id: 5,
    name: '岩棉板',
    brand: null,
    classifyCode: '0101',
    classifyName: '保温材料',
    materialType: 1,
    description: null,
    enableStatus: 1,
    images: [],
    isPrefabricated: false,
    isLowCarbon: false,
    isGreen: true,
    starRating: 2,
    greenValidUntil: null,
    isGovProcurement: false,
  },
  specs: [],
  documents: [doc(1, 3, '绿色建材产品认证证书', 31), doc(2, 4, '检测报告', null), doc(3, 1, '碳足迹报告', 33)],
};

describe('the listing evidence panel', () => {
  it('shows a reading tag for a certificate with a file, asked for as the listing’s', async () => {
    signInAs(OrgType.MANUFACTURER, { roles: ['super_admin'] });
    const sent = fakeServer(
      answer(readingApi.reading, () =>
        readingView({ kind: 'green_certificate', findings: [finding('ER-08', 'fail')] }),
      ),
    );
    renderWithProviders(<EvidencePanel listingId={12} evidence={evidence} openUpload={() => {}} />);
    const tag = await screen.findByRole('button', { name: '识别结果：1 项不一致，点击查看' });
    const row = tag.closest('tr') as HTMLElement;
    expect(within(row).getByText('绿色建材产品认证证书.pdf')).toBeInTheDocument();
    // A report with no file and a carbon-footprint report are not read.
    expect(screen.getAllByRole('button', { name: /^识别结果/ })).toHaveLength(1);
    expect(sent.map((s) => s.body)).toEqual([{ subject: 'listing', id: '12', uploadId: '31' }]);
  });
});
