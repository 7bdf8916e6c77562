import type { ElementItem } from '@jcbb/contract';
import type { ReactNode } from 'react';
import { renderWithProviders as render } from '../../test/render.tsx';
import elementZh from './locales/zh-CN.ts';

/** Render an element piece with its strings (see src/test/render.tsx). */
export const renderWithProviders = (ui: ReactNode, options?: { path?: string }) =>
  render(ui, { element: elementZh }, options);

/** An element of a dynamic form for tests: an optional, enabled text box of group 9 unless told otherwise. */
export function testElement(element: Partial<ElementItem> & Pick<ElementItem, 'id' | 'name'>): ElementItem {
  return {
    groupId: 9,
    cityCode: null,
    displayType: 1,
    displayTypeName: '',
    required: 0,
    useStatus: 1,
    govProcurement: false,
    standardMin: null,
    placeholder: null,
    sort: element.id,
    elementEnumList: [],
    ...element,
  };
}
