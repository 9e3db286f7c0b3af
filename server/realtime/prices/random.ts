// A small seeded random source, so a simulation can be replayed exactly in tests. Not for anything secret.

export interface Random {
  /** Uniform in [0, 1). */
  next(): number
  /** Standard normal (mean 0, variance 1). */
  normal(): number
}

/** mulberry32: 32 bits of state, fast, and good enough for a market simulation. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0
  let spare: number | undefined
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    // Box-Muller gives two normals per pair of uniforms; the second is kept for the next call.
    normal() {
      if (spare !== undefined) {
        const value = spare
        spare = undefined
        return value
      }
      let u = 0
      while (u === 0) u = next()
      const radius = Math.sqrt(-2 * Math.log(u))
      const angle = 2 * Math.PI * next()
      spare = radius * Math.sin(angle)
      return radius * Math.cos(angle)
    },
  }
}
