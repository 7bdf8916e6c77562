import type { Page } from 'playwright-core';
import { formItem } from './form.ts';

/**
 * A signed-in manufacturer's new product, through the console: /product/list → 新增产品 → step 1 (name, brand, a
 * product class found by searching the tree, 常规) → 保存并下一步. Answers the new product's id (0 if none).
 */
export async function createProductBasics(
  page: Page,
  product: { name: string; brand: string; classification: string },
): Promise<number> {
  await page.goto('/product/list');
  await page.getByRole('button', { name: /新增产品/ }).click();
  await page.waitForURL('**/productCenter/productEdit');
  // The list stays mounted, hidden (keep-alive): work in the visible form.
  const basic = page.locator('form:visible').filter({ has: page.getByRole('button', { name: '保存并下一步' }) });
  await basic.waitFor();
  await formItem(basic, '产品名称').locator('input').fill(product.name);
  await formItem(basic, '品牌').locator('input').fill(product.brand);
  // Only product classes (leaves) can be chosen: search the tree for one.
  const classify = formItem(basic, '产品分类');
  await classify.locator('.ant-select').click();
  await classify.locator('input').fill(product.classification);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-tree')
    .getByTitle(product.classification, { exact: true })
    .click();
  await classify.getByTitle(product.classification, { exact: true }).waitFor();
  await formItem(basic, '材料类型').getByText('常规', { exact: true }).click();
  await basic.getByRole('button', { name: '保存并下一步' }).click();
  await page.waitForURL(/[?&]step=1/);
  return Number(new URL(page.url()).searchParams.get('id'));
}
