import { CustomerServiceOutlined } from '@ant-design/icons';
import {
  lazy,
  type PointerEvent as ReactPointerEvent,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../lib/app-config.ts';
import {
  type ButtonPosition,
  clampPosition,
  DEFAULT_POSITION,
  dragTo,
  exceedsThreshold,
  type Point,
  parsePosition,
  type Size,
} from './service-button-drag.ts';
import './service-button.css';

export const POSITION_KEY = 'jcbb_service_button';
/** The button's size in service-button.css, for clamping before it is measured (and in jsdom, which has no layout). */
const FALLBACK_SIZE: Size = { width: 56, height: 56 };

// The dialog (antd Modal) and the QR generator are not part of the console's first load: they come on first use,
// fetched early when the pointer reaches the button or the keyboard focuses it.
const loadDialog = () => import('./ServiceDialog.tsx');
const ServiceDialog = lazy(loadDialog);
const prefetchDialog = () => void loadDialog();

function readPosition(): ButtonPosition {
  try {
    return parsePosition(globalThis.localStorage?.getItem(POSITION_KEY) ?? null) ?? DEFAULT_POSITION;
  } catch {
    return DEFAULT_POSITION;
  }
}

function savePosition(position: ButtonPosition): void {
  try {
    globalThis.localStorage?.setItem(POSITION_KEY, JSON.stringify(position));
  } catch {
    // Storage disabled: the position lasts for this page.
  }
}

function viewportSize(): Size {
  const root = document.documentElement;
  // clientWidth leaves out a scroll bar; jsdom reports 0 for it.
  return { width: root.clientWidth || window.innerWidth, height: root.clientHeight || window.innerHeight };
}

function sizeOf(element: HTMLElement | null): Size {
  if (!element || element.offsetWidth === 0) return FALLBACK_SIZE;
  return { width: element.offsetWidth, height: element.offsetHeight };
}

interface Press {
  pointerId: number;
  start: Point;
  origin: ButtonPosition;
  dragging: boolean;
}

/**
 * The floating customer-service button (spec §1, §9): bottom right, 20 px from the bottom, draggable anywhere in the
 * window (a press that travels more than 3 px is a drag, not a click), where it was left remembered in this browser.
 * A click, Enter or Space opens the QR-code dialog. Not shown when no customer-service address is configured.
 */
export function ServiceButton() {
  const url = useAppConfig()?.customerServiceUrl?.trim();
  if (!url) return null;
  return <FloatingServiceButton url={url} />;
}

function FloatingServiceButton({ url }: { url: string }) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  const [chosen, setChosen] = useState(readPosition);
  const [viewport, setViewport] = useState(viewportSize);
  const [size, setSize] = useState(FALLBACK_SIZE);
  const [open, setOpen] = useState(false);
  const [dialogUsed, setDialogUsed] = useState(false);
  const press = useRef<Press | null>(null);
  // A drag ends with the browser's click on the button: that click is the drag's, not a request for the dialog.
  const swallowClick = useRef(false);

  useLayoutEffect(() => setSize(sizeOf(button.current)), []);
  useEffect(() => {
    const onResize = () => {
      setViewport(viewportSize());
      setSize(sizeOf(button.current));
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  // Where the user put it, pulled inside a window smaller than the one it was put in.
  const shown = clampPosition(chosen, size, viewport);

  const moveTo = useCallback((current: Press, at: Point) => {
    const next = dragTo(current.origin, current.start, at, sizeOf(button.current), viewportSize());
    setChosen(next);
    return next;
  }, []);

  const onPointerDown = (event: ReactPointerEvent<HTMLButtonElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    prefetchDialog();
    swallowClick.current = false;
    press.current = {
      pointerId: event.pointerId,
      start: { x: event.clientX, y: event.clientY },
      origin: shown,
      dragging: false,
    };
    // Keep the moves coming when the pointer outruns the button (and on touch screens, where they would stop).
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLButtonElement>) => {
    const current = press.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const at = { x: event.clientX, y: event.clientY };
    if (!current.dragging && !exceedsThreshold(current.start, at)) return;
    current.dragging = true;
    moveTo(current, at);
  };

  const endPress = (event: ReactPointerEvent<HTMLButtonElement>, cancelled: boolean) => {
    const current = press.current;
    if (!current || current.pointerId !== event.pointerId) return;
    press.current = null;
    if (event.currentTarget.hasPointerCapture?.(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
    const at = { x: event.clientX, y: event.clientY };
    // The release point counts as well: a pointer can jump without reporting moves in between.
    const dragged = current.dragging || (!cancelled && exceedsThreshold(current.start, at));
    if (!dragged) return;
    savePosition(cancelled ? clampPosition(chosen, size, viewport) : moveTo(current, at));
    swallowClick.current = true;
    // A touch drag brings no click: do not let the flag eat the next keyboard press.
    window.setTimeout(() => {
      swallowClick.current = false;
    }, 0);
  };

  const onClick = () => {
    if (swallowClick.current) {
      swallowClick.current = false;
      return;
    }
    setDialogUsed(true);
    setOpen(true);
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="jcbb-service-button"
        style={{ right: shown.right, bottom: shown.bottom }}
        aria-label={t('service.button')}
        title={t('service.button')}
        aria-haspopup="dialog"
        onPointerEnter={prefetchDialog}
        onFocus={prefetchDialog}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={(event) => endPress(event, false)}
        onPointerCancel={(event) => endPress(event, true)}
        onClick={onClick}
      >
        <CustomerServiceOutlined className="jcbb-service-button__icon" aria-hidden />
        <span className="jcbb-service-button__text" aria-hidden>
          {t('service.short')}
        </span>
      </button>
      {dialogUsed && (
        <Suspense fallback={null}>
          <ServiceDialog url={url} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
