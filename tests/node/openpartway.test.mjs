// The open list during Step line: the engine's list partway through an expansion follows the
// line being run, for every finder that keeps one. The node chosen leaves it at "current ←
// the node with the lowest F" (D* Lite and LPA*: at "U.Remove(u)"), each neighbour or jump
// point comes in (or gets its better numbers) at the line that adds (or improves) it, a
// bidirectional search's entries each say their side, the list changes at no other line,
// and its length is what the counters say. A tie is explained at the line that chooses.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openScene, useLanguage, chooseFinder, dispose } from './harness.mjs';
import { StepLine } from '../../www/panels/stepline.js';
import { StepEvents } from '../../www/state/stepevents.js';
import { familyOf } from '../../www/finders/catalogue.js';
import { describeOrder } from '../../www/finders/narration.js';
import { t } from '../../www/i18n/i18n.js';

const ALL = 10000;
const at = (cell) => `${cell.x},${cell.y}`;

// Runs the session's search line by line to its end, calling look(position, counts, event)
// after each line of an expansion (event: the step under way); returns how many lines were
// looked at.
function everyLine(session, look) {
  const events = new StepEvents();
  const stepLine = new StepLine(events);
  let lines = 0;
  while (!session.finished) {
    stepLine.forward(session);
    const position = stepLine.position(session);
    const counts = stepLine.counts(position);
    if (counts) {
      look(position, counts, events.at(session, session.search.stepCount() + 1));
      lines += 1;
    }
  }
  return lines;
}

// The list the open list panel shows partway through a step: the family's own queue's, or
// the open list's.
function partway(session, made) {
  const queue = familyOf(session.finder).queue;
  return queue ? queue.partway(session.search, made, ALL) : session.search.openListPartway(made, ALL);
}

