import { PageError } from '../i18n/errors.js';
import { writeLesson, MAX_LESSON_CHARS } from './format.js';
import { BUILT_IN_LESSONS, builtInLesson } from './builtin.js';
import { MAX_LESSON_LINK } from '../state/params.js';

// A lesson shared as a link (and so as a QR code): a built-in lesson by its name
// (`?lesson=heuristics`), any other as its lesson file, deflated and in URL-safe base64 after
// a `~` (`?lesson=~…`); `&scene=3` opens it at that scene. A link is read as warily as any:
// only those characters, at most MAX_LESSON_LINK of them (params.js), unpacked to at most a
// lesson file's size, and then read as a lesson file is, by line.

// The built-in lesson `lesson` is word for word, or null.
function builtInId(lesson) {
  const text = writeLesson(lesson);
  return BUILT_IN_LESSONS.find((id) => writeLesson(builtInLesson(id)) === text) ?? null;
}

// Bytes through a (de)compression stream. A link's value is at most MAX_LESSON_LINK
// characters, and deflate expands at most about a thousandfold, so a packed lesson cannot
// unpack to more than a few MB before its size is checked.
const piped = async (bytes, transform) => new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(transform)).arrayBuffer());

const toBase64Url = (bytes) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join('')).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64Url = (text) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

// The link's query for `lesson`, open at scene `scene` (from 0). Throws a PageError when it
// would be longer than a lesson link may be.
export async function lessonQuery(lesson, scene) {
  const id = builtInId(lesson);
  const value = id ?? `~${toBase64Url(await piped(new TextEncoder().encode(writeLesson(lesson)), new CompressionStream('deflate-raw')))}`;
  const query = `?lesson=${value}${scene > 0 ? `&scene=${scene + 1}` : ''}`;
  if (query.length > MAX_LESSON_LINK) throw new PageError('lesson.link-too-long', { length: query.length, max: MAX_LESSON_LINK });
  return query;
}

// What a link's `lesson=` value (as params.js let it through) holds: { lesson } for a
// built-in lesson, { text } (a lesson file's) for a packed one. Throws a PageError saying what
// is wrong with it.
export async function readLessonValue(value) {
  if (BUILT_IN_LESSONS.includes(value)) return { lesson: builtInLesson(value) };
  if (!value.startsWith('~')) throw new PageError('lesson.link-unknown', { value, allowed: BUILT_IN_LESSONS.join(', ') });
  try {
    const bytes = await piped(fromBase64Url(value.slice(1)), new DecompressionStream('deflate-raw'));
    if (bytes.length <= MAX_LESSON_CHARS * 4) return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    // Not deflated, or not UTF-8: said below.
  }
  throw new PageError('lesson.link-unreadable', { max: MAX_LESSON_CHARS / 1024 });
}

// Whether the page was reloaded, rather than opened from a link: a reload keeps the scene on
// show instead of following the lesson link in the address again.
export function reloaded(win) {
  return win.performance?.getEntriesByType?.('navigation')[0]?.type === 'reload';
}
