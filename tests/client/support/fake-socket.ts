/**
 * A scriptable SocketTask (what the Taro mock's connectSocket resolves to): tests fire open / message /
 * close themselves. `parse` keeps sent frames as objects instead of strings; `wrap` runs each fired
 * event (React tests pass `act`).
 */
export function fakeSocketTask<S = string>({ parse = false, wrap = (fn: () => void) => fn() }: { parse?: boolean; wrap?: (fn: () => void) => void } = {}) {
  const h: Record<string, (arg?: any) => void> = {}
  return {
    sent: [] as S[],
    closed: false,
    onOpen: (fn: any) => (h.open = fn),
    onMessage: (fn: any) => (h.message = fn),
    onClose: (fn: any) => (h.close = fn),
    onError: (fn: any) => (h.error = fn),
    send(o: { data: string }) {
      this.sent.push((parse ? JSON.parse(o.data) : o.data) as S)
    },
    close() {
      this.closed = true
    },
    fire(name: string, arg?: any) {
      wrap(() => h[name]?.(arg))
    },
    /** a frame from the server */
    server(frame: unknown) {
      this.fire('message', { data: JSON.stringify(frame) })
    },
  }
}
