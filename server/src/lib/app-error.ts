/**
 * The one error type services throw. The error handler turns it into the envelope with the
 * catalogue message in the caller's language; `httpStatus` defaults to 200 (business outcome).
 */
import type { ErrorCode } from '@contracts/error-codes'

export interface AppErrorOptions {
  /** names the failing input; becomes result.field and is appended to the message */
  field?: string
  httpStatus?: number
  result?: unknown
}

export class AppError extends Error {
  readonly code: ErrorCode
  readonly field?: string
  readonly httpStatus: number
  readonly result: unknown

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(`AppError ${code}${options.field ? ` (${options.field})` : ''}`)
    this.name = 'AppError'
    this.code = code
    this.field = options.field
    this.httpStatus = options.httpStatus ?? 200
    this.result = options.result ?? (options.field ? { field: options.field } : null)
  }
}

export const paramError = (field: string) => new AppError(301, { field })
