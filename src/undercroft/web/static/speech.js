// Announcements: shown big on the shared screen and said aloud, as Amulet's seed
// wants them ("made loudly and in the lowest pitch possible"). Browsers speak only
// after someone has touched the page, so the table screen asks once for sound.

import {fill, el} from "./dom.js";

export class Announcer {
  constructor(banner) {
    this.banner = banner;
    this.step = undefined;
    this.voiceOn = false;
    this.timer = null;
    banner.addEventListener("click", () => this.hide());
  }

  /** Whether this browser can speak at all. */
  static get canSpeak() {
    return "speechSynthesis" in window && "SpeechSynthesisUtterance" in window;
  }

  /** Called from a click: unlocks speech with a short line. */
  enableVoice() {
    if (!Announcer.canSpeak) return false;
    this.voiceOn = true;
    this.say("The table is listening.");
    return true;
  }

  /** A new step's announcements: on screen for a while, and spoken. */
  update(state) {
    if (state.step === this.step) return;
    const first = this.step === undefined;
    this.step = state.step;
    const words = state.announcements || [];
    if (!words.length) return;
    this.show(words);
    // Joining a game late shows the last announcement but does not shout it again.
    if (!first) words.forEach((text) => this.say(text));
  }

  show(words) {
    fill(this.banner, el("p", {class: "announcement-title"}, "Announcement!"),
      words.map((text) => el("p", {class: "announcement-text"}, text)));
    this.banner.hidden = false;
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => this.hide(), 9000);
  }

  hide() {
    this.banner.hidden = true;
  }

  say(text) {
    if (!this.voiceOn || !Announcer.canSpeak) return;
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.pitch = 0; // as low as the voice goes
    utterance.rate = 0.9;
    utterance.volume = 1;
    window.speechSynthesis.speak(utterance);
  }
}
