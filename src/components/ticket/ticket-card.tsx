/**
 * One e-ticket: the activity's title, its time in its own zone, the address or the online link, the
 * holder's name, and the QR code of the ticket code (only while the ticket is valid). A pending, rejected
 * or cancelled enrolment shows why there is no valid ticket instead of a code.
 */
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import type { Ticket } from '@contracts/ticket'
import { pickLang, type Lang } from '../../shared/i18n'
import { formatInZone, formatRange, formatRangeAtOffset, parseUtcOffset } from '../../shared/format'
import QrCode from './qr-code'
import './ticket.scss'

/** the time in the activity's zone, labelled with it (as on the activity page) */
export function ticketTime(t: Pick<Ticket, 'startTime' | 'endTime' | 'timeZone'>): string {
  const offset = parseUtcOffset(t.timeZone)
  return offset === null ? formatRange(t.startTime, t.endTime) : `${formatRangeAtOffset(t.startTime, t.endTime, offset)} (${t.timeZone})`
}

/** 26 characters read aloud more easily in groups of four */
export const groupCode = (code: string) => code.replace(/(.{4})(?=.)/g, '$1 ')

export default function TicketCard({ ticket, lang }: { ticket: Ticket; lang: Lang }) {
  const { t } = useTranslation()
  const title = pickLang(ticket, 'title', lang)
  const place = [pickLang(ticket, 'city', lang), pickLang(ticket, 'address', lang)].filter(Boolean).join(' · ')
  return (
    <View className={`hj-ticket${ticket.valid ? '' : ' is-void'}`} data-testid='ticket-card' data-state={ticket.state}>
      <Text className='hj-ticket__title' data-testid='ticket-title'>
        {title}
      </Text>
      {ticket.valid && ticket.qrPayload ? (
        <View className='hj-ticket__qr-wrap'>
          <QrCode text={ticket.qrPayload} label={t('ticket.code')} />
          <Text className='hj-ticket__hint'>{t('ticket.scanHint')}</Text>
          <Text className='hj-ticket__code' data-testid='ticket-code' data-code={ticket.code}>
            {groupCode(ticket.code)}
          </Text>
        </View>
      ) : (
        <Text className='hj-ticket__void' data-testid='ticket-void'>
          {ticket.state === 'valid' ? t('ticket.missing') : t(`ticket.state.${ticket.state}`)}
        </Text>
      )}
      {ticket.checkedInAt && (
        <Text className='hj-ticket__checked' data-testid='ticket-checked-in'>
          {t('ticket.checkedIn', { time: formatInZone(ticket.checkedInAt, ticket.timeZone) })}
        </Text>
      )}
      <View className='hj-ticket__facts'>
        <View className='hj-ticket__fact'>
          <Text className='hj-ticket__k'>{t('ticket.holder')}</Text>
          <Text className='hj-ticket__v' data-testid='ticket-holder'>
            {ticket.holderName}
          </Text>
        </View>
        <View className='hj-ticket__fact'>
          <Text className='hj-ticket__k'>{t('ticket.time')}</Text>
          <Text className='hj-ticket__v' data-testid='ticket-time'>
            {ticketTime(ticket)}
          </Text>
        </View>
        {place && ticket.type !== 'online' && (
          <View className='hj-ticket__fact'>
            <Text className='hj-ticket__k'>{t('ticket.address')}</Text>
            <Text className='hj-ticket__v' data-testid='ticket-address'>
              {place}
            </Text>
          </View>
        )}
        {ticket.onlineUrl && ticket.type !== 'offline' && (
          <View className='hj-ticket__fact'>
            <Text className='hj-ticket__k'>{t('ticket.online')}</Text>
            <Text className='hj-ticket__v hj-ticket__link' data-testid='ticket-online' userSelect>
              {ticket.onlineUrl}
            </Text>
          </View>
        )}
      </View>
    </View>
  )
}
