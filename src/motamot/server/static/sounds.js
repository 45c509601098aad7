// @ts-check
// Sounds of a round (its start, each of its last ten seconds, its end) and of a move on a
// board, made with Web Audio (a few tones: no sound files), and the switch that mutes
// them, remembered in this browser.
import { h, t } from "./common.js";

const KEY = "motamot.sound";
/** @typedef {[number, number, number, number, OscillatorType]} Tone [frequency Hz, start s, length s, volume, wave] */
/** @typedef {"start" | "tick" | "end" | "move"} Sound */
// Each sound: its tones as [frequency Hz, start s, length s, volume, wave].
/** @type {Record<Sound, Tone[]>} */
const SOUNDS = {
  start: [
    [523, 0, 0.12, 0.16, "sine"],
    [784, 0.14, 0.2, 0.16, "sine"],
  ],
  tick: [[880, 0, 0.05, 0.08, "square"]],
  end: [
    [784, 0, 0.16, 0.16, "sine"],
    [523, 0.18, 0.34, 0.16, "sine"],
  ],
  move: [
    [330, 0, 0.09, 0.2, "triangle"],
    [495, 0.07, 0.1, 0.12, "triangle"],
  ],
};

/** @type {AudioContext | null} */
let context = null;

/** Sounds are on unless this browser's player muted them. */
export function soundOn() {
  return localStorage.getItem(KEY) !== "off";
}

function audio() {
  /** @type {typeof AudioContext | undefined} Safari before 14.1 names it webkitAudioContext */
  const Context =
    window.AudioContext ?? /** @type {{ webkitAudioContext?: typeof AudioContext }} */ (window).webkitAudioContext;
  if (!Context) return null;
  context ??= new Context();
  if (context.state === "suspended") context.resume(); // a browser waits for a gesture
  return context;
}

/**
 * @param {AudioContext} ctx
 * @param {Tone} tone
 */
function tone(ctx, [frequency, start, length, volume, wave]) {
  const at = ctx.currentTime + start;
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  oscillator.type = wave;
  oscillator.frequency.value = frequency;
  gain.gain.setValueAtTime(volume, at);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length); // no click at the end
  oscillator.connect(gain).connect(ctx.destination);
  oscillator.start(at);
  oscillator.stop(at + length);
}

/**
 * Play a sound by name (start, tick, end, move), unless muted.
 * @param {Sound} name
 */
export function play(name) {
  if (!soundOn()) return;
  const ctx = audio();
  if (ctx) for (const note of SOUNDS[name]) tone(ctx, note);
}

/** The mute switch: a toggle button (pressed: sounds on), remembered. */
export function soundSwitch() {
  const button = h("button", { type: "button", class: "small sound", id: "sound" });
  const show = () => {
    button.setAttribute("aria-pressed", String(soundOn()));
    button.textContent = soundOn() ? t("sound_on") : t("sound_off");
  };
  button.addEventListener("click", () => {
    localStorage.setItem(KEY, soundOn() ? "off" : "on");
    if (soundOn()) audio(); // a click is the gesture a browser wants before sound
    show();
  });
  show();
  return button;
}

// The first tap or key anywhere lets the browser play the sounds that follow.
for (const kind of ["pointerdown", "keydown"]) {
  document.addEventListener(kind, () => soundOn() && audio(), { once: true, capture: true });
}
