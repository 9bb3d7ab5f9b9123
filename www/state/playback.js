// Turns time into search steps while playing. Slow speeds count expansions per second (one
// per second lets a class follow every number); from one per screen refresh upwards they
// count steps per frame, so a 512x512 search plays through in seconds.
export const SPEEDS = [
  { perSecond: 1 },
  { perSecond: 2 },
  { perSecond: 5 },
  { perSecond: 10 },
  { perSecond: 20 },
  { perFrame: 1 },
  { perFrame: 3 },
  { perFrame: 10 },
  { perFrame: 30 },
  { perFrame: 100 },
  { perFrame: 300 },
  { perFrame: 1000 },
];

export const DEFAULT_SPEED_INDEX = 2;
const FRAMES_PER_SECOND = 60;
// The fastest rate playback keeps to, in expansions per second: the fastest stop's.
export const MAX_RATE = Math.max(...SPEEDS.map((speed) => speed.perSecond ?? speed.perFrame * FRAMES_PER_SECOND));

// The speed closest (on a log scale) to a number of expansions per second; Infinity gives
// the fastest.
export function speedIndexFor(perSecond) {
  let best = 0;
  let bestDistance = Infinity;
  SPEEDS.forEach((speed, index) => {
    const rate = speed.perSecond ?? speed.perFrame * FRAMES_PER_SECOND;
    const distance = Math.abs(Math.log(rate) - Math.log(perSecond));
    if (distance <= bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  return best;
}

export class Playback {
  constructor() {
    this.playing = false;
    this.index = DEFAULT_SPEED_INDEX;
    // A rate between the slider's stops (a link's speed=4), kept exactly until the slider
    // moves; null when the speed is one of the stops.
    this.exactRate = null;
    this.budget = 0;
    this.lastTime = null;
  }

  get speedIndex() {
    return this.index;
  }

  set speedIndex(index) {
    this.index = index;
    this.exactRate = null;
  }

  // Plays at exactly `perSecond` expansions per second (Infinity: the fastest stop); the
  // slider shows the nearest stop.
  setRate(perSecond) {
    this.speedIndex = speedIndexFor(perSecond);
    const stop = SPEEDS[this.index];
    if (Number.isFinite(perSecond) && (stop.perSecond ?? stop.perFrame * FRAMES_PER_SECOND) !== perSecond) {
      this.exactRate = perSecond;
    }
  }

  get speed() {
    return this.exactRate === null ? SPEEDS[this.index] : { perSecond: this.exactRate };
  }

  // The first step comes at once: pressing Play at 1 step/s must not look broken for a second.
  start() {
    this.playing = true;
    this.budget = 1;
    this.lastTime = null;
  }

  stop() {
    this.playing = false;
  }

  // Steps to take in the frame drawn at time `now` (ms, from requestAnimationFrame).
  stepsDue(now) {
    const speed = this.speed;
    const elapsed = this.lastTime === null ? 0 : now - this.lastTime;
    this.lastTime = now;
    if (speed.perFrame) return speed.perFrame;
    this.budget += (elapsed / 1000) * speed.perSecond;
    // After a stall (a background tab) do not rush through the backlog.
    const due = Math.min(Math.floor(this.budget), Math.max(1, Math.ceil(speed.perSecond / 20)));
    this.budget = Math.min(this.budget - due, 1);
    return due;
  }
}
