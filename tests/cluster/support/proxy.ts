/**
 * A small round-robin reverse proxy (node:http) in front of the instances: each HTTP request and each
 * websocket upgrade goes to the next instance in turn. Like nginx's `proxy_next_upstream error`, a
 * request whose instance refuses the connection (stopped or killed) is tried on the next one: it never
 * reached a server, so retrying cannot do anything twice. Websockets are piped both ways after the
 * upgrade answer.
 */
import http from 'node:http'
import net from 'node:net'

export interface Proxy {
  port: number
  baseUrl: string
  /** how many requests/upgrades each upstream port received */
  counts: Map<number, number>
  /** requests passed on to another instance: refused connections, and resets before any answer byte */
  passedOn: { refused: number; reset: number }
  close(): Promise<void>
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'])
/** the connection broke before the answer began: node reports ECONNRESET/EPIPE, or "socket hang up" with code ECONNRESET */
const RESET = new Set(['ECONNRESET', 'EPIPE'])

export async function startProxy(port: number, upstreams: number[]): Promise<Proxy> {
  let next = 0
  const counts = new Map<number, number>(upstreams.map((p) => [p, 0]))
  const pick = () => upstreams[next++ % upstreams.length]
  const sockets = new Set<net.Socket>()
  const passedOn = { refused: 0, reset: 0 }

  // the next instance in turn that this request has not tried yet (the shared counter moves on with
  // every other request in the meantime, so "the next one" alone could be the failed one again)
  const pickUntried = (tried: Set<number>) => {
    for (let i = 0; i < upstreams.length; i++) {
      const target = pick()
      if (!tried.has(target)) return target
    }
    return null
  }

  const forward = (req: http.IncomingMessage, body: Buffer, res: http.ServerResponse, tried: Set<number>) => {
    const target = pickUntried(tried)
    if (target === null) return
    tried.add(target)
    let answered = false
    const up = http.request(
      { host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' }, agent: false },
      (upRes) => {
        answered = true
        counts.set(target, (counts.get(target) ?? 0) + 1)
        res.writeHead(upRes.statusCode ?? 502, upRes.headers)
        upRes.pipe(res)
      },
    )
    up.on('error', (err: NodeJS.ErrnoException) => {
      // refused: it never reached a server. Reset before any answer byte (a stopping instance closes its
      // listening socket, and the kernel resets the connections still waiting in its accept queue): for
      // an idempotent method, trying again elsewhere cannot do anything twice (nginx does the same)
      const retry = err.code === 'ECONNREFUSED' || (!answered && IDEMPOTENT.has(req.method ?? '') && RESET.has(err.code ?? ''))
      if (retry && tried.size < upstreams.length) {
        passedOn[err.code === 'ECONNREFUSED' ? 'refused' : 'reset']++
        return forward(req, body, res, tried)
      }
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' })
      res.end(`proxy: ${err.code ?? err.message}`)
    })
    up.end(body)
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => forward(req, Buffer.concat(chunks), res, new Set()))
  })

  server.on('upgrade', (req, client: net.Socket, head: Buffer) => {
    sockets.add(client)
    client.on('close', () => sockets.delete(client))
    const tried = new Set<number>()
    const connect = () => {
      const target = pickUntried(tried)
      if (target === null) return client.destroy()
      tried.add(target)
      const up = net.connect(target, '127.0.0.1')
      up.once('error', (err: NodeJS.ErrnoException) => {
        if (err.code === 'ECONNREFUSED' && tried.size < upstreams.length) return connect()
        client.destroy()
      })
      up.once('connect', () => {
        counts.set(target, (counts.get(target) ?? 0) + 1)
        sockets.add(up)
        up.on('close', () => sockets.delete(up))
        const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`]
        for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`)
        up.write(lines.join('\r\n') + '\r\n\r\n')
        if (head.length) up.write(head)
        up.pipe(client)
        client.pipe(up)
        up.on('error', () => client.destroy())
        client.on('error', () => up.destroy())
        up.on('close', () => client.destroy())
        client.on('close', () => up.destroy())
      })
    }
    connect()
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  return {
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    counts,
    passedOn,
    async close() {
      for (const s of sockets) s.destroy()
      server.closeAllConnections()
      await new Promise<void>((r) => server.close(() => r()))
    },
  }
}
