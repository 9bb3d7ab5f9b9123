import { t } from '../i18n/i18n.js';
import { PageError } from '../i18n/errors.js';
import { PictureMaker } from './picture.js';
import { comparePicture } from './comparepicture.js';
import { downloadBlob } from '../maps/files.js';
import { encodeAnimation, singleFilm, compareFilm, framesFor, FRAME_SECONDS, HOLD_SECONDS } from './animation.js';

// The Export panel: the current frame as a PNG, the search from one step to another as an
// animated GIF, and the whole search as a Posthoc trace (in the compare view, each pane's).

// Longer searches are traced with `astar trace`: past this the YAML runs to tens of MB.
export const TRACE_MAX_STEPS = 50000;

// app: { engine, session(), cellCssSize(), compare (CompareView), fail(error), notify(text) }. Returns
// { update() }, to call once a frame: it keeps the steps offered up to date.
export function wireExports(doc, app) {
  const byId = (id) => doc.getElementById(id);
  const scale = byId('export-scale');
  const legend = byId('export-legend');
  const pictures = new PictureMaker(doc);

  // The view on show: the compare view's panes, each under its name, or the single board.
  const picture = () => {
    const compare = app.compare;
    if (compare.active) {
      const panes = compare.panes.map((pane) => ({ name: pane.name(), session: pane.session }));
      const cellCss = Math.min(...compare.panes.map((pane) => pane.renderer.cellCssSize));
      return { canvas: comparePicture(doc, panes, { cellCss, scale: Number(scale.value), withLegend: legend.checked }), step: compare.timeline().stepCount };
    }
    const session = app.session();
    const editor = session.editor;
    pictures.layout(editor.width, editor.height, app.cellCssSize(), Number(scale.value), legend.checked, session.finder, session.shape);
    return { canvas: pictures.draw(session.frameView(pictures.labelCells())), step: session.search.stepCount() };
  };

  byId('export-png').addEventListener('click', () => {
    try {
      const { canvas, step } = picture();
      canvas.toBlob((blob) => {
        if (blob) downloadBlob(doc, blob, `astar-step-${step}.png`);
        else app.fail(new PageError('export.failed', { reason: 'PNG' }));
      }, 'image/png');
    } catch (error) {
      app.fail(new PageError('export.failed', { reason: error }));
    }
  });

  const from = byId('export-from');
  const to = byId('export-to');
  const frameSeconds = byId('export-frame-seconds');
  const holdSeconds = byId('export-hold-seconds');
  for (const [input, range] of [[frameSeconds, FRAME_SECONDS], [holdSeconds, HOLD_SECONDS]]) {
    input.min = String(range.min);
    input.max = String(range.max);
    input.value = String(range.default);
  }
  // A number of seconds in the setting's range, or null.
  const seconds = (input, range) => {
    const value = Number(input.value);
    const valid = input.value.trim() !== '' && value >= range.min && value <= range.max;
    input.setAttribute('aria-invalid', String(!valid));
    return valid ? value : null;
  };
  const gifButton = byId('export-gif');
  const progress = byId('export-progress');
  const bar = byId('export-progress-bar');
  const progressLabel = byId('export-progress-label');
  // The last step of the view on show: the single view's search, or the compare view's
  // longest.
  const lastStep = () => {
    const { stepCount, total } = app.compare.active ? app.compare.timeline() : app.session().timeline();
    return total ?? stepCount;
  };
  // The panel offers the whole search, and keeps offering it while open: a search run (or
  // played) after the panel opened ends later than when it opened. A "To step" of one's
  // own choosing within the search stays.
  const panel = byId('export-panel');
  let offered = null;
  const offerWholeSearch = () => {
    const total = lastStep();
    if (total === offered) return;
    for (const input of [from, to]) input.max = String(total);
    const chosen = Number(to.value);
    if (chosen === 0 || chosen === offered || chosen > total) to.value = String(total);
    offered = total;
  };
  panel.addEventListener('toggle', () => {
    offered = null;
    if (panel.open) offerWholeSearch();
  });
  let cancelled = false;
  byId('export-cancel').addEventListener('click', () => {
    cancelled = true;
  });
  gifButton.addEventListener('click', async () => {
    const total = lastStep();
    const first = Number(from.value);
    const last = Number(to.value);
    const whole = (input, n) => input.value.trim() !== '' && Number.isInteger(n) && n >= 0 && n <= total;
    if (!whole(from, first) || !whole(to, last) || first >= last) {
      app.fail(new PageError('export.rangeInvalid', { total }));
      return;
    }
    const perFrame = seconds(frameSeconds, FRAME_SECONDS);
    const hold = seconds(holdSeconds, HOLD_SECONDS);
    if (perFrame === null || hold === null) {
      app.fail(new PageError('export.secondsInvalid', { frameMin: FRAME_SECONDS.min, frameMax: FRAME_SECONDS.max, holdMax: HOLD_SECONDS.max }));
      return;
    }
    const session = app.session();
    const compare = app.compare;
    const steps = framesFor(first, last);
    cancelled = false;
    gifButton.disabled = true;
    progress.hidden = false;
    bar.value = 0;
    progressLabel.textContent = t('export.encoding', { frame: 0, total: steps.length });
    try {
      const film = compare.active
        ? compareFilm({
          doc,
          engine: app.engine,
          editor: session.editor,
          panes: compare.panes.map((pane) => ({ name: pane.name(), options: pane.options() })),
          walk: compare.walk,
          withLegend: legend.checked,
        })
        : singleFilm({ engine: app.engine, editor: session.editor, options: session.options, walk: session.walk, pictures: new PictureMaker(doc), withLegend: legend.checked });
      const bytes = await encodeAnimation({
        doc,
        film,
        steps,
        frameSeconds: perFrame,
        holdSeconds: hold,
        onProgress: (done, count) => {
          bar.value = done / count;
          progressLabel.textContent = t('export.encoding', { frame: done, total: count });
        },
        cancelled: () => cancelled,
      });
      if (bytes) downloadBlob(doc, new Blob([bytes], { type: 'image/gif' }), `astar-steps-${first}-${last}.gif`);
      else app.notify(t('export.cancelled'));
    } catch (error) {
      app.fail(new PageError('export.failed', { reason: error }));
    } finally {
      gifButton.disabled = false;
      progress.hidden = true;
    }
  });

  // The searches on show, each with its file's name: the compare view's panes, one file each
  // (a trace is one search; Posthoc opens one at a time), named by place and finder.
  const traced = () => {
    const compare = app.compare;
    if (!compare.active) return [{ search: app.session().search, name: 'astar-search.trace.yaml' }];
    return compare.panes.map((pane, k) => ({ search: pane.session.search, name: `astar-search-${k + 1}-${pane.session.resolvedOptions.algorithm}.trace.yaml` }));
  };

  byId('export-trace').addEventListener('click', () => {
    try {
      const files = traced().map(({ search, name }) => ({ text: search.trace(TRACE_MAX_STEPS), name }));
      if (files.some(({ text }) => text === undefined)) {
        app.fail(new PageError('export.traceTooLong', { limit: TRACE_MAX_STEPS }));
        return;
      }
      for (const { text, name } of files) downloadBlob(doc, new Blob([text], { type: 'application/yaml' }), name);
    } catch (error) {
      app.fail(new PageError('export.failed', { reason: error }));
    }
  });

  return {
    update() {
      if (panel.open) offerWholeSearch();
    },
  };
}
