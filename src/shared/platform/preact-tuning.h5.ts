/** The web builds render with React: nothing to tune (preact-tuning.ts is the mini-program's). */
export function tunePreactForMiniProgram(): void {}
