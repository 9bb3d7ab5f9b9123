// Where the stepping keys take a lesson in lesson mode: through the steps of the scene on
// show, then on to the next scene; back through them, then to the previous scene as it ends.
// at: { scene (index), count (scenes in the lesson), step (the search's), first (the step the
// scene opens at), finished (the search is at its end), stop (the scene's own last step, if
// it has one) }. Each returns what to do:
// { kind: 'step' } | { kind: 'scene', index, at: 'start' | 'end' } | null (nothing further).

export function forward({ scene, count, finished, step, stop }) {
  if (!finished && !(stop !== undefined && step >= stop)) return { kind: 'step' };
  return scene + 1 < count ? { kind: 'scene', index: scene + 1, at: 'start' } : null;
}

export function back({ scene, step, first }) {
  if (step > first) return { kind: 'step' };
  return scene > 0 ? { kind: 'scene', index: scene - 1, at: 'end' } : null;
}

export function firstScene({ count }) {
  return count > 0 ? { kind: 'scene', index: 0, at: 'start' } : null;
}

export function lastScene({ count }) {
  return count > 0 ? { kind: 'scene', index: count - 1, at: 'start' } : null;
}

// A scene moved by `by` places (-1 up, +1 down) in a list of `count`: the new index, or null
// at either end.
export function moved(index, by, count) {
  const to = index + by;
  return to >= 0 && to < count ? to : null;
}
