// Type at projector sizes, in presentation mode: the pseudocode takes the largest size at
// which it fits its column and keeps it when the open list fills in, the step sentence and
// each warning stay whole and large, for A*, D* Lite and a D* Lite walk, in both languages,
// at 1366x768 at 150% browser zoom (a 911x512 CSS px window), 1280x720, 1366x768 and
// 1920x1080 (pairwise). Sizes are CSS px.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserForThisFile } from './browser.mjs';
import { withApp } from './page.mjs';
import { pairwise } from './pairwise.mjs';

const browser = browserForThisFile();
const SMALL = { viewport: { width: 911, height: 512 }, deviceScaleFactor: 1.5 };
const PROJECTORS = [SMALL, { viewport: { width: 1280, height: 720 } }, { viewport: { width: 1366, height: 768 } }, { viewport: { width: 1920, height: 1080 } }];
// Each scene: its link and the smallest pseudocode at 911x512 and at the larger sizes.
const SCENES = {
  astar: { link: '?example=tutorial-wall', code: [12, 16] },
  dstar: { link: '?example=dstar-paper', code: [10, 12] },
  walk: { link: '?example=dstar-detour&algorithm=dstar-lite&walk=1&sensor=2', code: [10, 12] },
};
// A folder to keep a screenshot of each scene in, to look at.
const SHOTS = process.env.PROJECTOR_SHOTS;

// After the layout settled (the board is measured, then the type fitted).
async function settled(page) {
  await page.evaluate(() => new Promise((done) => {
    let frames = 6;
    const next = () => (--frames === 0 ? done() : requestAnimationFrame(next));
    requestAnimationFrame(next);
  }));
}

// The sizes of the pseudocode, the step sentence and the warnings, and what cuts them.
function measure(page) {
  return page.evaluate(() => {
    const size = (element) => parseFloat(getComputedStyle(element).fontSize);
    const problems = [];
    const whole = (name, element) => {
      if (element.scrollHeight > element.clientHeight + 1) problems.push(`${name} scrolls (${element.scrollHeight} > ${element.clientHeight})`);
      const box = element.getBoundingClientRect();
      if (box.bottom > innerHeight + 0.5 || box.right > innerWidth + 0.5) problems.push(`${name} leaves the window`);
    };
    const code = document.querySelector('#pseudocode li');
    const narration = document.getElementById('narration');
    whole('the step sentence', narration);
    whole('the pseudocode', document.getElementById('pseudocode'));
    const warning = document.getElementById('admissibility');
    const warnings = warning.hidden ? [] : [...warning.children];
    if (!warning.hidden) whole('the warning', warning);
    // One warning a line: each its own box, below the one before.
    warnings.forEach((part, k) => {
      if (k > 0 && part.getBoundingClientRect().top < warnings[k - 1].getBoundingClientRect().bottom - 0.5) problems.push('two warnings share a line');
    });
    return {
      code: size(code),
      narration: size(narration),
      warnings: warnings.map(size),
      problems,
    };
  });
}

async function setLanguage(page, code) {
  await page.evaluate((code) => import('./www/i18n/i18n.js').then((i18n) => i18n.setLanguage(code)), code);
}

const sizeName = ({ viewport, deviceScaleFactor = 1 }) => `${viewport.width}x${viewport.height}@${deviceScaleFactor}`;

describe('presentation mode on a projector', () => {
  it('writes the pseudocode, the step sentence and the warnings large and whole, and keeps the listing\'s size as the search goes on', async () => {
    const rows = pairwise({ projector: PROJECTORS, scene: Object.keys(SCENES), language: ['en', 'zh'] });
    for (const { projector, scene, language } of rows) {
      const { link, code } = SCENES[scene];
      await withApp(browser(), link, projector, async ({ page }) => {
        const name = `${sizeName(projector)} ${scene} ${language}`;
        await setLanguage(page, language);
        await page.keyboard.press('p');
        await settled(page);
        const first = await measure(page);
        const small = projector === SMALL;
        const least = { code: code[small ? 0 : 1], text: small ? 12 : 14 };
        const seen = [first];
        // Eight steps: the open list fills in, sentences tell of ties and better G.
        for (let k = 0; k < 8; k++) {
          await page.keyboard.press('PageDown');
          await settled(page);
          seen.push(await measure(page));
        }
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name.replace(/[ @]/g, '-')}.png` });
        for (const [k, m] of seen.entries()) {
          assert.deepEqual(m.problems, [], `${name}, step ${k}`);
          assert.ok(m.code >= least.code, `${name}, step ${k}: pseudocode in ${m.code} px`);
          assert.ok(m.narration >= least.text, `${name}, step ${k}: step sentence in ${m.narration} px`);
          for (const w of m.warnings) assert.ok(w >= least.text, `${name}, step ${k}: warning in ${w} px`);
          // The listing keeps its size as the open list fills in (a note longer than the two
          // lines kept for it may take a little).
          assert.ok(m.code >= first.code * 0.97, `${name}, step ${k}: pseudocode shrank from ${first.code} to ${m.code} px`);
        }
      });
    }
  });
});
