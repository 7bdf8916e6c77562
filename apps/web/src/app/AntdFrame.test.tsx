import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import AntdFrame from './AntdFrame.tsx';

/** Shows whether antd animates inside the frame (its `motion` token). */
function MotionProbe() {
  const { token } = theme.useToken();
  return <span data-testid="motion">{String(token.motion)}</span>;
}

function systemAsks(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query === '(prefers-reduced-motion: reduce)',
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

describe('the antd frame', () => {
  it('turns antd’s animations off when the system asks for reduced motion', () => {
    systemAsks(true);
    render(
      <AntdFrame>
        <MotionProbe />
      </AntdFrame>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('false');
  });

  it('keeps them otherwise', () => {
    systemAsks(false);
    render(
      <AntdFrame>
        <MotionProbe />
      </AntdFrame>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('true');
  });
});
