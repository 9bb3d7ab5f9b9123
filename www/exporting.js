import { t } from './i18n.js';
import { PictureMaker } from './picture.js';
import { downloadBlob } from './mapfiles.js';

// The Export panel: the current frame as a PNG, and the whole search as a Posthoc trace.

// Longer searches are traced with `astar trace`: past this the YAML runs to tens of MB.
export const TRACE_MAX_STEPS = 50000;

// app: { session(), cellCssSize(), fail(error) }
export function wireExports(doc, app) {
  const byId = (id) => doc.getElementById(id);
  const scale = byId('export-scale');
  const legend = byId('export-legend');
  const pictures = new PictureMaker(doc);

  byId('export-png').addEventListener('click', () => {
    try {
      const session = app.session();
      const editor = session.editor;
      pictures.layout(editor.width, editor.height, app.cellCssSize(), Number(scale.value), legend.checked);
      const canvas = pictures.draw(session.frameView(pictures.labelCells()));
      const step = session.search.stepCount();
      canvas.toBlob((blob) => {
        if (blob) downloadBlob(doc, blob, `astar-step-${step}.png`);
        else app.fail(new Error(t('export.failed', { reason: 'PNG' })));
      }, 'image/png');
    } catch (error) {
      app.fail(new Error(t('export.failed', { reason: error.message })));
    }
  });

  byId('export-trace').addEventListener('click', () => {
    try {
      const text = app.session().search.trace(TRACE_MAX_STEPS);
      if (text === undefined) {
        app.fail(new Error(t('export.traceTooLong', { limit: TRACE_MAX_STEPS })));
        return;
      }
      downloadBlob(doc, new Blob([text], { type: 'application/yaml' }), 'astar-search.trace.yaml');
    } catch (error) {
      app.fail(new Error(t('export.failed', { reason: error.message })));
    }
  });
}
