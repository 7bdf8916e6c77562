import { useEffect, useState } from 'react';
import { type Notifier, setNotifier } from '../lib/notify.ts';
import './toaster.css';

type Kind = 'error' | 'warning' | 'success';
interface Toast {
  id: number;
  kind: Kind;
  text: string;
}

let show: ((kind: Kind, text: string, seconds: number) => void) | null = null;

/**
 * Toasts without antd, for pages that do not load it (sign-in): the guard's "验证失败，请重新登录" must show there.
 * Wherever antd's providers are mounted (AntdFrame), antd's message takes over and hands back when they go.
 */
export const liteNotifier: Notifier = {
  error: (text, seconds) => show?.('error', text, seconds ?? 3),
  warning: (text, seconds) => show?.('warning', text, seconds ?? 3),
  success: (text, seconds) => show?.('success', text, seconds ?? 3),
};

const marks: Record<Kind, string> = { error: '×', warning: '!', success: '✓' };

export function LiteToaster() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  useEffect(() => {
    let next = 0;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    show = (kind, text, seconds) => {
      next += 1;
      const id = next;
      setToasts((current) => [...current.slice(-2), { id, kind, text }]);
      const timer = setTimeout(() => {
        timers.delete(timer);
        setToasts((current) => current.filter((t) => t.id !== id));
      }, seconds * 1000);
      timers.add(timer);
    };
    setNotifier(liteNotifier);
    return () => {
      show = null;
      for (const timer of timers) clearTimeout(timer);
    };
  }, []);
  return (
    <div className="jcbb-toasts" aria-live="assertive">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`jcbb-toast jcbb-toast--${toast.kind}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
        >
          <span className="jcbb-toast__mark" aria-hidden>
            {marks[toast.kind]}
          </span>
          {toast.text}
        </div>
      ))}
    </div>
  );
}
