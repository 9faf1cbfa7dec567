// Turn alerts of the live table (issue 8, point 5): while it is the player's turn the tab's
// title starts with "▶ Your turn" and its icon gets a red dot; when the turn comes round (not
// when the page opens on it) a short two-note tone sounds, made with the Web Audio API (no
// audio file), if the player turned the sound on. The sound is off by default and the choice
// is remembered in localStorage ("hexagora.turnSound" = "on" / "off").
//
//   const alerts = new TurnAlerts(toggleButton);   // the button may be null (spectators)
//   alerts.update({ mine: true });                  // after every render
import { gettext } from "./i18n.js";

export const SOUND_KEY = "hexagora.turnSound";
export const TURN_TITLE = `▶ ${gettext("Your turn")} · `;
// The site's hexagon with a red dot: the tab of a page where it is your turn.
export const TURN_ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Cpolygon points='8,1 14,4.5 14,11.5 8,15 2,11.5 2,4.5' fill='%23e0a21b'/%3E%3Ccircle cx='11.5' cy='4.5' r='4.2' fill='%23d32f2f' stroke='%23fff' stroke-width='1.2'/%3E%3C/svg%3E";

function doc(node) {
  return node.ownerDocument || document;
}

function stored() {
  try {
    return localStorage.getItem(SOUND_KEY) === "on";
  } catch {
    return false; // storage refused (private mode): off, as by default
  }
}

function store(on) {
  try {
    localStorage.setItem(SOUND_KEY, on ? "on" : "off");
  } catch {
    // not remembered; the choice still holds on this page
  }
}

export class TurnAlerts {
  constructor(toggle = null, doc = document) {
    this.doc = doc;
    this.toggle = toggle;
    this.baseTitle = doc.title;
    this.icon = doc.getElementById("favicon");
    this.baseIcon = this.icon ? this.icon.getAttribute("href") : null;
    this.sound = stored();
    this.mine = null; // unknown until the first update: the page opening on one's turn is no news
    this.audio = null;
    this.tones = 0; // tones played, for the tests
    if (toggle) {
      toggle.addEventListener("click", () => this.setSound(!this.sound));
      this.showToggle();
    }
  }

  showToggle() {
    if (!this.toggle) return;
    this.toggle.setAttribute("aria-pressed", String(this.sound));
    // "♪ Sound off"; phones show "♪ off" (the word is in the button's aria-label too).
    const note = doc(this.toggle).createElement("span");
    note.setAttribute("aria-hidden", "true");
    note.textContent = "♪";
    const word = doc(this.toggle).createElement("span");
    word.className = "sound-word";
    word.textContent = gettext("Sound");
    this.toggle.replaceChildren(note, " ", word, ` ${this.sound ? gettext("on") : gettext("off")}`);
  }

  /** Turns the tone on or off (a click: browsers let audio start only after one). */
  setSound(on) {
    this.sound = on;
    store(on);
    this.showToggle();
    if (on) this.beep(); // the tone one will hear, and the audio unlocked by this click
  }

  /** The title, the icon and (on the change to one's turn) the tone. */
  update({ mine }) {
    const doc = this.doc;
    const title = mine ? `${TURN_TITLE}${this.baseTitle}` : this.baseTitle;
    if (doc.title !== title) doc.title = title;
    if (this.icon && this.baseIcon) {
      const href = mine ? TURN_ICON : this.baseIcon;
      if (this.icon.getAttribute("href") !== href) this.icon.setAttribute("href", href);
    }
    if (mine && this.mine === false && this.sound) this.beep();
    this.mine = mine;
  }

  /** A short rising two-note tone (about 0.3 s); silent where Web Audio is missing. */
  beep() {
    const Ctx = globalThis.AudioContext || globalThis.webkitAudioContext;
    if (!Ctx) return;
    try {
      this.audio = this.audio || new Ctx();
      const ctx = this.audio;
      if (ctx.state === "suspended") ctx.resume();
      const t0 = ctx.currentTime + 0.01;
      [[660, 0], [880, 0.14]].forEach(([freq, at]) => {
        const osc = ctx.createOscillator();
        const gain = ctx.createGain();
        osc.type = "sine";
        osc.frequency.value = freq;
        gain.gain.setValueAtTime(0.0001, t0 + at);
        gain.gain.exponentialRampToValueAtTime(0.18, t0 + at + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, t0 + at + 0.16);
        osc.connect(gain).connect(ctx.destination);
        osc.start(t0 + at);
        osc.stop(t0 + at + 0.18);
      });
      this.tones += 1;
    } catch {
      // no audio device: the title and the icon still tell
    }
  }
}
