/**
 * The publish form's ticket settings (contracts/ticket.ts TicketSettings): until when enrolled people may
 * cancel themselves (empty = the start), the waiting list on/off and how many hours an offered seat is
 * held. They live beside the activity (ADMIN_TICKET_API.settings), so the view loads them with the
 * activity and saves them after the activity is saved — only when they changed.
 */
import React from 'react'
import { Col, DatePicker, Form, InputNumber, Row, Switch } from 'antd'
import { useTranslation } from 'react-i18next'
import { OFFER_HOURS_DEFAULT, OFFER_HOURS_MAX, type TicketSettings } from '@contracts/ticket'
import type { Dayjs } from 'dayjs'
import { fromZonedIso, toZonedIso } from '../time'
import { TIME_PICKER } from './layout'

export interface TicketFormValues {
  ticketCancelDeadline: Dayjs | null
  ticketWaitlist: boolean
  ticketOfferHours: number | null
}

export const TICKET_INITIAL: TicketFormValues = { ticketCancelDeadline: null, ticketWaitlist: false, ticketOfferHours: OFFER_HOURS_DEFAULT }

export function ticketValues(s: TicketSettings, tz: string | undefined): TicketFormValues {
  return { ticketCancelDeadline: fromZonedIso(s.cancelDeadline, tz), ticketWaitlist: s.waitlistEnabled, ticketOfferHours: s.offerHours }
}

export function ticketBody(v: Partial<TicketFormValues>, activityId: number, tz: string | undefined): TicketSettings {
  const hours = Math.round(Number(v.ticketOfferHours ?? OFFER_HOURS_DEFAULT))
  return {
    activityId,
    cancelDeadline: toZonedIso(v.ticketCancelDeadline ?? null, tz),
    waitlistEnabled: !!v.ticketWaitlist,
    offerHours: Number.isFinite(hours) ? Math.min(OFFER_HOURS_MAX, Math.max(1, hours)) : OFFER_HOURS_DEFAULT,
  }
}

/** the same settings, compared as the server stores them */
export function sameSettings(a: TicketSettings | null, b: TicketSettings): boolean {
  if (!a) return false
  const at = (x: string | null) => (x ? Date.parse(x) : null)
  return at(a.cancelDeadline) === at(b.cancelDeadline) && a.waitlistEnabled === b.waitlistEnabled && a.offerHours === b.offerHours
}

export function TicketSettingsFields({ firstTz }: { firstTz: string | undefined }) {
  const { t } = useTranslation()
  const waitlist = Form.useWatch('ticketWaitlist')
  return (
    <Row gutter={24} data-testid="act-pub-ticket">
      <Col xs={24} md={8}>
        <Form.Item name="ticketCancelDeadline" label={t('adm.ticket.cancelDeadline')} extra={t('adm.ticket.cancelDeadlineHint', { tz: firstTz || 'UTC' })}>
          <DatePicker {...TIME_PICKER} data-testid="act-pub-cancel-deadline" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="ticketWaitlist" label={t('adm.ticket.waitlistEnabled')} valuePropName="checked" extra={t('adm.ticket.waitlistHint')}>
          <Switch data-testid="act-pub-waitlist" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="ticketOfferHours" label={t('adm.ticket.offerHours')} extra={t('adm.ticket.offerHoursHint')}>
          <InputNumber min={1} max={OFFER_HOURS_MAX} precision={0} disabled={!waitlist} style={{ width: '100%' }} data-testid="act-pub-offer-hours" />
        </Form.Item>
      </Col>
    </Row>
  )
}
