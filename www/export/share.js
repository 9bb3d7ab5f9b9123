import { buildQuery } from '../state/params.js';
import { t, language } from '../i18n/i18n.js';
import { PageError } from '../i18n/errors.js';
import { openExample } from '../maps/examples.js';
import { settleOptions, searchAccepts } from '../state/optionlayers.js';
import { embedSnippet, firstHeight, lessonEmbedSrc } from './snippet.js';

// An id for one snippet's frame, unlikely to meet another's on the same page.
function frameId() {
  const bytes = crypto.getRandomValues(new Uint8Array(4));
  return `astar-${Array.from(bytes, (b) => b.toString(36).padStart(2, '0')).join('')}`;
}

// Beyond this a link gets unwieldy (and some servers refuse long URLs): such maps are
// better shared as files.
const MAX_LINK_CELLS = 64 * 64;

// The page's address without its query, also when opened as a local file.
function pageAddress(location) {
  return location.href.split(/[?#]/)[0];
}

// The example's map as the editor writes it, to tell whether the map on show is still it.
function exampleText(engine, id) {
  const editor = engine.MapEditor.fromText(openExample(id).text);
  const text = editor.toText('ox');
  editor.free();
  return text;
}

const sameOptions = (a, b) => [...new Set([...Object.keys(a), ...Object.keys(b)])].every((name) => a[name] === b[name]);

// The options a link must carry: those the page would not settle on by itself from the
// example's and the defaults, so that the link, and its QR code, stay short. They are
// settled as the page will settle them when the link opens; if that gives anything else,
// the link carries them all.
function linkOptions(workspace, example) {
  const options = workspace.session.options;
  const exampleLayer = example ? [{ source: 'example', options: openExample(example).options }] : [];
  const accepts = searchAccepts(workspace.engine, workspace.editor);
  const base = settleOptions(workspace.defaults, exampleLayer, accepts, []);
  const own = Object.fromEntries(Object.entries(options).filter(([name, value]) => base[name] !== value));
  const settled = settleOptions(workspace.defaults, [{ source: 'link', options: own }, ...exampleLayer], accepts, []);
  return sameOptions(settled, options) ? own : options;
}

// What a link of the work on show holds, for buildQuery: the map (or the example it is,
// changed or not), the options, the step the single view or the compare view is at, Walk
// mode, the compare view's methods and the playing speed.
export function shareState(workspace, compare, speed) {
  const editor = workspace.editor;
  const session = workspace.session;
  const example = workspace.exampleNote.id;
  return {
    options: linkOptions(workspace, example),
    mapText: editor.toText('ox'),
    example,
    exampleText: example ? exampleText(workspace.engine, example) : null,
    step: (compare.active ? compare : session).timeline().stepCount,
    width: editor.width,
    height: editor.height,
    speed: speed.perSecond ?? speed.perFrame * 60,
    walk: session.walk,
    compare: compare.active ? compare.methods : null,
  };
}

// The share panel: a link that reopens the work on show, playing on open only when asked;
// an <iframe> snippet of it for blog posts, with the lines that let the frame take the
// height the page asks for (a lesson's embed while a lesson's scene is on show, unchanged);
// and the link as a QR code for a projector. lessonLink(): the query of the lesson's link at
// the scene on show (a promise), or null when no scene is.
export function wireShare(doc, location, { workspace, playback, compare, qr, lessonLink }, onError) {
  const state = () => shareState(workspace, compare, playback.speed);
  const button = doc.getElementById('make-link');
  const autoplay = doc.getElementById('share-autoplay');
  const url = doc.getElementById('share-url');
  const embed = doc.getElementById('share-embed');
  const showQr = doc.getElementById('share-qr');
  // The link of the work as it is now (also shown and copied), or null when refused.
  const makeLink = () => {
    const cells = workspace.editor.cellCount();
    if (cells > MAX_LINK_CELLS) {
      onError(new PageError('error.link-too-big', { cells, max: MAX_LINK_CELLS }));
      return null;
    }
    const current = state();
    const query = { ...current, autoplay: autoplay.checked, lang: language() };
    const link = pageAddress(location) + buildQuery(query);
    url.value = link;
    const id = frameId();
    const src = pageAddress(location) + buildQuery({ ...query, embed: true, id });
    const title = t('embed.frame-title');
    embed.value = embedSnippet({ id, src, height: firstHeight(current.width, current.height), title });
    // A lesson too long for a link keeps the view's snippet, and says why.
    lessonLink()?.then((lessonQuery) => {
      const lessonSrc = lessonEmbedSrc(pageAddress(location), lessonQuery, { lang: query.lang, id });
      embed.value = embedSnippet({ id, src: lessonSrc, height: firstHeight(current.width, current.height, true), title });
    }, onError);
    return link;
  };
  button.addEventListener('click', () => {
    const link = makeLink();
    if (link === null) return;
    url.select();
    // Copying is a convenience: without clipboard permission the selected link is still there.
    if (navigator.clipboard) navigator.clipboard.writeText(link).catch(() => {});
  });
  showQr.addEventListener('click', () => {
    const link = makeLink();
    if (link === null) return;
    try {
      qr.show(link);
    } catch (error) {
      onError(error);
    }
  });
}
