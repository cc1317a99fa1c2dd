/** Injectable time source: services ask it instead of `new Date()`, so tests can move time. */
export interface Clock {
  now(): Date
}
export const systemClock: Clock = { now: () => new Date() }

export const iso = (d: Date) => d.toISOString()
export const addMs = (d: Date, ms: number) => new Date(d.getTime() + ms)
