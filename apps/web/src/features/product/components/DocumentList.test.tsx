import type { DocumentItem } from '@jcbb/contract';
import { OrgType } from '@jcbb/contract/enums';
import { evidenceReadingEndpoints as readingApi } from '@jcbb/contract/evidence-reading.endpoints';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, fakeServer, signInAs } from '../../../test/fake-server.ts';
import { finding, readField, readingView } from '../../evidence-reading/testing.tsx';
import { renderWithProviders } from '../testing.tsx';
import { DocumentList } from './DocumentList.tsx';

afterEach(() => session.setUser(null));

const doc = (id: number, kind: number, fileId: number | null): DocumentItem => ({
  id,
  productId: 5,
  kind,
  kindName: '',
  name: `文件 ${id}`,
  file: fileId === null ? null : { id: fileId, name: `文件 ${id}.pdf` },
  certNo: null,
  issuer: null,
  starRating: null,
  validFrom: null,
  validUntil: null,
  valid: null,
  certificateId: null,
  createdAt: '2026-06-01 10:00:00',
});

describe('the product’s document list', () => {
  it('shows the manufacturer a test report as the auditors will see it, without review', async () => {
    signInAs(OrgType.MANUFACTURER);
    const sent = fakeServer(
      answer(readingApi.reading, () =>
        readingView({
          pages: [],
          fields: [readField('model', 'YM-120')],
          findings: [finding('ER-02', 'fail', { name: '产品与型号', fields: [{ key: 'model', index: 0 }] })],
        }),
      ),
    );
    renderWithProviders(<DocumentList documents={[doc(1, 4, 31), doc(2, 4, null)]} productId={5} />);
    expect(screen.getByText(/识别结果就是审核人员将看到的内容/)).toBeInTheDocument();
    const tag = await screen.findByRole('button', { name: '识别结果：1 项不一致，点击查看' });
    expect(screen.getAllByRole('button', { name: /^识别结果/ })).toHaveLength(1);
    expect(sent.map((s) => s.body)).toEqual([{ subject: 'product', id: '5', uploadId: '31' }]);

    fireEvent.click(tag);
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('ER-02 产品与型号')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /^更正/ })).toBeNull();
  });

  it('reads no carbon-footprint report, and says nothing of reading where no product is given', () => {
    renderWithProviders(
      <>
        <DocumentList documents={[doc(3, 1, 33)]} productId={5} />
        <DocumentList documents={[doc(4, 4, 34)]} />
      </>,
    );
    expect(screen.queryByText(/审核人员将看到/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^识别结果/ })).toBeNull();
  });
});
