/**
 * A small seeded generator (sfc32 seeded through splitmix-style hashing of a string). The
 * simulator must replay: the same seed and the same sequence of steps give the same prices, on
 * every machine, so no Math.random and no host-dependent state anywhere in it.
 */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Standard normal. */
  normal(): number;
}

export function hashSeed(text: string): number {
  // FNV-1a, 32 bits: stable, cheap, good enough to spread similar strings apart.
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function createRandom(seed: string): Random {
  let a = hashSeed(`${seed}/a`);
  let b = hashSeed(`${seed}/b`);
  let c = hashSeed(`${seed}/c`);
  let d = hashSeed(`${seed}/d`) | 1;
  let spare: number | undefined;
  function next(): number {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  }
  // Warm up so that seeds differing in one character diverge at once.
  for (let index = 0; index < 12; index += 1) next();
  function normal(): number {
    if (spare !== undefined) {
      const value = spare;
      spare = undefined;
      return value;
    }
    let u = 0;
    while (u === 0) u = next();
    const v = next();
    const radius = Math.sqrt(-2 * Math.log(u));
    spare = radius * Math.sin(2 * Math.PI * v);
    return radius * Math.cos(2 * Math.PI * v);
  }
  return { next, normal };
}
