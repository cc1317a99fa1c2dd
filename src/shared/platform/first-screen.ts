/** A first screen drawn by the server: web only (the `.h5.ts` twin); a mini-program has no server HTML. */
export function releaseServerFirstScreen(): void {}
export function serverFirstScreenPath(): string | null {
  return null
}
export function useReleaseServerFirstScreen(_ready: boolean): void {}
