/**
 * The admin's file transfers (the admin is H5-only): downloads (exports) and uploads with progress.
 * Taro.request hands back neither a Blob with its headers nor upload progress, so these use the browser's
 * fetch and XMLHttpRequest: here only (the lint allows them in this file and the request client), never in
 * the consumer app or a mini-program. They keep request()'s rules: the same base URL, Bearer token and
 * Accept-Language, a time limit, the 401 flow (clear credentials, go to login) and the `request.{code}`
 * warning for an error answer.
 */
import type { Envelope } from '@contracts/api'
import { acceptLanguage } from '../../shared/i18n'
import { getToken } from '../../shared/storage'
import { HttpError, apiUrl, signalUnauthorized, warnCode } from '../../shared/api/request'

/** Exports are built while the caller waits and uploads may be large: a minute instead of request()'s 10 s. */
export const TRANSFER_TIMEOUT_MS = 60_000

export type TransferQuery = Record<string, string | number | boolean | null | undefined>

export interface TransferOptions {
  /** extra headers (the Bearer token and Accept-Language are always sent) */
  header?: Record<string, string>
  /** time limit in ms (default TRANSFER_TIMEOUT_MS; 0 = none) */
  timeoutMs?: number
  /** no `request.{code}` warning for an error answer (the caller shows its own message) */
  silent?: boolean
}

/** A file the server answered: its content, its name (Content-Disposition) and its type. */
export interface DownloadedFile {
  blob: Blob
  filename: string
  type: string
}

/** The answer was an error envelope instead of a file (HTTP 200 with a code ≠ 200). */
export class TransferRefused extends Error {
  constructor(public readonly envelope: Envelope<unknown>) {
    super(envelope.message || `code ${envelope.code}`)
    this.name = 'TransferRefused'
  }
}

function headersFor(extra?: Record<string, string>): Record<string, string> {
  const header: Record<string, string> = { 'Accept-Language': acceptLanguage(), ...(extra ?? {}) }
  const token = getToken()
  if (token) header.Authorization = `Bearer ${token}`
  return header
}

/** The API URL with the query's non-empty values (undefined, null and '' stay out). */
export function transferUrl(url: string, query?: TransferQuery): string {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') params.set(k, String(v))
  const full = apiUrl(url)
  const qs = params.toString()
  return qs ? `${full}${full.includes('?') ? '&' : '?'}${qs}` : full
}

/** RFC 6266: the UTF-8 `filename*` first, then the plain `filename`, else the fallback. */
export function filenameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition)
  if (star) {
    try {
      return decodeURIComponent(star[1].trim())
    } catch {
      /* a malformed escape: the plain name below */
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition)
  return plain ? plain[1].trim() : fallback
}

/**
 * An answer read as the API envelope, as request() reads it: HTTP 401 runs the 401 flow, another HTTP
 * error or a body that is no envelope rejects with HttpError, a code ≠ 200 shows its warning unless silent.
 */
function envelopeOf<T>(status: number, body: unknown, silent?: boolean): Envelope<T> {
  if (status === 401) {
    signalUnauthorized()
    throw new HttpError(401, body)
  }
  if (status < 200 || status >= 300) throw new HttpError(status, body)
  if (!body || typeof body !== 'object' || !('code' in body)) throw new HttpError(status, body, 'malformed envelope')
  const env = body as Envelope<T>
  if (env.code !== 200 && !silent) warnCode(env)
  return env
}

/**
 * GET a file. Resolves with its content and name; rejects with HttpError (network, time limit, HTTP
 * status; 401 after the 401 flow) or TransferRefused (the server answered an error envelope instead).
 */
export async function download(url: string, query?: TransferQuery, opts: TransferOptions & { filename?: string } = {}): Promise<DownloadedFile> {
  const controller = new AbortController()
  const limit = opts.timeoutMs ?? TRANSFER_TIMEOUT_MS
  const timer = limit > 0 ? setTimeout(() => controller.abort(), limit) : undefined
  try {
    let res: Response
    try {
      res = await fetch(transferUrl(url, query), { headers: headersFor(opts.header), signal: controller.signal })
    } catch (e) {
      throw new HttpError(0, null, controller.signal.aborted ? 'timeout' : (e as Error)?.message || 'network error')
    }
    const type = res.headers.get('content-type') ?? ''
    if (!res.ok || type.includes('application/json')) {
      const body: unknown = await res.json().catch(() => null)
      const env = envelopeOf(res.status, body, opts.silent)
      throw new TransferRefused(env)
    }
    const blob = await res.blob()
    return { blob, type, filename: filenameFrom(res.headers.get('content-disposition'), opts.filename ?? 'download') }
  } finally {
    clearTimeout(timer)
  }
}

/** Hand a downloaded file to the browser (a link click saves it under its name). */
export function saveFile(file: DownloadedFile): void {
  const a = document.createElement('a')
  a.href = URL.createObjectURL(file.blob)
  a.download = file.filename
  document.body.appendChild(a)
  a.click()
  a.remove()
  // the browser has taken the file once the click returns; keep the URL a little for slow save dialogs
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000)
}

export interface UploadOptions extends TransferOptions {
  query?: TransferQuery
  /** multipart field name (default 'file') */
  field?: string
  /** the file name sent (default: the File's own name, else 'file') */
  filename?: string
  /** 0–100 while the body is sent */
  onProgress?(percent: number): void
}

/**
 * POST one file as multipart form data. Resolves with the envelope (like request(): check `code`);
 * rejects with HttpError on network failure, the time limit or an HTTP error (401 after the 401 flow).
 */
export function upload<T = unknown>(url: string, file: Blob, opts: UploadOptions = {}): Promise<Envelope<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', transferUrl(url, opts.query))
    for (const [k, v] of Object.entries(headersFor(opts.header))) xhr.setRequestHeader(k, v)
    xhr.timeout = opts.timeoutMs ?? TRANSFER_TIMEOUT_MS
    const onProgress = opts.onProgress
    if (onProgress) {
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100))
      }
    }
    xhr.onerror = () => reject(new HttpError(0, null, 'network error'))
    xhr.ontimeout = () => reject(new HttpError(0, null, 'timeout'))
    xhr.onload = () => {
      let body: unknown = null
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        body = null
      }
      try {
        resolve(envelopeOf<T>(xhr.status, body, opts.silent))
      } catch (e) {
        reject(e)
      }
    }
    const form = new FormData()
    form.append(opts.field ?? 'file', file, opts.filename ?? ((file as File).name || 'file'))
    xhr.send(form)
  })
}
