import type { Tier } from '../../opening.ts';

const TIER_LEVEL: Record<Tier, number> = { common: 0, glow: 1, gold: 2, rainbow: 3, legendary: 4 };
const VOLUME = 0.45;

type AudioContextCtor = typeof AudioContext;

/**
 * The opening's sound, synthesised with the Web Audio API (no audio files): a rising whoosh while the pack
 * charges, a chord at the reveal that grows with the tier (a low boom and a shimmer for legendary), and a
 * swish with a chime when a card flips. The context is created inside the tap that starts the opening, so the
 * browser lets it play unmuted.
 */
export class OpeningSound {
  private ctx: AudioContext | null = null;
  private master: GainNode | null = null;
  private noiseBuffer: AudioBuffer | null = null;
  private muted = false;

  /** Call from a user gesture (the tap on the overlay). */
  unlock(): void {
    if (typeof window === 'undefined') return;
    if (!this.ctx) {
      const Ctor: AudioContextCtor | undefined =
        window.AudioContext ??
        (window as unknown as { webkitAudioContext?: AudioContextCtor }).webkitAudioContext;
      if (!Ctor) return;
      try {
        this.ctx = new Ctor();
      } catch {
        return;
      }
      this.master = this.ctx.createGain();
      this.master.gain.value = this.muted ? 0 : VOLUME;
      this.master.connect(this.ctx.destination);
    }
    void this.ctx.resume().catch(() => undefined);
  }

  setMuted(muted: boolean): void {
    this.muted = muted;
    if (this.ctx && this.master) {
      this.master.gain.setTargetAtTime(muted ? 0 : VOLUME, this.ctx.currentTime, 0.03);
    }
  }

  isMuted(): boolean {
    return this.muted;
  }

  /** The intro: whoosh and rising tone for `durationMs`, the reveal chord at `revealAt` (0–1 of it). */
  intro(tier: Tier, durationMs: number, revealAt = 0.78): void {
    const ctx = this.ctx;
    if (!ctx) return;
    const level = TIER_LEVEL[tier];
    const t0 = ctx.currentTime + 0.02;
    const burst = t0 + (durationMs / 1000) * revealAt;
    this.noise(t0, burst - t0 + 0.1, 250, 1800 + level * 900, 0.18 + level * 0.03);
    this.tone(90 + level * 10, t0, burst - t0, 'sawtooth', 0.05, 180 + level * 70, 900);
    if (level >= 2) {
      // heartbeats before a big reveal
      const beats = level + 1;
      for (let i = 0; i < beats; i++) {
        const at = t0 + ((burst - t0) * (i + 1)) / (beats + 1);
        this.tone(62, at, 0.22, 'sine', 0.5, 40);
      }
    }
    this.reveal(level, burst);
  }

  /** A card flips: a swish, and a chime for rare cards. */
  flip(tier: Tier): void {
    const ctx = this.ctx;
    if (!ctx) return;
    const level = TIER_LEVEL[tier];
    const t = ctx.currentTime + 0.01;
    this.noise(t, 0.16, 2500, 6000, 0.12);
    if (level >= 1) {
      const base = [659.25, 783.99, 1046.5, 1318.5][Math.min(3, level - 1)] ?? 659.25;
      this.tone(base, t + 0.08, 0.5 + level * 0.1, 'triangle', 0.14);
      this.tone(base * 1.5, t + 0.14, 0.45 + level * 0.1, 'sine', 0.08);
    }
    if (level >= 3) this.sparkle(t + 0.1, 6 + level * 2);
  }

  close(): void {
    void this.ctx?.close().catch(() => undefined);
    this.ctx = null;
    this.master = null;
  }

  private reveal(level: number, at: number): void {
    const chords: number[][] = [
      [523.25, 659.25],
      [523.25, 659.25, 783.99],
      [523.25, 659.25, 783.99, 1046.5],
      [392, 523.25, 659.25, 783.99, 1046.5, 1318.5],
      [261.63, 392, 523.25, 659.25, 783.99, 1046.5, 1318.5, 1567.98],
    ];
    const notes = chords[level] ?? chords[0]!;
    const step = level >= 3 ? 0.07 : 0.05;
    notes.forEach((f, i) => {
      this.tone(f, at + i * step, 1.1 + level * 0.35, level >= 2 ? 'triangle' : 'sine', 0.12);
    });
    if (level >= 4) {
      this.tone(55, at, 1.6, 'sine', 0.7, 30); // the boom
      this.noise(at, 0.9, 80, 400, 0.35);
    }
    if (level >= 2) this.sparkle(at + 0.15, 6 + level * 4);
  }

  private sparkle(at: number, count: number): void {
    for (let i = 0; i < count; i++) {
      const f = 1800 + Math.random() * 2600;
      this.tone(f, at + i * 0.045 + Math.random() * 0.02, 0.25, 'sine', 0.035);
    }
  }

  private tone(
    freq: number,
    at: number,
    dur: number,
    type: OscillatorType,
    gain: number,
    glideTo?: number,
    lowpass?: number,
  ): void {
    const ctx = this.ctx;
    if (!ctx || !this.master) return;
    const osc = ctx.createOscillator();
    osc.type = type;
    osc.frequency.setValueAtTime(freq, at);
    if (glideTo) osc.frequency.exponentialRampToValueAtTime(glideTo, at + dur);
    const g = ctx.createGain();
    g.gain.setValueAtTime(0.0001, at);
    g.gain.exponentialRampToValueAtTime(gain, at + Math.min(0.03, dur / 4));
    g.gain.exponentialRampToValueAtTime(0.0001, at + dur);
    let node: AudioNode = osc;
    if (lowpass) {
      const f = ctx.createBiquadFilter();
      f.type = 'lowpass';
      f.frequency.value = lowpass;
      osc.connect(f);
      node = f;
    }
    node.connect(g).connect(this.master);
    osc.start(at);
    osc.stop(at + dur + 0.05);
  }

  private noise(at: number, dur: number, fromHz: number, toHz: number, gain: number): void {
    const ctx = this.ctx;
    if (!ctx || !this.master) return;
    if (!this.noiseBuffer) {
      const len = ctx.sampleRate * 2;
      this.noiseBuffer = ctx.createBuffer(1, len, ctx.sampleRate);
      const data = this.noiseBuffer.getChannelData(0);
      for (let i = 0; i < len; i++) data[i] = Math.random() * 2 - 1;
    }
    const src = ctx.createBufferSource();
    src.buffer = this.noiseBuffer;
    src.loop = true;
    const filter = ctx.createBiquadFilter();
    filter.type = 'bandpass';
    filter.Q.value = 1.2;
    filter.frequency.setValueAtTime(fromHz, at);
    filter.frequency.exponentialRampToValueAtTime(toHz, at + dur);
    const g = ctx.createGain();
    g.gain.setValueAtTime(0.0001, at);
    g.gain.exponentialRampToValueAtTime(gain, at + dur * 0.7);
    g.gain.exponentialRampToValueAtTime(0.0001, at + dur);
    src.connect(filter).connect(g).connect(this.master);
    src.start(at);
    src.stop(at + dur + 0.05);
  }
}
