/** H5 variant of ./subscribe-message.ts: no WeChat subscribe messages on the web (e-mail and the inbox instead). */
export function prepareSubscribe(): void {
  // nothing to do
}
export function askSubscribe(): Promise<void> {
  return Promise.resolve()
}
export function resetSubscribe(): void {
  // nothing to do
}
