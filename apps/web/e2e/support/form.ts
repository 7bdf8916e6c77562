import type { Locator } from 'playwright-core';

/** One field of an antd form, found by the text of its label. */
export function formItem(scope: Locator, label: string | RegExp): Locator {
  return scope
    .locator('.ant-form-item')
    .filter({ has: scope.page().locator('.ant-form-item-label', { hasText: label }) });
}

/**
 * Choose `title` in an antd Select (`select`: its .ant-select element), typing `search` first if given, and wait
 * until the select shows it. A string matches an option's title whole; a RegExp as it is (e.g. a prefix). On a loaded machine a click can land while the dropdown is still sliding in and be
 * lost; the choice is then made again (at most three times) rather than failing on a later, unrelated step.
 */
export async function chooseOption(select: Locator, title: string | RegExp, search?: string): Promise<void> {
  const page = select.page();
  const option = page.locator('.ant-select-dropdown:visible').getByTitle(title, { exact: true });
  const chosen = select.getByTitle(title, { exact: true });
  for (let attempt = 1; ; attempt++) {
    if (!(await option.isVisible())) {
      await select.click();
      if (search !== undefined) await select.locator('input').fill(search);
    }
    await option.click();
    const shown = await chosen.waitFor({ timeout: 5000 }).then(
      () => true,
      () => false,
    );
    if (shown) return;
    if (attempt === 3) throw new Error(`the select did not take the option ${title}`);
  }
}
