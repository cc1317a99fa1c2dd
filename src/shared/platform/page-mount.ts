/** Page mounts as transitions: web only (the `.h5.ts` twin); a mini-program renders its pages itself. */
export function mountPagesAsTransitions(): void {}
