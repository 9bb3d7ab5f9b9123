import { PageError } from '../i18n/errors.js';
import { lessonFileTooLarge } from '../lessons/format.js';

// Opening map files (file picker or drag and drop anywhere on the page; a lesson file
// dropped goes the same way) and saving the map as a download.

// Larger than any map the editor accepts (2048x2048 plus line ends), so a bigger file is a
// mistake worth a message rather than a long wait.
const MAX_FILE_BYTES = 5 * 1024 * 1024;

// The message for a file too large to open, or null: a lesson file (.md) has a limit of
// its own.
function tooLarge(file) {
  if (/\.md$/i.test(file.name)) return lessonFileTooLarge(file);
  if (file.size <= MAX_FILE_BYTES) return null;
  return new PageError('error.file-too-large', { name: file.name, size: Math.round(file.size / 1024), max: MAX_FILE_BYTES / 1024 });
}

async function readMapFile(file, onText, onError) {
  const refused = tooLarge(file);
  if (refused) {
    onError(refused);
    return;
  }
  try {
    onText(await file.text(), file.name);
  } catch (error) {
    onError(new PageError('error.read-file', { name: file.name, detail: error }));
  }
}

// onText(text, fileName) gets the file's contents; onError(error) any failure to read it.
export function wireMapFiles(doc, fileInput, dropHint, onText, onError) {
  fileInput.addEventListener('change', () => {
    const file = fileInput.files[0];
    if (file) readMapFile(file, onText, onError).finally(() => { fileInput.value = ''; });
  });
  const carriesFiles = (e) => e.dataTransfer && Array.from(e.dataTransfer.types).includes('Files');
  doc.addEventListener('dragover', (e) => {
    if (!carriesFiles(e)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    dropHint.hidden = false;
  });
  doc.addEventListener('dragleave', (e) => {
    if (e.relatedTarget === null) dropHint.hidden = true;
  });
  doc.addEventListener('drop', (e) => {
    if (!carriesFiles(e)) return;
    e.preventDefault();
    dropHint.hidden = true;
    const file = e.dataTransfer.files[0];
    if (file) readMapFile(file, onText, onError);
  });
}

export function downloadText(doc, text, fileName) {
  downloadBlob(doc, new Blob([text], { type: 'text/plain' }), fileName);
}

export function downloadBlob(doc, blob, fileName) {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  doc.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
