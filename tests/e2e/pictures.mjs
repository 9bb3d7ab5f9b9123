// The pictures of the README and the guides in docs/, taken from the page as it is now:
// `cargo xtask pictures` serves the repository and runs this with E2E_BASE_URL, CHROME and
// PICTURES_DIR (where they go).
// Not a test: it only looks, and writes the pictures.

import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { launchBrowser, openPage, requiredEnv } from './browser.mjs';

const DIR = requiredEnv('PICTURES_DIR');
const WIDE = { viewport: { width: 1366, height: 800 } };
// A 1366x768 projector at 150% browser zoom.
const PROJECTOR = { viewport: { width: 911, height: 512 }, deviceScaleFactor: 1.5 };

const click = (page, name) => page.getByRole('button', { name, exact: true }).click();
const settle = (page) => page.waitForTimeout(400);

// Each scene: [file, context options, link, what to do before the picture].
const SCENES = [
  ['screenshot.png', WIDE, '?size=19x9&step=9&lang=en', async () => {}],
  ['screenshot-zh.png', WIDE, '?size=19x9&step=9&lang=zh', async () => {}],
  ['screenshot-presentation.png', PROJECTOR, '?example=tutorial-wall&lang=en', async (page) => {
    await click(page, 'Presentation');
    for (let i = 0; i < 2; i++) await click(page, 'Step');
    for (let i = 0; i < 6; i++) await click(page, 'Step line');
  }],
  // Lesson mode on the projector, in Chinese: tutorial 000's first scene, its question
  // answered, then the step it asks about.
  ['screenshot-lesson.png', PROJECTOR, '?lesson=tutorial-000&lang=zh', async (page) => {
    await page.locator('#saved-notice-close').click({ timeout: 2000 }).catch(() => {});
    await page.keyboard.press('p');
    for (const [id, value] of [['question-f', '40'], ['question-g', '10'], ['question-h', '30']]) await page.locator(`#${id}`).fill(value);
    await page.locator('#question-check').click();
    await page.locator('#question-check').blur();
    await page.keyboard.press('PageDown');
  }],
  ['screenshot-compare.png', WIDE, '?compare=astar,dijkstra,greedy&size=19x9&lang=en', async (page) => {
    await click(page, 'To end');
  }],
  // D* Lite repairing its search after the wall of the paper's example went up mid-search
  // (after a finished search the repair runs to its end at once, as A* starts again).
  ['screenshot-dstar.png', WIDE, '?example=dstar-paper&lang=en', async (page) => {
    for (let i = 0; i < 3; i++) await click(page, 'Step');
    await page.locator('#example-change').click();
    for (let i = 0; i < 2; i++) await click(page, 'Step');
  }],
  // Walk mode: the agent halfway to the gap that is closed, in the fog.
  ['screenshot-walk.png', WIDE, '?example=dstar-detour&algorithm=dstar-lite&walk=1&sensor=2&lang=zh', async (page) => {
    for (let i = 0; i < 11; i++) await click(page, '单步');
  }],
];

const browser = await launchBrowser();
try {
  for (const [file, options, link, prepare] of SCENES) {
    const { page, context } = await openPage(browser, link, options);
    await page.waitForFunction(() => /\//.test(document.getElementById('timeline-label')?.textContent ?? ''));
    await prepare(page);
    await settle(page);
    await page.screenshot({ path: join(DIR, file) });
    console.log(`wrote ${file}`);
    await context.close();
  }

  // The exported animation: the tutorial map's whole search, as the Export panel makes it.
  const { page, context } = await openPage(browser, '?example=tutorial-wall&heuristic=octile&lang=en', WIDE);
  await page.locator('#export-panel > summary').click();
  await page.waitForFunction(() => document.getElementById('export-to').max !== '');
  await page.getByLabel('Seconds per step').fill('0.4');
  await page.getByLabel('Hold the last frame (s)').fill('3');
  const [download] = await Promise.all([page.waitForEvent('download'), click(page, 'Export animation')]);
  await writeFile(join(DIR, 'example-animation.gif'), await readFile(await download.path()));
  console.log('wrote example-animation.gif');
  await context.close();
} finally {
  await browser.close();
}
