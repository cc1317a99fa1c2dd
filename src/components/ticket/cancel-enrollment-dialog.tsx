/**
 * The one "cancel this enrolment?" confirmation (keep / cancel, the cancel button in the danger colour),
 * asked by the ticket page, "My activities" in the personal centre and the activity's enrolment section.
 * The caller does the cancelling (its request differs: enrolment id or a visitor's token) and says which
 * test id the dialog carries.
 */
import { useTranslation } from 'react-i18next'
import ConfirmDialog from '../ui/confirm-dialog'

export default function CancelEnrollmentDialog({ testid, busy, onOk, onCancel }: { testid: string; busy: boolean; onOk(): void; onCancel(): void }) {
  const { t } = useTranslation()
  return <ConfirmDialog testid={testid} title={t('ticket.cancelTitle')} body={t('ticket.cancelBody')} ok={t('ticket.cancelOk')} cancel={t('ticket.keep')} danger busy={busy} onOk={onOk} onCancel={onCancel} />
}
