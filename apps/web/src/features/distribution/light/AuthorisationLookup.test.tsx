import { authorisationStatusLabels } from '@jcbb/contract';
import { distributionEndpoints } from '@jcbb/contract/distribution.endpoints';
import { TREE_HEAD_FORMAT } from '@jcbb/contract/ledger-proof';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScanError, scanApi } from '../../trace/public.ts';
import en from '../locales/free.en.ts';
import zh from '../locales/free.zh-CN.ts';
import { LETTER, TEST_LEDGER_KEY, verifyAnswer } from '../test-data.ts';
import { AUTHORISATION_VERIFY_PATH, AuthorisationLookup, authorisationApi } from './AuthorisationLookup.tsx';

afterEach(() => vi.restoreAllMocks());

function serve(answer: Awaited<ReturnType<typeof authorisationApi.verify>> | Error, publicKey = TEST_LEDGER_KEY) {
  vi.spyOn(scanApi, 'key').mockResolvedValue({
    algorithm: 'Ed25519',
    publicKey,
    hashAlgorithm: 'SHA-256',
    treeHeadFormat: TREE_HEAD_FORMAT,
    fingerprint: 'ab12',
  });
  return vi
    .spyOn(authorisationApi, 'verify')
    .mockImplementation(() => (answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer)));
}

const WAIT = { timeout: 15_000 };
const badge = async (text: string) => {
  const b = await screen.findByTestId('authorisation-verify-badge');
  await vi.waitFor(() => expect(b).toHaveTextContent(text), WAIT);
  return b;
};

describe('/free/authorisation (light)', { timeout: 30_000 }, () => {
  it('shows an accepted letter in force in big words, verified in the browser, every fact of the letter marked', async () => {
    const verify = serve(verifyAnswer({ status: { status: 'active', reason: null } }));
    render(<AuthorisationLookup initialId=" pub-1 " />);
    await badge('已验证');
    expect(verify).toHaveBeenCalledWith('pub-1');
    expect(screen.getByTestId('authorisation-state')).toHaveTextContent('生效中');
    const facts = screen.getByTestId('authorisation-facts');
    expect(within(facts).getByText('南京恒通建材贸易有限公司')).toBeInTheDocument();
    expect(within(facts).getByText('江苏省')).toBeInTheDocument();
    expect(within(facts).getByText('是（唯一授权）')).toBeInTheDocument();
    expect(within(facts).getByText(/1200×600×50 · 上限 500 平方米/)).toBeInTheDocument();
    expect(screen.getByText('当前状态由平台签名的授权书和状态声明证实。', { exact: false })).toBeInTheDocument();
    // Only the date of the check is outside the signed documents.
    expect(screen.getByTestId('authorisation-not-covered')).toHaveTextContent(
      '以下内容不在已验证的文件中：核验日期（以平台时间为准）。',
    );
  });

  it('says 已撤销 with the signed reason, both verified', async () => {
    serve(verifyAnswer({ status: { status: 'revoked', reason: '经销商违规跨区销售' } }));
    render(<AuthorisationLookup initialId="pub-1" />);
    await badge('已验证');
    expect(screen.getByTestId('authorisation-state')).toHaveTextContent('已撤销');
    const reason = screen.getByText(/原因：经销商违规跨区销售/);
    expect(within(reason).getByText('✓ 已验证')).toBeInTheDocument();
  });

  it('says a superseded letter is replaced, with the way to the new version, and a letter awaiting acceptance is not yet in force', async () => {
    const answer = verifyAnswer({ status: { status: 'superseded', reason: null } });
    serve({ ...answer, supersededBy: { publicId: 'pub-9', number: 'AU202612010001' } });
    const view = render(<AuthorisationLookup initialId="pub-1" />);
    await badge('已验证');
    expect(screen.getByTestId('authorisation-state')).toHaveTextContent('已被新版本取代');
    expect(screen.getByRole('link', { name: '查看新版本' })).toHaveAttribute('href', '/free/authorisation?id=pub-9');
    view.unmount();
    vi.restoreAllMocks();
    serve(verifyAnswer({ state: 'issued', status: null }));
    render(<AuthorisationLookup initialId="pub-1" />);
    await badge('已验证');
    expect(screen.getByTestId('authorisation-state')).toHaveTextContent('待经销商确认');
    expect(screen.getByText(/当前状态由平台签名的授权书和状态声明证实/)).toBeInTheDocument();
  });

  it('names the state as not covered when no signed statement says it (a server claiming 生效中 for an unaccepted letter)', async () => {
    serve(verifyAnswer({ state: 'active', status: null }));
    render(<AuthorisationLookup initialId="pub-1" />);
    await badge('已验证');
    expect(screen.getByTestId('authorisation-not-covered')).toHaveTextContent('当前状态、核验日期');
    expect(screen.getByText(/当前状态未能由签名的状态声明证实/)).toBeInTheDocument();
  });

  it('says 验证未通过 for a letter altered after signing, and marks nothing 已验证', async () => {
    const answer = verifyAnswer();
    const altered = answer.letter.content.replace('江苏省', '全国');
    serve({ ...answer, letter: { ...answer.letter, content: altered } });
    render(<AuthorisationLookup initialId="pub-1" />);
    await badge('验证未通过');
    expect(screen.getByText(/授权书的签名与平台公钥不符/)).toBeInTheDocument();
    expect(screen.queryByText('✓ 已验证')).not.toBeInTheDocument();
    expect(screen.getByTestId('authorisation-not-covered')).toHaveTextContent('授权书');
  });

  it('says 验证未通过 under another key than the one the platform publishes', async () => {
    serve(verifyAnswer(), 'ab'.repeat(32));
    render(<AuthorisationLookup initialId="pub-1" />);
    await badge('验证未通过');
  });

  it('says a letter that is not on the platform cannot be found, and asks nothing for an id that cannot be one', async () => {
    const verify = serve(new ScanError('授权书不存在', 404));
    const view = render(<AuthorisationLookup initialId="nope" />);
    expect(await screen.findByText('未找到这份授权书')).toBeInTheDocument();
    view.unmount();
    verify.mockClear();
    render(<AuthorisationLookup initialId="<script>" />);
    expect(screen.getByText('请扫描授权书上的二维码打开本页。')).toBeInTheDocument();
    expect(verify).not.toHaveBeenCalled();
  });

  it("asks the contract's path, and names the states as the contract does", () => {
    expect(AUTHORISATION_VERIFY_PATH).toBe(distributionEndpoints.authorisationVerify.path);
    for (const [state, label] of Object.entries(authorisationStatusLabels)) {
      expect(zh.states[state as keyof typeof zh.states]).toBe(label.zh);
      expect(en.states[state as keyof typeof en.states]).toBe(label.en);
    }
    expect(LETTER.credentialSubject.regions[0]?.code).toBe('320000');
  });
});
