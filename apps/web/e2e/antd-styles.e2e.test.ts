import { describe, expect, it } from 'vitest';
import { ACCOUNTS } from './support/accounts.ts';
import { signIn, useBrowser } from './support/browser.ts';
import { hasChromium } from './support/chromium.ts';

/**
 * antd's component styles come as stylesheets built with the app (vite-antd-styles.ts), not generated in the browser:
 * the built console must look themed and complete with antd's style engine off.
 */
describe.runIf(hasChromium)("antd's styles, built with the app", () => {
  const browser = useBrowser();

  it('styles the console from its stylesheets, in our theme, with no component style generated in the page', async () => {
    const page = await browser.newPage();
    await signIn(page, ACCOUNTS.manufacturer);
    await page.goto('/product/list');
    const addButton = page.getByRole('button', { name: /新增产品/ });
    await page.locator('.ant-table-row').first().waitFor();

    const look = await page.evaluate(() => {
      const style = (selector: string) => {
        const element = document.querySelector(selector);
        return element ? getComputedStyle(element) : null;
      };
      const generated = [...document.querySelectorAll('style')].map((s) => s.textContent ?? '');
      const sheets = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((l) => l.href);
      return {
        tableDisplay: style('.ant-table table')?.display,
        headerCellBackground: style('.ant-table-thead > tr > th')?.backgroundColor,
        selectBorder: style('.ant-select')?.borderTopStyle,
        // antd still writes its design tokens into <style> elements (`.css-var-….ant-btn{--ant-button-…}`); a
        // component rule generated in the page would name a part no token rule does.
        generatedComponentRules: generated.filter((text) => /\.ant-(table-thead|btn-primary|menu-item)\b/.test(text))
          .length,
        sheets,
      };
    });
    // The brand green on the primary button: the theme's token reaches the built stylesheet as a CSS variable.
    expect(await addButton.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(31, 138, 76)');
    expect(look.tableDisplay).toBe('table');
    expect(look.headerCellBackground).not.toBe('rgba(0, 0, 0, 0)');
    expect(look.selectBorder).toBe('solid');
    expect(look.generatedComponentRules).toBe(0);
    // antd's styles arrived with the chunks that hold the components (antd-core for the frame, antd for the rest).
    expect(look.sheets.some((href) => /\/assets\/antd-core-[\w-]+\.css$/.test(href))).toBe(true);
    expect(look.sheets.some((href) => /\/assets\/antd-[\w-]{8}\.css$/.test(href))).toBe(true);
  });
});
