// The Share panel's link, snippet and QR code (www/export/share.js, snippet.js, qr.js): a
// link keeps the example by name (with the map only once changed), the step, and plays on
// open only when asked; it opens the same work again; the snippet's frame is as wide as its
// column and loads at once; a link too long for a QR code is refused in words.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LANGUAGES, useLanguage, assertWords, openPage } from './harness.mjs';
import { buildQuery, parseParams } from '../../www/state/params.js';
import { shareState } from '../../www/export/share.js';
import { embedSnippet, firstHeight, lessonEmbedSrc, RESIZE_SCRIPT } from '../../www/export/snippet.js';
import { qrModules, qrPath } from '../../www/export/qr.js';
import { PageError, describeError } from '../../www/i18n/errors.js';

const SINGLE = { active: false };
const SPEED = { perSecond: 5 };

// The link the panel would make of a page opened at `query`, after `change(workspace)`.
function linkOf(query, change = () => {}) {
  const { workspace } = openPage(query);
  change(workspace);
  const state = shareState(workspace, SINGLE, SPEED);
  const opened = { map: workspace.editor.toText('ox'), options: { ...workspace.session.options }, step: workspace.session.search.stepCount() };
  workspace.session.dispose();
  return { query: buildQuery({ ...state, autoplay: false }), opened, state };
}

// The link opened again: the map, note, options and step it brings.
function reopen(query) {
  const { workspace, params, problems, note } = openPage(query);
  if (params.step !== undefined) workspace.session.seek(params.step);
  const seen = { map: workspace.editor.toText('ox'), options: { ...workspace.session.options }, step: workspace.session.search.stepCount(), note: note.id, autoplay: params.autoplay ?? false, problems };
  workspace.session.dispose();
  return seen;
}

describe('the link of the work on show', () => {
  it('keeps an example by name with its note, and the step, and does not play on open', () => {
    const { query, opened } = linkOf('?example=tutorial-wall', (workspace) => workspace.session.seek(7));
    assert.match(query, /(^\?|&)example=tutorial-wall(&|$)/);
    assert.doesNotMatch(query, /[?&]map=/, 'an unchanged example goes by its name alone');
    assert.match(query, /&step=7(&|$)/);
    assert.doesNotMatch(query, /autoplay/);
    const seen = reopen(query);
    assert.deepEqual(seen, { ...opened, note: 'tutorial-wall', autoplay: false, problems: [] });
  });

  it('keeps a changed example as its map under the example\'s note', () => {
    const { query, opened } = linkOf('?example=tutorial-wall', (workspace) => {
      const editor = workspace.editor;
      editor.beginStroke();
      editor.paint(0, 0, 0);
      editor.endStroke();
      workspace.session.syncWithEditor();
      workspace.session.seek(3);
    });
    assert.match(query, /(^\?|&)example=tutorial-wall&map=X/);
    assert.match(query, /&step=3(&|$)/);
    assert.deepEqual(reopen(query), { ...opened, note: 'tutorial-wall', autoplay: false, problems: [] });
  });

  it('gives a map of its own as the map, with no example and no step at the start', () => {
    const { query, opened } = linkOf('?map=OOOO/OSXE/OOOO&algorithm=dijkstra');
    assert.doesNotMatch(query, /example=|step=/);
    assert.match(query, /&map=OOOO\/OSXE\/OOOO&/);
    assert.deepEqual(reopen(query), { ...opened, note: null, autoplay: false, problems: [] });
  });

  it('carries only the options the page would not settle on by itself, so its QR code stays coarse', () => {
    assert.doesNotMatch(linkOf('?example=tutorial-wall').query, /algorithm=|heuristic=|directions=|tieBreak=/, 'the example\'s own options go with its name');
    for (const query of ['?example=tutorial-wall&heuristic=octile&tieBreak=larger-g', '?example=dstar-detour&algorithm=astar', '?example=maze&algorithm=jps', '?map=OOOO/OSXE/OOOO&directions=4&costs=exact']) {
      const { query: link, opened } = linkOf(query);
      for (const pair of query.slice(1).split('&').filter((p) => !/^(example|map)=/.test(p))) assert.ok(link.includes(pair), `${query}: ${pair} in ${link}`);
      const { note, autoplay, problems, ...seen } = reopen(link);
      assert.deepEqual(seen, opened, `${query} reopens as it was`);
      assert.deepEqual(problems, []);
    }
  });

  it('plays on open only when asked', () => {
    const { state } = linkOf('?example=maze');
    assert.match(buildQuery({ ...state, autoplay: true }), /&autoplay=1(&|$)/);
    assert.equal(parseParams(buildQuery({ ...state, autoplay: true }), ['maze']).autoplay, true);
  });
});

