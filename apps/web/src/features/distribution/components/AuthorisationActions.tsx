import {
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  LinkOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  SafetyCertificateOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { authorisationReasonBody } from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ReasonModal } from '../../../components/ReasonModal.tsx';
import { ApiError } from '../../../lib/http.ts';
import { saveBlob } from '../../../lib/open-blob.ts';
import { type AuthorisationRow, authorisationMutations, invalidateAuthorisations, letterPdf } from '../api.ts';
import { DISTRIBUTION_NS } from '../locales/register.ts';
import { agentFormUrl } from '../paths.ts';

type Decision = 'suspend' | 'revoke';

/**
 * What the maker may do with one authorisation now (its `actions`, the server's transition table; the server checks
 * each call again): buttons for a list row or the drawer, and the dialogs they open (the reason of a suspension or
 * a revocation), which the caller places once. Issuing asks first, naming whether the letter is exclusive.
 */
export function useAuthorisationActions(
  a: AuthorisationRow,
  options: { size?: 'small' | 'middle'; onDeleted?: () => void; onRenewed?: (id: number) => void } = {},
): { buttons: ReactNode[]; dialogs: ReactNode } {
  const { t } = useTranslation(DISTRIBUTION_NS);
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const may = (action: AuthorisationRow['actions'][number]) => a.actions.includes(action);
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [pdfLoading, setPdfLoading] = useState(false);
  const size = options.size ?? 'small';

  const done = (action: string) => {
    message.success(t('actions.done', { action }));
    void invalidateAuthorisations(queryClient);
  };
  const failed = (error: Error) => message.error(error.message, 6);
  const issue = useMutation({
    ...authorisationMutations.issue,
    onSuccess: (r) => done(t('form.issued', { number: r.number ?? '' })),
    onError: failed,
  });
  const remove = useMutation({
    ...authorisationMutations.remove,
    onSuccess: () => {
      done(t('actions.delete'));
      options.onDeleted?.();
    },
  });
  const resume = useMutation({ ...authorisationMutations.resume, onSuccess: () => done(t('actions.resume')) });
  const renew = useMutation({
    ...authorisationMutations.renew,
    onSuccess: (r) => {
      message.success(t('actions.renewDone'));
      void invalidateAuthorisations(queryClient);
      if (options.onRenewed) options.onRenewed(r.id);
      else navigate(agentFormUrl(r.id));
    },
  });
  const decided = {
    onSuccess: () => {
      const action = deciding === 'revoke' ? t('actions.revoke') : t('actions.suspend');
      setDeciding(null);
      done(action);
    },
    onError: (error: Error) => {
      const field = error instanceof ApiError ? error.fieldErrors.reason : undefined;
      if (field) setReasonError(field);
      else failed(error);
    },
  };
  const suspend = useMutation({ ...authorisationMutations.suspend, ...decided });
  const revoke = useMutation({ ...authorisationMutations.revoke, ...decided });

  const decide = (d: Decision) => {
    setReasonError(null);
    setDeciding(d);
  };

  const downloadLetter = async () => {
    setPdfLoading(true);
    try {
      saveBlob(await letterPdf(a.id), `${a.number ?? a.publicId}.pdf`);
    } catch {
      // The HTTP client has told the user.
    } finally {
      setPdfLoading(false);
    }
  };

  const buttons: ReactNode[] = [
    may('save') && (
      <Button key="edit" size={size} icon={<EditOutlined />} onClick={() => navigate(agentFormUrl(a.id))}>
        {t('actions.edit')}
      </Button>
    ),
    may('issue') && (
      <Button
        key="issue"
        size={size}
        type="primary"
        icon={<SafetyCertificateOutlined />}
        loading={issue.isPending}
        onClick={() =>
          modal.confirm({
            title: t('form.issueTitle'),
            content: (
              <>
                <p>{t('form.issueConfirm')}</p>
                <p>
                  <strong>{a.exclusive ? t('form.issueExclusive') : t('form.issueNotExclusive')}</strong>
                </p>
                <p>{a.autoAccept ? t('form.issueAuto') : t('form.issueAccept')}</p>
              </>
            ),
            okText: t('form.issue'),
            cancelText: t('common.cancel'),
            onOk: () => issue.mutate({ id: a.id }),
          })
        }
      >
        {t('actions.issue')}
      </Button>
    ),
    may('resume') && (
      <Button
        key="resume"
        size={size}
        icon={<PlayCircleOutlined />}
        loading={resume.isPending}
        onClick={() =>
          modal.confirm({
            title: t('actions.resume'),
            content: t('actions.resumeConfirm'),
            okText: t('actions.resume'),
            cancelText: t('common.cancel'),
            onOk: () => resume.mutate({ id: a.id }),
          })
        }
      >
        {t('actions.resume')}
      </Button>
    ),
    may('renew') && (
      <Button
        key="renew"
        size={size}
        icon={<CopyOutlined />}
        loading={renew.isPending}
        onClick={() => renew.mutate({ id: a.id })}
      >
        {t('actions.renew')}
      </Button>
    ),
    a.number && (
      <Button key="letter" size={size} icon={<DownloadOutlined />} loading={pdfLoading} onClick={downloadLetter}>
        {t('actions.letter')}
      </Button>
    ),
    a.number && (
      <Button
        key="public"
        size={size}
        icon={<LinkOutlined />}
        href={pageUrl(pages.authorisationVerify, { id: a.publicId })}
        target="_blank"
        rel="noopener"
      >
        {t('actions.publicPage')}
      </Button>
    ),
    may('suspend') && (
      <Button key="suspend" size={size} icon={<PauseCircleOutlined />} onClick={() => decide('suspend')}>
        {t('actions.suspend')}
      </Button>
    ),
    may('revoke') && (
      <Button key="revoke" size={size} danger icon={<StopOutlined />} onClick={() => decide('revoke')}>
        {t('actions.revoke')}
      </Button>
    ),
    may('delete') && (
      <Button
        key="delete"
        size={size}
        danger
        icon={<DeleteOutlined />}
        loading={remove.isPending}
        onClick={() =>
          modal.confirm({
            title: t('actions.deleteConfirm'),
            okText: t('actions.delete'),
            okButtonProps: { danger: true },
            cancelText: t('common.cancel'),
            onOk: () => remove.mutate({ id: a.id }),
          })
        }
      >
        {t('actions.delete')}
      </Button>
    ),
  ].filter(Boolean);

  const decision = deciding ?? 'suspend';
  const dialogs = (
    <ReasonModal
      open={deciding !== null}
      text={{
        title: t(`actions.${decision}Title`, { number: a.number ?? '' }),
        okText: t(`actions.${decision}`),
        cancelText: t('common.cancel'),
        label: t('actions.reasonLabel'),
        placeholder: t('actions.reasonPlaceholder'),
        hint: t(`actions.${decision}Hint`),
      }}
      schema={authorisationReasonBody.shape.reason}
      submitting={suspend.isPending || revoke.isPending}
      serverError={reasonError}
      onCancel={() => setDeciding(null)}
      onSubmit={(reason) => (decision === 'revoke' ? revoke : suspend).mutate({ id: a.id, reason })}
    />
  );
  return { buttons, dialogs };
}
