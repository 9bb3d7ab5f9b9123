import { fullEditorHref } from '../layout/embed.js';

// A lesson in an embed (`?lesson=…&embed=1`): the Previous and Next scene buttons beside
// "Scene k / n" (the embed's own controls step within a scene), and the full editor's link
// kept on the scene on show, so that it opens the lesson where the reader is.
export class LessonEmbed {
  constructor(doc, player, location) {
    this.player = player;
    this.location = location;
    this.link = doc.getElementById('full-editor');
    this.previous = doc.getElementById('lesson-previous');
    this.next = doc.getElementById('lesson-next');
    this.previous.addEventListener('click', () => this.go(-1));
    this.next.addEventListener('click', () => this.go(1));
  }

  go(by) {
    const to = (this.player.showing?.index ?? 0) + by;
    if (to >= 0 && to < (this.player.book.lesson?.scenes.length ?? 0)) this.player.open(to);
  }

  // After a scene opened.
  render() {
    const index = this.player.showing?.index ?? 0;
    const count = this.player.book.lesson?.scenes.length ?? 0;
    this.previous.disabled = index <= 0;
    this.next.disabled = index + 1 >= count;
    this.link.href = fullEditorHref(this.location.href, index + 1);
  }
}
