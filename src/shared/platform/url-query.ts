/** Keep list filters in the address bar: nothing to do in the mini-program (no address bar). */
export function replaceUrlQuery(_path: string, _query: Record<string, string | number | undefined | null>): void {}
