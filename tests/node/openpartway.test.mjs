// The open list during Step line: the engine's list partway through an expansion follows the
// line being run. The node chosen leaves it at "current ← the node with the lowest F", each
// neighbour comes in (or gets its better numbers) at the line that adds (or improves) it,
// and its length is what the counters say. A tie is explained at the line that chooses.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openScene, useLanguage, chooseFinder } from './harness.mjs';
import { StepLine } from '../../www/panels/stepline.js';
import { StepEvents } from '../../www/state/stepevents.js';
import { t } from '../../www/i18n/i18n.js';

const ALL = 10000;
const at = (cell) => `${cell.x},${cell.y}`;

// Runs the session's search line by line to its end, calling look(position, counts) after
// each line of an expansion; returns how many lines were looked at.
function everyLine(session, look) {
  const stepLine = new StepLine(new StepEvents());
  let lines = 0;
  while (!session.finished) {
    stepLine.forward(session);
    const position = stepLine.position(session);
    const counts = stepLine.counts(position);
    if (counts) {
      look(position, counts);
      lines += 1;
    }
  }
  return lines;
}

describe('the open list during Step line', () => {
  // Entries improved line by line, over all the scenes.
  let improved = 0;
  for (const [example, finder] of [['tutorial-wall', null], ['tutorial-wall', 'dijkstra'], ['tutorial-pockets', null], ['swamp', null], ['tutorial-wall', 'greedy']]) {
    it(`follows each line of ${finder ?? 'the example\'s finder'} on ${example}`, () => {
      useLanguage('en');
      const session = openScene(example);
      if (finder) chooseFinder(session, finder);
      const search = session.search;
      const lines = everyLine(session, (position, counts) => {
        const where = `step ${counts.step}, line ${counts.done} (${position.line})`;
        // Before "current ← …" runs, the page shows the list the last step left.
        if (!counts.taken) {
          assert.equal(position.line, 'loop', where);
          return;
        }
        const list = search.openListPartway(counts.made, ALL);
        assert.ok(list, where);
        const cells = list.map(at);
        assert.equal(list.length, search.openCount() + counts.open, `${where}: as long as the counter says`);
        assert.ok(!cells.includes(at(position.item.node)), `${where}: the node being expanded is off the list`);
        if (position.line === 'add' || position.line === 'update') {
          const entry = list.find((e) => at(e) === at(position.item.neighbour));
          assert.ok(entry, `${where}: ${at(position.item.neighbour)} is on the list at the line that puts it there`);
          // With the numbers the lines before gave it.
          const given = position.given.findLast((c) => at(c) === at(entry));
          assert.deepEqual([entry.g, entry.h, entry.f], [given.g, given.h, given.f], where);
          if (position.line === 'update') improved += 1;
        }
        // A new neighbour given its numbers is not on the list until "add" runs.
        if (position.line === 'set') assert.ok(!cells.includes(at(position.item.neighbour)), `${where}: not on the list before "add"`);
      });
      assert.ok(lines > 20, `${lines} lines`);
    });
  }

  it('shows an improved entry with its better numbers from the line that improves it', () => {
    assert.ok(improved > 0, 'the scenes improve some entries');
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
