import { ExclamationCircleFilled } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { session } from '../../../lib/session.ts';

export interface RemoteLoginDialogProps {
  open: boolean;
  /** Called after the dialog cleared the session, as it leaves for sign-in (then the password page). */
  onChangePassword: () => void;
  /** Called after the dialog cleared the session, as it leaves for sign-in. */
  onCancel: () => void;
}

/** Where 修改密码 leads: the user signs in again first, then lands on the change-password page. */
export const CHANGE_PASSWORD_SIGN_IN = `/login?redirect=${encodeURIComponent('/user/password')}`;

/**
 * Both buttons leave by a full page load, not a router navigation: nothing of the ended session may survive
 * (cached queries, kept-alive pages of the console), whoever signs in next on this browser. It replaces the history
 * entry, so Back does not return to the dead page. An object so tests can watch it (jsdom's location cannot be
 * spied on).
 */
export const pageLoad = { replace: (url: string) => window.location.replace(url) };

/**
 * The reminder shown when the session was ended by a sign-in elsewhere (spec §8, invalidIndex 2). Both buttons
 * clear the dead session first: the old token can no longer be used for anything.
 */
export function RemoteLoginDialog({ open, onChangePassword, onCancel }: RemoteLoginDialogProps) {
  const { t } = useTranslation('auth');
  const leave = (url: string, then: () => void) => {
    session.clear();
    then();
    pageLoad.replace(url);
  };
  const changePassword = () => leave(CHANGE_PASSWORD_SIGN_IN, onChangePassword);
  const cancel = () => leave('/login', onCancel);
  return (
    <Modal
      open={open}
      title={
        <span>
          <ExclamationCircleFilled style={{ color: '#faad14', marginRight: 8 }} aria-hidden />
          {t('remote.title')}
        </span>
      }
      closable={false}
      mask={{ closable: false }}
      onCancel={cancel}
      width={440}
      // Above every popover and drawer that may still be open: the session behind them is gone.
      zIndex={2000}
      footer={[
        <Button key="cancel" onClick={cancel}>
          {t('remote.cancel')}
        </Button>,
        <Button key="change" type="primary" onClick={changePassword}>
          {t('remote.changePassword')}
        </Button>,
      ]}
    >
      <p style={{ margin: '8px 0 0', lineHeight: 1.8 }}>{t('remote.content')}</p>
    </Modal>
  );
}
