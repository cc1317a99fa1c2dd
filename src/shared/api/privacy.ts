/**
 * Typed client of account deletion and the personal-data download (PRIVACY_API in
 * src/shared/contracts/privacy.ts). Every call answers the whole envelope without the generic warning:
 * the deletion and data pages show each refusal (401 wrong password, 409/410 code, 672–675) in their own
 * place, translated from `request.{code}`.
 */
import { request, requestFile, type Envelope, type FileAnswer } from './request'
import { PRIVACY_API, type DataExport, type DeletionRequestBody, type DeletionStatus } from '@contracts/privacy'

export const deletionStatus = (): Promise<Envelope<DeletionStatus>> => request<DeletionStatus>({ url: PRIVACY_API.deletionStatus, method: 'GET', silent: true })

/** a 6-digit code to the account's e-mail (a JSON body, empty: the server refuses a JSON request without one) */
export const sendDeletionCode = (): Promise<Envelope<null>> => request<null>({ url: PRIVACY_API.deletionSendCode, method: 'POST', data: {}, silent: true })

/** on success every token of the person is revoked: the caller signs out locally */
export const requestDeletion = (body: DeletionRequestBody): Promise<Envelope<DeletionStatus>> =>
  request<DeletionStatus>({ url: PRIVACY_API.deletionRequest, method: 'POST', data: body, silent: true })

export const cancelDeletion = (): Promise<Envelope<DeletionStatus>> => request<DeletionStatus>({ url: PRIVACY_API.deletionCancel, method: 'DELETE', data: {}, silent: true })

export const listDataExports = (): Promise<Envelope<DataExport[]>> => request<DataExport[]>({ url: PRIVACY_API.exportList, method: 'GET', silent: true })

export const requestDataExport = (): Promise<Envelope<DataExport>> => request<DataExport>({ url: PRIVACY_API.exportRequest, method: 'POST', data: {}, silent: true })

export const dataExportFileUrl = (id: number): string => PRIVACY_API.exportDownload.replace(':id', String(id))

/** the archive's bytes, or the refusal (675: not ready, expired or not yours) */
export const downloadDataExport = (id: number): Promise<FileAnswer> => requestFile(dataExportFileUrl(id), { silent: true, filename: `haijiao-data-${id}.zip` })
