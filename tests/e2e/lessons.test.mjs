// Lessons in the page: a built-in lesson walked with a presenter's remote in presentation
// mode at 1280x720 ("Scene k / n", the narration whole and no smaller than the pseudocode,
// its marked cell framed, no option changed by a stepping key), in both languages; the view
// on show added as a scene, narrated, saved as a file and opened again; a 10 MB file
// refused; a bad lesson file dropped on the page told by line while an edited lesson is kept
// and brought back; the lesson in progress still there after a reload, its scene reopened;
// a tutorial lesson opened from its link and walked to each scene's own last step, with the
// coordinates each scene names, reloaded (the scene on show comes back with its question,
// not the link's; a construct task's scene with the student's map too), and shared as a QR
// code; an admissibility question holds back the page's warning until answered. A student
// on a phone answers a lesson's questions: cells tapped on the board, F, G and H typed, the
// verdict and why in both languages, a practice map, the scene on show and the score kept
// over a reload until reset; a worksheet of a scene prints alone, with its answer key; a
// lesson link opens at its scene with the narration and question above the fold, in lesson
// mode too.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { browserForThisFile, canvasDigest } from './browser.mjs';
import { withApp, text, waitForText, eventually, cellPoint, PHONE } from './page.mjs';

const browser = browserForThisFile();
const SLIDE = { viewport: { width: 1280, height: 720 } };

function file(name, content) {
  return { name, mimeType: 'text/markdown', buffer: Buffer.from(content) };
}

// The lesson bar as the class sees it, once the page has drawn the last key's doing: inside
// the window, nothing cut, and its type against the pseudocode's.
async function lessonBar(page) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return page.evaluate(() => {
    const bar = document.getElementById('lesson-bar');
    const box = bar.getBoundingClientRect();
    const size = (element) => parseFloat(getComputedStyle(element).fontSize);
    return {
      counter: document.getElementById('lesson-counter').textContent,
      narration: document.getElementById('lesson-narration').textContent,
      inside: !bar.hidden && box.top >= 0 && box.bottom <= window.innerHeight && box.left >= 0 && box.right <= window.innerWidth,
      whole: bar.scrollHeight <= bar.clientHeight && bar.scrollWidth <= bar.clientWidth,
      larger: size(document.getElementById('lesson-narration')) >= size(document.querySelector('#pseudocode li')),
      step: document.getElementById('count-step').textContent,
      options: ['algorithm', 'heuristic', 'goal-test'].map((id) => document.getElementById(id).value).join(' '),
    };
  });
}

// The pixels of cell (x, y) on the overlay in the purple of a lesson's marked cells.
async function marked(page, x, y) {
  return page.evaluate(({ x, y }) => {
    const grid = document.getElementById('grid');
    const cell = Number(grid.dataset.cell);
    const left = Math.floor(x * cell - Number(grid.dataset.originX));
    const top = Math.floor(y * cell - Number(grid.dataset.originY));
    const data = document.getElementById('overlay').getContext('2d').getImageData(left, top, cell, cell).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) if (Math.abs(data[i] - 0x7b) + Math.abs(data[i + 1] - 0x2c) + Math.abs(data[i + 2] - 0xbf) < 24) n++;
    return n;
  }, { x, y });
}

async function download(page, button) {
  const [saved] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return { name: saved.suggestedFilename(), text: await readFile(await saved.path(), 'utf8') };
}

