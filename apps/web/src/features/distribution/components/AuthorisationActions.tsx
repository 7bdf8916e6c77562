import {
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  DownOutlined,
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
import { App, Button, Dropdown, Flex } from 'antd';
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

/** One thing the maker may do now: a button in the drawer, a link or a menu entry in a list row. */
export interface ActionItem {
  key: string;
  label: string;
  icon: ReactNode;
  primary?: boolean;
  danger?: boolean;
  loading?: boolean;
  onClick?: () => void;
  /** Opens in a new tab instead (the public page). */
  href?: string;
}

/** The drawer's buttons: every action, in order. */
export function ActionButtons({ actions }: { actions: ActionItem[] }) {
  return (
    <Flex wrap gap={8} data-testid="authorisation-actions">
      {actions.map((x) => (
        <Button
          key={x.key}
          type={x.primary ? 'primary' : 'default'}
          danger={x.danger}
          icon={x.icon}
          loading={x.loading}
          onClick={x.onClick}
          {...(x.href ? { href: x.href, target: '_blank', rel: 'noopener' } : {})}
        >
          {x.label}
        </Button>
      ))}
    </Flex>
  );
}

/**
 * A list row's actions, kept short: 查看 (the drawer), the first action of the row's state (edit and issue a draft,
 * resume, renew), the rest under 更多.
 */
export function ActionLinks({ actions, onOpen }: { actions: ActionItem[]; onOpen: () => void }) {
  const { t } = useTranslation(DISTRIBUTION_NS);
  const inline = actions.filter((x) => x.key === 'issue' || x.key === 'resume' || x.key === 'renew').slice(0, 1);
  const rest = actions.filter((x) => !inline.includes(x));
  return (
    <Flex wrap gap={4} align="center">
      <Button size="small" type="link" onClick={onOpen} style={{ paddingInline: 4 }}>
        {t('list.view')}
      </Button>
      {inline.map((x) => (
        <Button
          key={x.key}
          size="small"
          type="link"
          loading={x.loading}
          onClick={x.onClick}
          style={{ paddingInline: 4 }}
        >
          {x.label}
        </Button>
      ))}
      {rest.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: rest.map((x) => ({
              key: x.key,
              icon: x.icon,
              danger: x.danger,
              label: x.href ? (
                <a href={x.href} target="_blank" rel="noopener">
                  {x.label}
                </a>
              ) : (
                x.label
              ),
              onClick: x.href ? undefined : x.onClick,
            })),
          }}
        >
          <Button size="small" type="link" style={{ paddingInline: 4 }}>
            {t('actions.more')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Flex>
  );
}

/**
 * What the maker may do with one authorisation now (its `actions`, the server's transition table; the server checks
 * each call again): buttons for a list row or the drawer, and the dialogs they open (the reason of a suspension or
 * a revocation), which the caller places once. Issuing asks first, naming whether the letter is exclusive.
 */
export function useAuthorisationActions(
  a: AuthorisationRow,
  options: { onDeleted?: () => void; onRenewed?: (id: number) => void } = {},
): { actions: ActionItem[]; dialogs: ReactNode } {
  const { t } = useTranslation(DISTRIBUTION_NS);
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const may = (action: AuthorisationRow['actions'][number]) => a.actions.includes(action);
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [pdfLoading, setPdfLoading] = useState(false);

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

  const actions: ActionItem[] = [];
  if (may('save'))
    actions.push({
      key: 'edit',
      label: t('actions.edit'),
      icon: <EditOutlined />,
      onClick: () => navigate(agentFormUrl(a.id)),
    });
  if (may('issue'))
    actions.push({
      key: 'issue',
      label: t('actions.issue'),
      icon: <SafetyCertificateOutlined />,
      primary: true,
      loading: issue.isPending,
      onClick: () =>
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
        }),
    });
  if (may('resume'))
    actions.push({
      key: 'resume',
      label: t('actions.resume'),
      icon: <PlayCircleOutlined />,
      loading: resume.isPending,
      onClick: () =>
        modal.confirm({
          title: t('actions.resume'),
          content: t('actions.resumeConfirm'),
          okText: t('actions.resume'),
          cancelText: t('common.cancel'),
          onOk: () => resume.mutate({ id: a.id }),
        }),
    });
  if (may('renew'))
    actions.push({
      key: 'renew',
      label: t('actions.renew'),
      icon: <CopyOutlined />,
      loading: renew.isPending,
      onClick: () => renew.mutate({ id: a.id }),
    });
  if (a.number) {
    actions.push({
      key: 'letter',
      label: t('actions.letter'),
      icon: <DownloadOutlined />,
      loading: pdfLoading,
      onClick: () => void downloadLetter(),
    });
    actions.push({
      key: 'public',
      label: t('actions.publicPage'),
      icon: <LinkOutlined />,
      href: pageUrl(pages.authorisationVerify, { id: a.publicId }),
    });
  }
  if (may('suspend'))
    actions.push({
      key: 'suspend',
      label: t('actions.suspend'),
      icon: <PauseCircleOutlined />,
      onClick: () => decide('suspend'),
    });
  if (may('revoke'))
    actions.push({
      key: 'revoke',
      label: t('actions.revoke'),
      icon: <StopOutlined />,
      danger: true,
      onClick: () => decide('revoke'),
    });
  if (may('delete'))
    actions.push({
      key: 'delete',
      label: t('actions.delete'),
      icon: <DeleteOutlined />,
      danger: true,
      loading: remove.isPending,
      onClick: () =>
        modal.confirm({
          title: t('actions.deleteConfirm'),
          okText: t('actions.delete'),
          okButtonProps: { danger: true },
          cancelText: t('common.cancel'),
          onOk: () => remove.mutate({ id: a.id }),
        }),
    });

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
  return { actions, dialogs };
}