describe('the open list during Step line', () => {
  // Entries improved line by line, over all the scenes, by finder family.
  const improved = new Map();
  const scenes = [
    ['tutorial-wall', null], ['tutorial-wall', 'dijkstra'], ['tutorial-pockets', null], ['swamp', null], ['tutorial-wall', 'greedy'],
    ['tutorial-wall', 'jps'], ['u-trap', 'jps'],
    ['tutorial-wall', 'bi-astar'], ['swamp', 'bi-dijkstra'], ['tutorial-pockets', 'bi-bfs'], ['tutorial-wall', 'bi-greedy'],
    ['dstar-paper', null], ['swamp', 'lpastar'],
  ];
  for (const [example, finder] of scenes) {
    it(`follows each line of ${finder ?? 'the example\'s finder'} on ${example}`, () => {
      useLanguage('en');
      const session = openScene(example);
      if (finder) chooseFinder(session, finder);
      const family = familyOf(session.finder).family;
      const search = session.search;
      let previous = null;
      let taken = 0;
      const lines = everyLine(session, (position, counts, event) => {
        const where = `step ${counts.step}, line ${counts.done} (${position.line})`;
        // Before the node is taken, the page shows the list the last step left.
        if (!counts.taken) {
          assert.ok(['loop', 'stop', 'side', 'while', 'top', 'over', 'under', 'under-set'].includes(position.line), where);
          previous = null;
          return;
        }
        taken += 1;
        const list = partway(session, counts.made);
        assert.ok(list, where);
        assert.equal(list.length, search.openCount() + counts.open, `${where}: as long as the counter says`);
        // The side a bidirectional step expands, and each entry's side.
        const side = event.side;
        if (family === 'bidirectional') assert.ok(list.every((e) => e.side === 'forward' || e.side === 'backward'), where);
        else assert.ok(list.every((e) => e.side === undefined), where);
        const own = (e) => e.side === side;
        const cells = list.filter(own).map(at);
        assert.ok(!cells.includes(at(position.item.node)), `${where}: the node being expanded is off the list`);
        const item = position.item;
        if (item.list) {
          const entry = list.find((e) => own(e) && at(e) === at(item.neighbour));
          assert.ok(entry, `${where}: ${at(item.neighbour)} is on the list at the line that puts it there`);
          // With the numbers the lines before gave it.
          const given = position.given.findLast((c) => at(c) === at(entry));
          assert.deepEqual([entry.g, entry.h, entry.f], [given.g, given.h, given.f], where);
          if (item.list === 'moved') improved.set(family, (improved.get(family) ?? 0) + 1);
          if (previous) assert.notDeepEqual(list, previous, where);
        } else if (previous) {
          // A line that puts nothing on the list leaves it as it was.
          assert.deepEqual(list, previous, `${where}: unchanged`);
        }
        previous = list;
      });
      assert.ok(lines > 20, `${lines} lines`);
      assert.ok(taken > 5, `${taken} lines with the node taken`);
    });
  }

  it('shows an improved entry with its better numbers from the line that improves it', () => {
    for (const family of ['best-first', 'bidirectional']) assert.ok(improved.get(family) > 0, `${family}: the scenes improve some entries`);
  });

  it('says the side of each entry of a bidirectional search, in both languages', () => {
    for (const [language, words] of [['en', ['forward', 'backward']], ['zh', ['正向', '反向']]]) {
      useLanguage(language);
      assert.deepEqual(['forward', 'backward'].map((side) => t(`open.side.${side}`)), words);
    }
  });

  it('says IDA* keeps a path, not an open list, in both languages: no line takes a node off one', () => {
    for (const [language, words] of [['en', 'IDA* keeps a path, not an open list'], ['zh', 'IDA* 保存的是一条路径，而不是开启列表']]) {
      useLanguage(language);
      const session = openScene('tutorial-wall');
      chooseFinder(session, 'idastar');
      // The open list panel's caption.
      const caption = t('open.caption', { order: describeOrder(session.finder, session.resolvedOptions) });
      assert.ok(caption.includes(words), caption);
      assert.equal(session.search.openListPartway(0, ALL), null);
      const lines = everyLine(session, (position, counts) => assert.equal(counts.taken, false, position.line));
      assert.ok(lines > 20, `${lines} lines`);
    }
  });

  it('explains a tie at the line that chooses the node, in both languages', () => {
    for (const language of ['en', 'zh']) {
      useLanguage(language);
      const session = openScene('tutorial-wall');
      let ties = 0;
      everyLine(session, (position) => {
        if (position.line !== 'pop') return;
        const event = position.item;
        if (position.note.key === 'code.note.pop-tied') {
          ties += 1;
          const text = t(position.note.key, position.note.params);
          assert.ok(text.includes(position.note.params.choice) && position.note.params.choice.length > 0, text);
        } else {
          assert.equal(position.note.key, 'code.note.pop', event.line);
        }
      });
      assert.ok(ties > 0, `${language}: the tutorial has ties`);
    }
  });
});

// Theta* and Lazy Theta*: the board draws each line-of-sight test from the line that makes
// it (Theta*: "if parent(current) sees the neighbour" for that neighbour; Lazy Theta*: the
// test of the chosen node's parent after it is taken, the goal's included), one more at each
// such line, the step's own tests in the order the engine made them, all of them by its
// last line; and the tests shown over the whole search are the ones the engine counted.
describe('line-of-sight tests during Step line', () => {
  for (const finder of ['theta-star', 'lazy-theta-star']) {
    it(`draws each of ${finder}'s tests at its own line`, () => {
      const session = openScene('u-trap');
      chooseFinder(session, finder);
      let shown = 0;
      let total = 0;
      const seen = new Set();
      everyLine(session, (position, counts, event) => {
        const tests = event.sight ?? [];
        const where = `step ${counts.step}, line ${counts.done} (${position.line})`;
        if (counts.done === 1) shown = 0;
        const grew = position.line === 'sight' ? 1 : 0;
        assert.equal(position.sight.length, shown + grew, where);
        assert.deepEqual(position.sight, tests.slice(0, position.sight.length), where);
        shown = position.sight.length;
        for (const test of position.sight) seen.add(test.clear);
        if (counts.done === counts.lines - 1) {
          assert.equal(shown, tests.length, `${where}: every test by the last line`);
          total += shown;
          if (event.kind === 'goal-reached') assert.equal(shown, finder === 'lazy-theta-star' ? 1 : 0, where);
        }
      });
      assert.equal(session.search.status(), 'found');
      assert.equal(total, session.search.info().sightChecks);
      assert.deepEqual([...seen].sort(), [false, true], 'tests passed and blocked');
      dispose(session);
    });
  }
});
