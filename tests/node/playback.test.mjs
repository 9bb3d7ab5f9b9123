// Playback (www/state/playback.js) against a clock the test moves: how many steps each
// frame takes at each speed, the first step at once, no rush after a stall, and a link's
// exact speed.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Playback, SPEEDS, DEFAULT_SPEED_INDEX, MAX_RATE, speedIndexFor } from '../../www/state/playback.js';

const FRAME_MS = 1000 / 60;

// Steps taken over `seconds` of frames at 60 per second, from a fresh start (and half a
// frame more, so that rounding in the sum of the frames' times cannot lose the last step).
function stepsOver(playback, seconds) {
  playback.start();
  let total = 0;
  const frames = Math.round(seconds * 60);
  for (let frame = 0; frame <= frames; frame++) total += playback.stepsDue(frame * FRAME_MS);
  return total + playback.stepsDue((frames + 0.5) * FRAME_MS);
}

describe('playback', () => {
  it('starts at 5 steps a second and takes the first step in the first frame', () => {
    const playback = new Playback();
    assert.equal(playback.speedIndex, DEFAULT_SPEED_INDEX);
    assert.deepEqual(playback.speed, { perSecond: 5 });
    playback.start();
    assert.equal(playback.stepsDue(1000), 1);
    assert.equal(playback.stepsDue(1000 + FRAME_MS), 0);
  });

  it('keeps each per-second speed over ten seconds of frames', () => {
    for (const [index, speed] of SPEEDS.entries()) {
      if (!speed.perSecond) continue;
      const playback = new Playback();
      playback.speedIndex = index;
      // The first step comes at once, then one every 1/perSecond seconds.
      assert.equal(stepsOver(playback, 10), 1 + 10 * speed.perSecond, `${speed.perSecond} per second`);
    }
  });

  it('takes a fixed number of steps each frame from one per frame up', () => {
    for (const [index, speed] of SPEEDS.entries()) {
      if (!speed.perFrame) continue;
      const playback = new Playback();
      playback.speedIndex = index;
      playback.start();
      assert.equal(playback.stepsDue(0), speed.perFrame);
      assert.equal(playback.stepsDue(5000), speed.perFrame, 'a stall does not change a per-frame speed');
    }
  });

  it('does not rush through the backlog after a stall (a background tab)', () => {
    const playback = new Playback();
    playback.speedIndex = SPEEDS.findIndex((speed) => speed.perSecond === 20);
    playback.start();
    assert.equal(playback.stepsDue(0), 1);
    // A minute away: at most a twentieth of a second's worth of steps, then the speed
    // as before, not a catch-up.
    assert.equal(playback.stepsDue(60000), 1);
    let second = 0;
    for (let frame = 1; frame <= 60; frame++) second += playback.stepsDue(60000 + frame * FRAME_MS);
    assert.ok(second >= 19 && second <= 21, `${second} steps in the second after the stall`);
  });

  it('plays a link\'s speed between the stops exactly, until the slider moves', () => {
    const playback = new Playback();
    playback.setRate(4);
    assert.deepEqual(playback.speed, { perSecond: 4 });
    assert.equal(SPEEDS[playback.speedIndex].perSecond, 5, 'the slider shows the nearest stop');
    assert.equal(stepsOver(playback, 10), 41);
    playback.speedIndex = 0;
    assert.deepEqual(playback.speed, { perSecond: 1 });
  });

  it('plays a speed that is a stop as that stop, and "max" as the fastest', () => {
    const playback = new Playback();
    playback.setRate(10);
    assert.equal(playback.exactRate, null);
    assert.deepEqual(playback.speed, { perSecond: 10 });
    playback.setRate(Infinity);
    assert.equal(playback.speedIndex, SPEEDS.length - 1);
    assert.equal(playback.exactRate, null);
    playback.setRate(MAX_RATE);
    assert.equal(playback.speedIndex, SPEEDS.length - 1);
    assert.equal(MAX_RATE, SPEEDS.at(-1).perFrame * 60);
  });

  it('finds the nearest stop on a log scale', () => {
    assert.equal(speedIndexFor(1), 0);
    assert.equal(speedIndexFor(0.01), 0);
    assert.equal(SPEEDS[speedIndexFor(7)].perSecond, 5);
    assert.equal(SPEEDS[speedIndexFor(8)].perSecond, 10);
    assert.equal(SPEEDS[speedIndexFor(60)].perFrame, 1);
    assert.equal(SPEEDS[speedIndexFor(170)].perFrame, 3);
    assert.equal(speedIndexFor(1e12), SPEEDS.length - 1);
  });

  it('stops and starts again with the first step at once', () => {
    const playback = new Playback();
    playback.start();
    playback.stepsDue(0);
    playback.stepsDue(100);
    playback.stop();
    assert.equal(playback.playing, false);
    playback.start();
    assert.equal(playback.playing, true);
    assert.equal(playback.stepsDue(100000), 1);
  });
});

describe('a link\'s speed', () => {
  it('speed=4 plays exactly four expansions a second: 13 steps over three seconds of frames', () => {
    const playback = new Playback();
    playback.setRate(4);
    playback.start();
    let steps = 0;
    for (let frame = 0; frame <= 182; frame++) steps += playback.stepsDue((frame * 1000) / 60);
    assert.equal(steps, 13);
  });
});
