/**
 * Typed client of account deletion and the personal-data download (PRIVACY_API in
 * src/shared/contracts/privacy.ts). Every call answers the whole envelope without the generic warning:
 * the deletion and data pages show each refusal (401 wrong password, 409/410 code, 672–675) in their own
 * place, translated from `request.{code}`.
 */
import { HttpError, request, requestFile, type Envelope, type FileAnswer, type RequestOptions } from './request'
import Taro from '@tarojs/taro'
import { PRIVACY_API, type DataExport, type DeletionRequestBody, type DeletionStatus } from '@contracts/privacy'
import { DELETION_WECHAT_MARK } from '@contracts/privacy'
import { WECHAT_API, type WxAuthorizeUrlResult, type WxLoginResult } from '@contracts/wechat'

/**
 * request() without the warning, and a refusal the server sends with an HTTP error status (674 comes
 * as 429, 675 as 404) answered as its envelope like any other refusal; HTTP 401 keeps request()'s flow.
 */
function call<T>(opts: RequestOptions): Promise<Envelope<T>> {
  return request<T>({ ...opts, silent: true }).catch((e: unknown) => {
    const data = e instanceof HttpError && e.status !== 401 ? (e.data as Envelope<T> | null) : null
    if (data && typeof data === 'object' && typeof data.code === 'number') return data
    throw e
  })
}

export const deletionStatus = (): Promise<Envelope<DeletionStatus>> => call<DeletionStatus>({ url: PRIVACY_API.deletionStatus, method: 'GET' })

/** a 6-digit code to the account's e-mail (a JSON body, empty: the server refuses a JSON request without one) */
export const sendDeletionCode = (): Promise<Envelope<null>> => call<null>({ url: PRIVACY_API.deletionSendCode, method: 'POST', data: {} })

/** on success every token of the person is revoked: the caller signs out locally */
export const requestDeletion = (body: DeletionRequestBody): Promise<Envelope<DeletionStatus>> =>
  call<DeletionStatus>({ url: PRIVACY_API.deletionRequest, method: 'POST', data: body })

/**
 * Mini-program: a fresh WeChat ticket for the deletion's WeChat proof — Taro.login's code through
 * wx/mini/login (step 1 of the WeChat sign-in). null when WeChat gives no code or the server refuses it.
 */
export async function wechatDeletionTicket(): Promise<string | null> {
  let code = ''
  try {
    code = (await Taro.login())?.code || ''
  } catch {
    code = ''
  }
  if (!code) return null
  const env = await call<WxLoginResult>({ url: WECHAT_API.miniLogin, method: 'POST', data: { code } })
  return env.code === 200 && env.result?.ticket ? env.result.ticket : null
}

/** H5 inside WeChat: WeChat's consent page, coming back to the deletion page with the mark and a code */
export async function wechatDeletionAuthorizeUrl(): Promise<string | null> {
  const env = await call<WxAuthorizeUrlResult>({ url: WECHAT_API.authorizeUrl, method: 'GET', data: { redirect: `/center/deletion?${DELETION_WECHAT_MARK}=1` } })
  return env.code === 200 && env.result?.url ? env.result.url : null
}

/** H5 inside WeChat: the code WeChat's consent page came back with → the ticket (wx/login), or null */
export async function wechatDeletionTicketOfCode(code: string): Promise<string | null> {
  const env = await call<WxLoginResult>({ url: WECHAT_API.h5Login, method: 'GET', data: { code } })
  return env.code === 200 && env.result?.ticket ? env.result.ticket : null
}

export const cancelDeletion = (): Promise<Envelope<DeletionStatus>> => call<DeletionStatus>({ url: PRIVACY_API.deletionCancel, method: 'DELETE', data: {} })

export const listDataExports = (): Promise<Envelope<DataExport[]>> => call<DataExport[]>({ url: PRIVACY_API.exportList, method: 'GET' })

export const requestDataExport = (): Promise<Envelope<DataExport>> => call<DataExport>({ url: PRIVACY_API.exportRequest, method: 'POST', data: {} })

export const dataExportFileUrl = (id: number): string => PRIVACY_API.exportDownload.replace(':id', String(id))

/** the archive's bytes, or the refusal (675: not ready, expired or not yours) */
export const downloadDataExport = (id: number): Promise<FileAnswer> => requestFile(dataExportFileUrl(id), { silent: true, filename: `haijiao-data-${id}.zip` })
