import { showKey } from '../layout/text.js';

// The notice shown while a link's map (or a lesson scene's) is on show over the visitor's saved work: it says the
// saved work is kept (in storage, until the visitor changes the link's map) and offers it
// back in one click. It shows whenever the link's map is on show as it opened, also after
// an undo or a reload, and goes once the map or the options change.
export class SavedWorkNotice {
  // back(): the action that brings the saved work back (Workspace.backToSaved).
  constructor(doc, workspace, back) {
    this.workspace = workspace;
    this.box = doc.getElementById('saved-notice');
    this.text = doc.getElementById('saved-notice-text');
    this.dismissed = false;
    this.shownFor = null;
    doc.getElementById('saved-back').addEventListener('click', back);
    doc.getElementById('saved-notice-close').addEventListener('click', () => {
      this.dismissed = true;
      this.box.hidden = true;
    });
  }

  // Called every frame; looks at the map again only when it or the options changed.
  update(session) {
    if (!this.workspace.linkOverSaved) return;
    const key = `${session.generation} ${session.editor.revision()}`;
    if (key === this.shownFor) return;
    this.shownFor = key;
    const onShow = this.workspace.showsLinkOverSaved({ map: session.editor.toText('ox'), options: session.options });
    this.box.hidden = !onShow || this.dismissed;
    // Worded for what opened the map; data-i18n so a change of language words it again.
    const textKey = this.workspace.linkOverSaved.source === 'lesson' ? 'saved.lesson-notice' : 'saved.link-notice';
    showKey(this.text, textKey);
  }
}