describe('lessons', () => {
  it('walks a built-in lesson with the remote, in both languages; adds, saves and reopens a scene; tells a bad file by line', async () => {
    await withApp(browser(), '', SLIDE, async ({ page }) => {
      await page.getByRole('combobox', { name: 'Lessons' }).selectOption('goal-test');
      await waitForText(page, '#lesson-counter', /^Scene 1 \/ 3$/);
      await page.keyboard.press('p');
      // The first scene frames the goal; the others mark nothing.
      await lessonBar(page);
      assert.ok(await marked(page, 5, 2) > 20, 'the goal is framed');
      assert.equal(await marked(page, 3, 2), 0);
      // The remote's Page Down, the select keeping the focus: through each scene's steps,
      // then on to the next scene, until nothing is left.
      const seen = [];
      let before = await lessonBar(page);
      for (let presses = 0; presses < 60; presses++) {
        assert.ok(before.inside && before.whole && before.larger, `the narration is on screen, whole and large: ${JSON.stringify(before)}`);
        if (seen.at(-1)?.counter !== before.counter) seen.push({ counter: before.counter, step: before.step, options: before.options });
        await page.keyboard.press('PageDown');
        const after = await lessonBar(page);
        if (after.counter === before.counter) {
          if (after.step === before.step) break;
          assert.equal(after.options, before.options, 'a step changes no option');
        }
        before = after;
      }
      assert.deepEqual(seen, [
        { counter: 'Scene 1 / 3', step: '0 / 16', options: 'dijkstra auto first-reached' },
        { counter: 'Scene 2 / 3', step: '15 / 22', options: 'dijkstra auto off-open' },
        { counter: 'Scene 3 / 3', step: '0 / 11', options: 'astar octile first-reached' },
      ]);
      assert.equal(before.step, '11 / 11');
      assert.equal(await marked(page, 5, 2), 0, 'the third scene marks nothing');
      assert.match(await text(page, '#result'), /cost 78/);
      // Back from a scene's first step: the previous scene as it ends; Home and End.
      await page.keyboard.press('Home');
      await waitForText(page, '#lesson-counter', /^Scene 1 \/ 3$/);
      await page.keyboard.press('End');
      await waitForText(page, '#lesson-counter', /^Scene 3 \/ 3$/);
      await page.keyboard.press('PageUp');
      await waitForText(page, '#lesson-counter', /^Scene 2 \/ 3$/);
      assert.equal((await lessonBar(page)).step, '22 / 22');
      await page.keyboard.press('ArrowLeft');
      assert.equal((await lessonBar(page)).step, '21 / 22');

      // In Chinese: the counter and the narration follow the page's language.
      await page.keyboard.press('Escape');
      await page.getByRole('combobox', { name: 'Language' }).selectOption('zh');
      await page.keyboard.press('p');
      const chinese = await lessonBar(page);
      assert.equal(chinese.counter, '场景 2 / 3');
      assert.match(chinese.narration, /最短路径 78/);
      assert.ok(chinese.inside && chinese.whole && chinese.larger, JSON.stringify(chinese));
      await page.keyboard.press('Escape');
      await page.getByRole('combobox', { name: '语言' }).selectOption('en');

      // The view on show as a fourth scene, narrated, saved and opened again.
      await page.getByRole('button', { name: 'Step', exact: true }).click();
      await page.getByRole('button', { name: 'Add this view as a scene' }).click();
      await waitForText(page, '#lesson-status', /scene 3 of 4/);
      await page.getByLabel('Narration in English').fill('My own scene.');
      await page.getByLabel('Narration in Chinese').fill('我的场景。');
      await waitForText(page, '#lesson-narration', /^My own scene\.$/);
      const saved = await download(page, 'Save the lesson file');
      assert.equal(saved.name, 'When-to-stop-the-goal-test.md');
      assert.equal(saved.text.match(/^## /gm).length, 4);
      assert.match(saved.text, /&step=22\nen:\nMy own scene\.\nzh:\n我的场景。\n/);

      await page.getByRole('button', { name: 'New lesson' }).click();
      await waitForText(page, '#lesson-status', /no scenes yet/);
      // The lesson just saved was not dropped silently: it is in its file, so no notice.
      assert.ok(await page.locator('#lesson-kept').isHidden());
      await page.setInputFiles('#lesson-file', file(saved.name, saved.text));
      await waitForText(page, '#lesson-counter', /^Scene 1 \/ 4$/);
      await page.getByRole('button', { name: /^3\. / }).click();
      await waitForText(page, '#lesson-narration', /^My own scene\.$/);
      assert.equal((await lessonBar(page)).step, '22 / 22');

      // A 10 MB file is refused before it is read, the lesson on show kept.
      await page.setInputFiles('#lesson-file', file('huge.md', `# Huge\n${'x'.repeat(10 * 1024 * 1024)}`));
      await waitForText(page, '#message-text', /^The file huge\.md is 10240 KB; a lesson file is at most 1024 KB\. Nothing was opened\.$/);
      assert.equal(await page.locator('#lesson-scenes li').count(), 4);

      // An edited lesson, then a bad file dropped on the page: the message names each line,
      // the good scene opens, and the edited lesson is kept and comes back.
      await page.getByLabel('Narration in English').fill('Edited.');
      const bad = '# Bad\n\n## Unknown\n?example=goal-test&colour=red\n\n## Too far\n?example=goal-test&step=99\n\n## Fine\n?example=maze\nen: This one loads.\n';
      await page.evaluate((content) => {
        const data = new DataTransfer();
        data.items.add(new File([content], 'bad.md', { type: 'text/markdown' }));
        document.body.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
        document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
      }, bad);
      await waitForText(page, '#message-text', /^The lesson file bad\.md was opened with 1 of its scenes/);
      const message = await text(page, '#message-text');
      assert.match(message, /\nLine 4: Unknown URL parameter "colour".*\nLine 3: the scene "Unknown" was left out\.\nLine 7: step 99 is past the end of the search, which ends at step 16\.\nLine 6: the scene "Too far" was left out\.$/);
      await waitForText(page, '#lesson-narration', /^This one loads\.$/);
      // The narration field, still focused, shows the new scene's text, not what was typed
      // for the old one.
      assert.equal(await page.getByLabel('Narration in English').inputValue(), 'This one loads.');
      await waitForText(page, '#lesson-kept-text', /^Your lesson “When to stop: the goal test” is kept\.$/);
      await page.getByRole('button', { name: 'Back to my lesson' }).click();
      await waitForText(page, '#lesson-narration', /^Edited\.$/);
      await eventually(page, async () => (await page.locator('#lesson-scenes li').count()) === 4, 'the four scenes are back');

      // It is kept in the browser: a reload finds it, and opens the scene that was on show
      // again, at its step.
      await page.reload();
      await waitForText(page, '#lesson-status', /^“When to stop: the goal test”, scene 3 of 4$/);
      await page.keyboard.press('p');
      const reopened = await lessonBar(page);
      assert.deepEqual([reopened.counter, reopened.narration, reopened.step], ['Scene 3 / 4', 'Edited.', '22 / 22']);
    });
  });

  it('opens a tutorial lesson from its link; the remote walks it to each scene\'s own last step, cells written as each scene writes them; shares it as a QR code', async () => {
    await withApp(browser(), '?lesson=tutorial-002', SLIDE, async ({ page }) => {
      await waitForText(page, '#lesson-counter', /^Scene 1 \/ 3$/);
      await page.keyboard.press('p');
      const seen = [];
      let before = await lessonBar(page);
      for (let presses = 0; presses < 20; presses++) {
        const said = await text(page, '#narration');
        seen.push(`${before.counter} ${before.step} ${said.match(/\(\d,\d\)/)?.[0] ?? ''}`);
        await page.keyboard.press('PageDown');
        const after = await lessonBar(page);
        if (after.counter === before.counter && after.step === before.step) break;
        before = after;
      }
      // Scene 1 stops after its step 1 ((0,1) from the bottom left expanded), scene 2 opens
      // there and runs to the goal, (3,1); scene 3 writes it from the top left, (3,2).
      assert.deepEqual(seen, [
        'Scene 1 / 3 0 / 4 ', 'Scene 1 / 3 1 / 4 (0,1)',
        'Scene 2 / 3 1 / 4 (0,1)', 'Scene 2 / 3 2 / 4 (1,0)', 'Scene 2 / 3 3 / 4 (2,1)', 'Scene 2 / 3 4 / 4 (3,1)',
        'Scene 3 / 3 3 / 4 (2,2)', 'Scene 3 / 3 4 / 4 (3,2)',
      ]);
      assert.equal(await page.locator('#cell-origin').inputValue(), 'top-left');
      // Back to scene 2's end, which asks for (0,0)'s parent; a reload of the link's page
      // brings back that scene, its step and its question, not the scene the link names.
      await page.keyboard.press('PageUp');
      await page.keyboard.press('PageUp');
      const asking = /^After the next step, which cell is the parent of \(0,0\)\? Tap it\.$/;
      await waitForText(page, '#question-prompt', asking);
      assert.deepEqual([(await lessonBar(page)).counter, (await lessonBar(page)).step], ['Scene 2 / 3', '4 / 4']);
      await page.reload();
      await waitForText(page, '#question-prompt', asking);
      assert.deepEqual([(await lessonBar(page)).counter, (await lessonBar(page)).step], ['Scene 2 / 3', '4 / 4']);
      assert.match(page.url(), /\?lesson=tutorial-002$/);
      assert.equal(await page.locator('#message').isVisible(), false, 'the page started with no message');
      await page.locator('#lesson-panel summary').click();
      await page.getByRole('button', { name: 'Lesson QR code' }).click();
      await waitForText(page, '#qr-link', /\?lesson=tutorial-002&scene=2$/);
      assert.ok(await page.locator('#qr-dialog').isVisible());

      // An admissibility question: the page's warning waits for the answer.
      await page.goto(page.url().replace(/\?.*$/, '?lesson=heuristics&scene=4'));
      await waitForText(page, '#question-prompt', /^Is this heuristic admissible here/);
      assert.equal(await page.locator('#admissibility').isVisible(), false, 'the warning does not give the answer away');
      await page.locator('#question').getByRole('button', { name: 'No', exact: true }).click();
      await waitForText(page, '#question-verdict', /^Right\./);
      assert.equal(await page.locator('#admissibility').isVisible(), true, 'answered, the warning is back');

      // A construct task's scene with the student's wall in it: a reload keeps both, and the
      // question, over the link's scene.
      await page.goto(page.url().replace(/\?.*$/, '?lesson=heuristics&scene=5'));
      await waitForText(page, '#question-prompt', /^Draw walls so that A\* with the Manhattan distance/);
      const corner = await cellPoint(page, 0, 0);
      await page.mouse.click(corner.x, corner.y);
      // The wall as drawn: the frame after the click's.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const drawn = await canvasDigest(page, '#grid');
      await page.reload();
      await waitForText(page, '#question-prompt', /^Draw walls so that A\* with the Manhattan distance/);
      assert.equal((await lessonBar(page)).counter, 'Scene 5 / 6');
      assert.deepEqual(await canvasDigest(page, '#grid'), drawn, 'the student\'s map is the one on show');

      // Another map opened from the menu ends the scene: no lesson bar, no question over it,
      // and a reload does not bring the scene back over the example.
      await page.locator('#example').selectOption('maze');
      await page.getByRole('button', { name: 'Load example' }).click();
      const sceneGone = () => page.evaluate(() => document.getElementById('lesson-bar').hidden && document.getElementById('question').hidden);
      await eventually(page, sceneGone, 'the scene ended when the example opened');
      await page.reload();
      await waitForText(page, '#count-step', /^0 \/ [1-9]/);
      assert.ok(await sceneGone(), 'no scene came back with the reload');
    });
  });

  it('a student on a phone taps cells and types F, G and H, reads why, practises, and keeps the scene and the score over a reload until reset; a worksheet prints; a lesson link opens at its scene, narration and question above the fold', async () => {
    await withApp(browser(), '', PHONE, async ({ page }) => {
      const quiz = '# Quiz\n\n## The path\n?example=goal-test\nquestion: path\n\n## A better G\n?example=goal-test&algorithm=astar&heuristic=octile&step=6\nquestion: values 3,4\n\n## Practice\n?size=10x8&algorithm=astar\nquestion: practice 10x8 20 5\n';
      await page.setInputFiles('#lesson-file', file('quiz.md', quiz));
      await waitForText(page, '#question-prompt', /^Tap the cells of the path found/);
      // The question and the board it asks about are both above the fold.
      const fold = await page.evaluate(() => ({
        question: document.getElementById('question').getBoundingClientRect().bottom,
        board: document.getElementById('grid').getBoundingClientRect().top,
        height: innerHeight,
      }));
      assert.ok(fold.question <= fold.height && fold.board < fold.height - 100, JSON.stringify(fold));
      const tap = async (x, y) => {
        const point = await cellPoint(page, x, y);
        await page.touchscreen.tap(point.x, point.y);
      };
      const check = () => page.locator('#question').getByRole('button', { name: 'Check' }).click();
      // Dijkstra stopping on first reaching the goal: (0,3) (1,4) (2,3) (3,2) (4,1).
      for (const [x, y] of [[0, 3], [1, 4], [2, 3], [3, 2], [2, 0]]) await tap(x, y);
      await waitForText(page, '#question-prompt', /Chosen: \(0,3\) \(1,4\) \(2,3\) \(3,2\) \(2,0\)\.$/);
      await check();
      await waitForText(page, '#question-verdict', /^Not quite\. The path goes through 5 cells between start and goal, and costs 80\. Missing: \(4,1\)\. Not among them: \(2,0\)\.$/);
      await tap(2, 0);
      await tap(4, 1);
      await check();
      await waitForText(page, '#question-verdict', /^Right\. The path goes through 5 cells/);
      await waitForText(page, '#question-score', /^Score: 1 of 3 right$/);

      await page.getByRole('button', { name: /^2\. A better G/ }).click();
      await waitForText(page, '#question-prompt', /^After the next step, what are F, G and H of \(3,4\)\?$/);
      const box = page.locator('#question');
      await box.getByLabel('F =').fill('80');
      await box.getByLabel('G =').fill('52');
      await box.getByLabel('H =').fill('28');
      await check();
      await waitForText(page, '#question-verdict', /^Not quite\. G of \(3,4\) improves from 52 \(through \(2,3\)\) to 44: its new parent is \(2,4\)\. H = 28 stays, and F = 72\.$/);
      await box.getByLabel('F =').fill('72');
      await box.getByLabel('G =').fill('44');
      await check();
      await waitForText(page, '#question-verdict', /^Right\. G of \(3,4\) improves/);
      await waitForText(page, '#question-score', /^Score: 2 of 3 right$/);
      await page.getByRole('combobox', { name: 'Language' }).selectOption('zh');
      await waitForText(page, '#question-verdict', /^正确。\(3,4\) 的 G 从 52（经 \(2,3\)）改进为 44/);
      await waitForText(page, '#question-score', /^得分：3 题中答对 2 题$/);
      await page.getByRole('combobox', { name: '语言' }).selectOption('en');

      // Practice: a random map of the seed, with a question of its own.
      await page.getByRole('button', { name: /^3\. Practice/ }).click();
      await page.getByRole('button', { name: 'New practice map' }).click();
      await waitForText(page, '#question-prompt', /^Map 1: Which cell is expanded next\? Tap it\.$/);
      await tap(0, 0);
      await waitForText(page, '#question-verdict', /^Not quite\. \(\d+,\d+\) is next, with the lowest F = \d+/);

      // A reload brings back the scene on show with its question, and the score, until reset.
      await page.reload();
      await waitForText(page, '#lesson-counter', /^Scene 3 \/ 3$/);
      await waitForText(page, '#question-score', /^Score: 2 of 3 right$/);
      await page.getByRole('button', { name: 'Reset score' }).click();
      await waitForText(page, '#question-score', /^Score: 0 of 3 right$/);
      await page.reload();
      await waitForText(page, '#question-score', /^Score: 0 of 3 right$/);
      await page.locator('#lesson-panel summary').click();
      await page.getByRole('button', { name: /^1\. The path/ }).click();

      // A worksheet of the scene: boards with blanks, and the answer key, printed alone.
      await page.evaluate(() => {
        window.printed = 0;
        window.print = () => { window.printed += 1; };
      });
      await page.getByRole('button', { name: 'Print a worksheet of this scene' }).click();
      await page.waitForFunction(() => window.printed === 1);
      await page.emulateMedia({ media: 'print' });
      const sheet = await page.evaluate(() => ({
        boards: [...document.querySelectorAll('#worksheet img')].filter((img) => img.complete && img.naturalWidth > 0 && img.getBoundingClientRect().width > 0).length,
        text: document.getElementById('worksheet').innerText,
        stage: document.querySelector('.stage').getBoundingClientRect().height,
      }));
      assert.equal(sheet.boards, 8);
      assert.equal(sheet.stage, 0);
      assert.match(sheet.text, /After step 1: fill in F, G and H of each cell marked \?[\s\S]*Answer key: Quiz: The path[\s\S]*\(0,3\): F = 10, G = 10, H = 0/);
    });
    // A lesson link opens at its scene, its narration and question above the fold, the board
    // under them, in both languages.
    for (const [language, counter] of [['en', 'Scene 2 / 3'], ['zh', '场景 2 / 3']]) {
      await withApp(browser(), `?lesson=tutorial-002&scene=2&lang=${language}`, PHONE, async ({ page }) => {
        await waitForText(page, '#lesson-counter', new RegExp(`^${counter}$`));
        const fold = await page.evaluate(() => ({
          narration: document.getElementById('lesson-narration').getBoundingClientRect().bottom,
          question: document.getElementById('question').hidden ? Infinity : document.getElementById('question').getBoundingClientRect().bottom,
          board: document.getElementById('grid').getBoundingClientRect().top,
          height: innerHeight,
        }));
        assert.ok(fold.narration <= fold.height && fold.question <= fold.height && fold.board < fold.height - 100, `${language}: ${JSON.stringify(fold)}`);
        // Lesson mode: the scene, its question and the whole board on the first screen, the
        // pseudocode under the board rather than over it.
        await page.getByRole('button', { name: language === 'en' ? 'Presentation' : '演示模式' }).tap();
        await eventually(page, () => page.evaluate(() => {
          const box = (id) => document.getElementById(id).getBoundingClientRect();
          return document.body.classList.contains('presentation') && box('lesson-bar').top >= 0 && box('question').bottom <= box('grid').top + 1
            && box('grid').bottom <= innerHeight && box('side').top >= box('grid').bottom;
        }), `${language}: lesson mode shows the scene, its question and the board on the first screen`);
      });
    }
  });
});
