import { describe, expect, it } from 'vitest';
import { ACCOUNTS } from './support/accounts.ts';
import { PHONE, signIn, useBrowser } from './support/browser.ts';
import { hasChromium } from './support/chromium.ts';
import { screenshots } from './support/screenshots.ts';

const shot = screenshots('home');
const DESKTOP = { width: 1366, height: 900 };

/** Issue 28 item 6: each organisation's home says what needs it today and counts what exists, never 即将上线. */
describe.runIf(hasChromium)('home dashboards', () => {
  const browser = useBrowser();

  for (const [who, figure] of [
    ['manufacturer', '本月发货'],
    ['developer', '材料清单'],
  ] as const) {
    for (const viewport of [DESKTOP, PHONE]) {
      it(`shows the ${who} its 今日待办 and figures at ${viewport.width} px`, async () => {
        const page = await browser.newPage({ viewport });
        await signIn(page, ACCOUNTS[who]);
        await page.getByRole('heading', { name: '今日待办' }).waitFor();
        await page
          .getByRole('link', { name: /未读消息/ })
          .first()
          .waitFor();
        await page.getByText(figure, { exact: true }).waitFor();
        // The developer's own 待办 (quotes on its open inquiries, shipments on the way to its projects, filings).
        if (who === 'developer') {
          await page.getByRole('link', { name: /发往项目的在途发货/ }).waitFor();
          // The quarter's procurement filings it owes, with the filing page behind the count.
          const filings = page.getByRole('link', { name: /待填报的政府采购信息/ });
          expect(await filings.getAttribute('href')).toBe('/govProcurementInfo/materialFill');
        }
        expect(await page.getByText('即将上线').count()).toBe(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await shot(page, `${who}-${viewport.width}`);
      });
    }
  }
});
