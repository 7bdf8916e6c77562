import { bytesToHex, ledgerPublicKey } from '@jcbb/contract/ledger-proof';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildTestLedger, flipHex } from '../test-tree.ts';
import { renderWithProviders } from '../testing.tsx';
import type { EvidenceToVerify } from '../verify-evidence.ts';
import { VerificationPanel } from './VerificationPanel.tsx';

async function verify(evidence: EvidenceToVerify, publicKey: string, expected?: Record<string, string>) {
  renderWithProviders(
    <VerificationPanel evidence={evidence} publicKey={publicKey} subject="certificate" expected={expected} />,
  );
  await userEvent.click(screen.getByRole('button', { name: /在本机验证/ }));
  const list = screen.getByRole('list', { name: '验证项' });
  const items = within(list).getAllByRole('listitem');
  const keys = ['content', 'leaf', 'inclusion', 'signature'] as const;
  return Object.fromEntries(items.map((li, i) => [keys[i] ?? String(i), li])) as Record<
    (typeof keys)[number],
    HTMLElement
  >;
}

const passed = (li: HTMLElement | undefined) => li?.getAttribute('data-ok') === 'true';

describe('VerificationPanel', () => {
  it('reports every check passed for a real proof, in plain words', async () => {
    const { evidence, publicKey } = buildTestLedger(7, 4);
    const items = await verify(evidence, publicKey, { certNo: 'CGBM-2026-000001' });
    expect(screen.getByText('验证通过')).toBeInTheDocument();
    expect(Object.values(items).every((li) => passed(li))).toBe(true);
    expect(items.content).toHaveTextContent('证书内容与存证记录一致');
    expect(items.inclusion).toHaveTextContent('存证记录包含在第 7 号树头中');
    expect(items.signature).toHaveTextContent(`树头签名有效（平台公钥 ${publicKey.slice(0, 8)}`);
  });

  it('verifies the first, the last and the only leaf too', async () => {
    for (const [size, index] of [
      [1, 0],
      [5, 0],
      [5, 4],
      [16, 9],
    ] as const) {
      const { evidence, publicKey } = buildTestLedger(size, index);
      const { unmount } = renderWithProviders(
        <VerificationPanel evidence={evidence} publicKey={publicKey} subject="certificate" auto />,
      );
      expect(await screen.findByText('验证通过')).toBeInTheDocument();
      unmount();
    }
  });

  it('fails the inclusion check when a proof node is altered', async () => {
    const { evidence, publicKey } = buildTestLedger();
    const proof = [...evidence.inclusionProof];
    proof[1] = flipHex(proof[1] as string, 10);
    const items = await verify({ ...evidence, inclusionProof: proof }, publicKey);
    expect(screen.getByText('验证未通过')).toBeInTheDocument();
    expect(passed(items.inclusion)).toBe(false);
    expect(passed(items.leaf)).toBe(true);
    expect(passed(items.signature)).toBe(true);
  });

  it('fails when the entry bytes are altered (and never trusts the server’s leaf hash)', async () => {
    const { evidence, publicKey, entries, toBase64 } = buildTestLedger();
    const tampered = new Uint8Array(entries[4] as Uint8Array);
    tampered[tampered.length - 3] = (tampered[tampered.length - 3] as number) ^ 1;
    const items = await verify({ ...evidence, entry: toBase64(tampered) }, publicKey);
    expect(passed(items.leaf)).toBe(false);
    expect(passed(items.inclusion)).toBe(false);
    expect(screen.getByText('验证未通过')).toBeInTheDocument();
  });

  it('fails the signature check for an altered signature, another key or an altered head', async () => {
    const { evidence, publicKey } = buildTestLedger();
    let items = await verify(
      { ...evidence, sth: { ...evidence.sth, signature: flipHex(evidence.sth.signature, 5) } },
      publicKey,
    );
    expect(passed(items.signature)).toBe(false);
    expect(items.signature).toHaveTextContent('树头签名无效');

    const otherKey = bytesToHex(ledgerPublicKey(new Uint8Array(32).fill(9)));
    document.body.innerHTML = '';
    items = await verify(evidence, otherKey);
    expect(passed(items.signature)).toBe(false);
    expect(passed(items.inclusion)).toBe(true);

    document.body.innerHTML = '';
    items = await verify({ ...evidence, sth: { ...evidence.sth, timestamp: evidence.sth.timestamp + 1 } }, publicKey);
    expect(passed(items.signature)).toBe(false);
  });

  it('fails the content check when the shown certificate differs from the record', async () => {
    const { evidence, publicKey } = buildTestLedger();
    let items = await verify(evidence, publicKey, { certNo: 'CGBM-2026-999999' });
    expect(passed(items.content)).toBe(false);
    expect(items.content).toHaveTextContent('证书内容与存证记录不一致');

    document.body.innerHTML = '';
    items = await verify({ ...evidence, content: evidence.content?.replace('南京', '北京') }, publicKey);
    expect(passed(items.content)).toBe(false);
    expect(passed(items.leaf)).toBe(true);
  });
});
