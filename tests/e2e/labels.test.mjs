// No label or choice is cut off on a 1366x768 screen, in either language: every label shows
// its whole text, and every select is wide enough for each of its choices.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserForThisFile } from './browser.mjs';
import { DESKTOP, withApp } from './page.mjs';

const browser = browserForThisFile();

// The labels and selects whose text does not fit, with every panel open.
async function cutTexts(page) {
  return page.evaluate(() => {
    for (const details of document.querySelectorAll('details.panel')) details.open = true;
    const cut = [];
    const shown = (element) => element.getClientRects().length > 0;
    for (const label of document.querySelectorAll('label, label > span, .field-inline > span')) {
      if (shown(label) && label.scrollWidth > label.clientWidth + 1) cut.push(`label "${label.textContent.trim()}": ${label.scrollWidth} > ${label.clientWidth}`);
    }
    // A select's scrollWidth never exceeds its box: its choices are measured in its own font,
    // against its box less its padding and the arrow.
    const context = document.createElement('canvas').getContext('2d');
    for (const select of document.querySelectorAll('select')) {
      if (!shown(select)) continue;
      const style = getComputedStyle(select);
      context.font = style.font;
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
      for (const option of select.options) {
        const width = context.measureText(option.text).width;
        if (width > room) cut.push(`${select.id || select.getAttribute('aria-label')}: "${option.text}" needs ${Math.ceil(width)} px of ${Math.floor(room)}`);
      }
    }
    return cut;
  });
}

// The tie-break field names what orders the finder's open list, as the catalogue gives it.
const TIES = {
  en: { astar: 'Ties in F', dijkstra: 'Ties in G', greedy: 'Ties in H', bfs: 'Ties in moves', 'dstar-lite': 'Ties in k1' },
  zh: { astar: 'F 相同时', dijkstra: 'G 相同时', greedy: 'H 相同时', bfs: '移动次数相同时', 'dstar-lite': 'k1 相同时' },
};

describe('labels', () => {
  it('cuts no label or choice off at 1366x768, in the main view and comparing, and names the tie-break field after the finder\'s priority, in English and in Chinese', async () => {
    await withApp(browser(), '', DESKTOP, async ({ page }) => {
      for (const language of ['en', 'zh']) {
        // Chosen as a person chooses it: the language select.
        await page.locator('#language').selectOption(language);
        for (const [algorithm, name] of Object.entries(TIES[language])) {
          await page.locator('#algorithm').selectOption(algorithm);
          await page.getByRole('combobox', { name, exact: true }).waitFor();
          assert.equal(await page.getByRole('combobox', { name, exact: true }).getAttribute('id'), 'tie-break', `${language} ${algorithm}`);
          assert.deepEqual(await cutTexts(page), [], `${language} ${algorithm}`);
        }
        // The compare view's selects too, each pane's options unfolded.
        await page.locator('#compare-toggle').click();
        await page.waitForSelector('.pane select');
        for (const summary of await page.locator('.pane-options > summary').all()) await summary.click();
        assert.deepEqual(await cutTexts(page), [], `${language}, comparing`);
        await page.locator('#compare-toggle').click();
        await page.locator('.pane select').first().waitFor({ state: 'hidden' });
      }
    });
  });
});
