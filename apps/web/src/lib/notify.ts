/**
 * Toasts from code that is not a component (the HTTP client). The app's root registers antd's context-aware
 * `message` API here (App.useApp), so toasts follow the theme and locale.
 */
export interface Notifier {
  error(content: string, durationSeconds?: number): void;
  warning(content: string, durationSeconds?: number): void;
  success(content: string, durationSeconds?: number): void;
}

let current: Notifier = {
  error: (c) => console.error(c),
  warning: (c) => console.warn(c),
  success: () => {},
};

export function setNotifier(notifier: Notifier): void {
  current = notifier;
}

export const notify: Notifier = {
  error: (c, d) => current.error(c, d),
  warning: (c, d) => current.warning(c, d),
  success: (c, d) => current.success(c, d),
};
