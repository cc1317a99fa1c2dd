/**
 * Typed client of the consent routes (CONSENT_API in src/shared/contracts/consent.ts). Each function
 * resolves with the envelope; the request client has already shown the `request.{code}` warning for a
 * code other than 200 (671: the texts changed while the sheet was open).
 */
import { request, type Envelope } from './request'
import { CONSENT_API, type ConsentStatus, type RenewChannel } from '@contracts/consent'

export function consentStatus(): Promise<Envelope<ConsentStatus>> {
  return request<ConsentStatus>({ url: CONSENT_API.status, method: 'GET' })
}

export function agreeConsent(versions: { agreementVersion: number; privacyVersion: number }, channel: RenewChannel): Promise<Envelope<ConsentStatus>> {
  return request<ConsentStatus>({ url: CONSENT_API.agree, method: 'POST', data: { ...versions, channel } })
}

/** signs the person out on the server (every token revoked) */
export function refuseConsent(): Promise<Envelope<null>> {
  // a JSON body (empty): the server refuses a JSON request without one
  return request<null>({ url: CONSENT_API.refuse, method: 'POST', data: {}, silent: true })
}
