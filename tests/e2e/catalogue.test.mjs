// Every finder of the engine's catalogue (finderCatalogue()) is offered whole on the page:
// the main view and a compare pane offer exactly the options the engine takes from it, which
// the engine then accepts. (Its words, pseudocode and trace are page logic, tested in Node.)

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserForThisFile } from './browser.mjs';
import { DESKTOP, withApp, waitForText, eventually } from './page.mjs';

const browser = browserForThisFile();

// The catalogue as the page holds it, in the page's order.
async function catalogue(page) {
  return page.evaluate(async () => {
    const { finders, optionValues } = await import('./www/finders/catalogue.js');
    return { finders: finders(), values: optionValues() };
  });
}

describe('the finder catalogue', () => {
  it('offers exactly the options each finder takes, in the main view and in a compare pane, and the engine takes them', async () => {
    await withApp(browser(), '?example=tutorial-wall', DESKTOP, async ({ page }) => {
      const { finders, values } = await catalogue(page);
      // The option lists the page offers are the engine's values.
      const offered = (id) => page.locator(`#${id} option`).evaluateAll((options) => options.map((o) => o.value));
      assert.deepEqual((await offered('heuristic')).filter((v) => v !== 'auto'), values.heuristic);
      assert.deepEqual(new Set(await offered('directions')), new Set(values.directions.map(String)));
      assert.deepEqual(await offered('diagonal'), values.diagonal);
      assert.deepEqual(await offered('topology'), values.topology);
      assert.deepEqual(await offered('costs'), values.costs);
      assert.deepEqual(await offered('tie-break'), values.tieBreak);
      assert.deepEqual(await offered('algorithm'), finders.map((f) => f.id));

      const fields = { heuristic: '#heuristic', weight: '#weight', nodeLimit: '#node-limit', tieBreak: '#tie-break', costs: '#costs', directions: '#directions' };
      for (const finder of finders) {
        await page.locator('#algorithm').selectOption(finder.id);
        for (const [option, selector] of Object.entries(fields)) {
          await eventually(page, async () => (await page.locator(selector).isEnabled()) === finder.options[option],
            `${finder.id}: the main view's ${option} field ${finder.options[option] ? 'enabled' : 'disabled'}`);
        }
        if (finder.options.weight) {
          await page.locator('#weight').fill('2');
          await page.locator('#weight').dispatchEvent('change');
          await page.locator('#weight').fill('1');
          await page.locator('#weight').dispatchEvent('change');
        }
        assert.ok(await page.locator('#message').isHidden(), `${finder.id}: ${await page.locator('#message-text').textContent()}`);
      }

      await page.locator('#algorithm').selectOption(finders[0].id);
      await page.getByRole('button', { name: 'Compare' }).click();
      const algorithm = page.getByRole('combobox', { name: 'Algorithm of method 1' });
      const heuristic = page.getByRole('combobox', { name: 'Heuristic of method 1' });
      const weight = page.getByRole('spinbutton', { name: 'Heuristic weight of method 1' });
      assert.deepEqual(await algorithm.locator('option').evaluateAll((o) => o.map((x) => x.value)), finders.map((f) => f.id));
      for (const finder of finders) {
        await algorithm.selectOption(finder.id);
        await eventually(page, async () => (await weight.isEnabled()) === finder.options.weight &&
          (await heuristic.isEnabled()) === finder.options.heuristic, `${finder.id}: the pane offers a weight iff it takes one, a heuristic iff it takes one`);
        if (finder.options.weight) {
          await weight.fill('2');
          await weight.dispatchEvent('change');
          await waitForText(page, '#compare-rows tr:first-child th', /w = 2/);
          await weight.fill('1');
          await weight.dispatchEvent('change');
        }
        assert.ok(await page.locator('#message').isHidden(), `${finder.id}: ${await page.locator('#message-text').textContent()}`);
      }
    });
  });
});