describe('the embed snippet', () => {
  const snippet = embedSnippet({ id: 'astar-ab12', src: 'https://example.org/a/?example=maze&embed=1&id=astar-ab12', height: 420, title: 'A "demo" <here>' });

  it('is as wide as its column and as tall as its page asks, loading at once', () => {
    const frame = /^<iframe (.*)><\/iframe>\n/.exec(snippet)[1];
    assert.doesNotMatch(frame, /\swidth=/, 'no fixed width');
    assert.match(frame, /style="display:block;width:100%;border:0"/);
    assert.match(frame, /height="420"/);
    assert.doesNotMatch(frame, /loading=/, 'a lazy frame would ask for its height only once scrolled to');
    assert.match(frame, /src="https:\/\/example\.org\/a\/\?example=maze&amp;embed=1&amp;id=astar-ab12"/);
    assert.match(frame, /title="A &quot;demo&quot; &lt;here>"/);
    assert.ok(snippet.endsWith(RESIZE_SCRIPT));
  });

  it('starts at a height within 300 to 720 px, taller for a taller map', () => {
    assert.equal(firstHeight(64, 2), 300);
    assert.equal(firstHeight(2, 64), 720);
    assert.ok(firstHeight(8, 6) > firstHeight(16, 6));
    assert.ok(firstHeight(16, 6, true) > firstHeight(16, 6), 'a lesson has its scene and narration above the map');
  });

  it('of a lesson embeds the lesson at its scene, in the language on show', () => {
    const src = lessonEmbedSrc('https://example.org/a/', '?lesson=heuristics&scene=2', { lang: 'zh', id: 'astar-ab12' });
    assert.equal(src, 'https://example.org/a/?lesson=heuristics&scene=2&lang=zh&embed=1&id=astar-ab12');
    const r = parseParams(new URL(src).search, ['maze'], { early: true });
    assert.deepEqual([r.lesson, r.scene, r.lang, r.embed, r.id], ['heuristics', 2, 'zh', true, 'astar-ab12']);
  });
});

describe('the QR code of a link', () => {
  const finder = [
    [1, 1, 1, 1, 1, 1, 1], [1, 0, 0, 0, 0, 0, 1], [1, 0, 1, 1, 1, 0, 1], [1, 0, 1, 1, 1, 0, 1],
    [1, 0, 1, 1, 1, 0, 1], [1, 0, 0, 0, 0, 0, 1], [1, 1, 1, 1, 1, 1, 1],
  ].map((row) => row.map(Boolean));

  it('is a square code with its three finder patterns, in a path with a quiet zone', () => {
    const modules = qrModules('https://example.org/astar/?example=tutorial-wall&step=7&lang=zh');
    const n = modules.length;
    assert.ok(n >= 21 && (n - 17) % 4 === 0, `a QR code's side is 17 + 4 × its version (${n})`);
    assert.ok(modules.every((row) => row.length === n));
    for (const [top, left] of [[0, 0], [0, n - 7], [n - 7, 0]]) {
      assert.deepEqual(modules.slice(top, top + 7).map((row) => row.slice(left, left + 7)), finder, `finder at ${top},${left}`);
    }
    const { d, size } = qrPath(modules);
    assert.equal(size, n + 8);
    const dark = modules.flat().filter(Boolean).length;
    assert.equal(d.split('M').length - 1, dark, 'one square per dark module');
    assert.match(d, /^M4 4h1v1h-1z/, 'the top-left module sits inside the quiet zone');
  });

  it('is refused in words for a link too long for any QR code', () => {
    for (const lang of LANGUAGES) {
      useLanguage(lang);
      let error;
      try {
        qrModules(`https://example.org/?map=${'O'.repeat(3000)}`);
      } catch (caught) {
        error = caught;
      }
      assert.ok(error instanceof PageError && error.key === 'share.qr-too-long');
      const words = describeError(error);
      assertWords(words, `${lang} too long`);
      assert.match(words, /3,?025/);
    }
  });
});
