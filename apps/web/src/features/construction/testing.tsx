import { configure, fireEvent, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderWithProviders } from '../../test/render.tsx';
import constructionZh from './locales/zh-CN.ts';

// antd forms, drawers and tables render slowly on a shared 2-core machine: findBy*/waitFor get twenty seconds.
configure({ asyncUtilTimeout: 20_000 });

/** Render a site construction page with its strings at `path`. */
export const renderSite = (ui: ReactNode, path = '/') =>
  renderWithProviders(ui, { construction: constructionZh }, { path });

export const page = <T,>(list: T[], total = list.length) => ({ list, total });

export { screenWidth } from '../../test/screen-width.ts';

/** Render a site construction page with its strings at `path` (the .xlsx pages' tests). */
export const renderConstruction = renderSite;

const visible = (e: Element) => !e.closest('[hidden]') && !e.closest('.ant-select-dropdown-hidden');

/** The visible element matching `selector` whose text (spaces ignored: antd spaces out 2-character buttons) is `text`. */
export async function findByText(selector: string, text: string | RegExp, within: ParentNode = document) {
  return waitFor(() => {
    const found = [...within.querySelectorAll(selector)].find((e) => {
      const content = (e.textContent ?? '').replace(/\s/g, '');
      return visible(e) && (typeof text === 'string' ? content === text : text.test(content));
    });
    if (!found) throw new Error(`no ${selector} "${text}"`);
    return found as HTMLElement;
  });
}

export const findButton = (text: string | RegExp, within: ParentNode = document) =>
  findByText('button', text, within) as Promise<HTMLButtonElement>;

/** Open the antd select labelled `label` (its aria-label) and pick the option whose text contains `option`. */
export async function choose(label: string, option: string) {
  const item = await waitFor(() => {
    const box = [...document.querySelectorAll(`[role="combobox"][aria-label="${label}"]`)].find(visible) as
      | HTMLInputElement
      | undefined;
    if (!box || box.disabled) throw new Error(`no enabled select ${label}`);
    if (box.getAttribute('aria-expanded') !== 'true') fireEvent.mouseDown(box);
    const found = [
      ...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option'),
    ].find((o) => visible(o) && o.textContent?.includes(option));
    if (!found) throw new Error(`no option ${option} in ${label}`);
    return found as HTMLElement;
  });
  fireEvent.click(item);
}
