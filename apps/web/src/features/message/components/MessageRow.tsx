import type { Message } from '@jcbb/contract';
import { ReadPoint } from '@jcbb/contract/enums';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface MessageRowProps {
  message: Message;
  onOpen: (message: Message) => void;
  /** The popover's one-line excerpt instead of the centre's two. */
  compact?: boolean;
  /** Buttons beside the message (the centre's delete). */
  actions?: ReactNode;
}

/** One message in a list: unread dot, title, excerpt and time; the whole text opens it (a real button). */
export function MessageRow({ message, onOpen, compact = false, actions }: MessageRowProps) {
  const { t } = useTranslation('message');
  const unread = message.readPoint === ReadPoint.UNREAD;
  return (
    <li className={`jcbb-msg-row${unread ? ' jcbb-msg-row--unread' : ''}${compact ? ' jcbb-msg-row--compact' : ''}`}>
      <button type="button" className="jcbb-msg-row__open" onClick={() => onOpen(message)}>
        <span className="jcbb-msg-row__dot" aria-hidden />
        <span className="jcbb-msg-row__body">
          <span className="jcbb-msg-row__title">
            {unread && <span className="jcbb-msg-row__sr">{t('unreadTag')}：</span>}
            {message.title}
          </span>
          <span className="jcbb-msg-row__excerpt">{message.content || t('noContent')}</span>
          <time className="jcbb-msg-row__time" dateTime={message.createTime.replace(' ', 'T')}>
            {message.createTime}
          </time>
        </span>
      </button>
      {actions && <div className="jcbb-msg-row__actions">{actions}</div>}
    </li>
  );
}
