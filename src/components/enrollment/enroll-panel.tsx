/**
 * The enrolment panel of the activity detail page (no route of its own): a dialog on desktop, a
 * full-screen sheet on mobile and in the weapp. Mode 'form' shows the notes first, then the form and
 * submits it; mode 'view' shows the caller's enrolment (status, answers, calendar file). With `waitlist`
 * (the activity is full and its waiting list is on) the same form joins the waiting list instead.
 */
import { useEffect, useMemo, useRef, useState } from 'react'
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { useLang } from '../../shared/hooks/use-lang'
import type { EnrollAnswerValue, EnrollAnswers, EnrollForm, EnrollRefusal, EnrollSubmitResult } from '@contracts/enrollment'
import { pickLang } from '../../shared/i18n'
import { formatDateTime } from '../../shared/format'
import { promoterFor, submitEnrollment } from '../../shared/api/enrollment'
import { askSubscribe, prepareSubscribe } from '../../shared/platform/subscribe-message'
import { useAuth } from '../../shared/stores/auth-store'
import EnrollFormFields, { EnrollAnswersView, errorText } from './enroll-form-fields'
import Form from '../ui/form'
import CalendarLink from './calendar-link'
import { StatusBadge } from './status-badge'
import { checkAnswers, cleanAnswers, type FieldErrors, type FieldReason } from '@contracts/enrollment-answers'
import { prefill } from './prefill'
import './enrollment.scss'
import { hideToast, toast } from '../../shared/stores/toast-store'
import { joinWaitlist } from '../../shared/api/ticket'
import type { WaitlistEntry } from '@contracts/ticket'
// this part of the texts travels with the pages that use it (mini-program: not in the main package)
import '../../shared/i18n/sections/enrollment'

export type PanelMode = 'form' | 'view'

export interface EnrollPanelProps {
  activityId: number
  mode: PanelMode
  form: EnrollForm | null
  loadFailed: boolean
  mobile: boolean
  onRetry(): void
  onClose(): void
  /** after a successful enrolment */
  onEnrolled(result: EnrollSubmitResult): void
  /** after an answer that changes the state (424, 519, 425): reload the page's state */
  onStale(): void
  /** the form joins the waiting list (contracts/ticket.ts WAITLIST_API.join) */
  waitlist?: boolean
  /** after joining the waiting list */
  onWaitlisted?(entry: WaitlistEntry): void
}

export default function EnrollPanel({ activityId, mode, form, loadFailed, mobile, onRetry, onClose, onEnrolled, onStale, waitlist, onWaitlisted }: EnrollPanelProps) {
  const { t } = useTranslation()
  const lang = useLang()
  const user = useAuth((s) => s.user)
  const token = useAuth((s) => s.token)
  const [values, setValues] = useState<EnrollAnswers>({})
  const [errors, setErrors] = useState<FieldErrors>({})
  const [busy, setBusy] = useState(false)

  // prefill once the form arrives (e-mail / phone of the logged-in person)
  useEffect(() => {
    if (form && mode === 'form') setValues((v) => ({ ...prefill(form.fields, token ? user : null), ...v }))
  }, [form, mode, token, user])
  // mini-program: the WeChat templates to ask for at submit (the ask must happen within the tap)
  useEffect(() => {
    if (form && mode === 'form' && token) prepareSubscribe()
  }, [form, mode, token])

  const notes = form ? pickLang(form, 'enrollNotes', lang) : ''
  const title = form ? pickLang(form, 'title', lang) : ''
  const mine = form?.myEnrollment ?? null
  const fields = useMemo(() => form?.fields ?? [], [form])

  // the toast naming a field's problem: it goes as soon as that field is answered, not 2.5 s later
  const fieldToast = useRef<{ key: string; id: number } | null>(null)
  const change = (key: string, v: EnrollAnswerValue) => {
    setValues((s) => ({ ...s, [key]: v }))
    if (errors[key]) setErrors((e) => {
      const { [key]: _gone, ...rest } = e
      return rest
    })
    if (fieldToast.current?.key === key) {
      hideToast(fieldToast.current.id)
      fieldToast.current = null
    }
  }

  const say = (title: string) => toast(title, { duration: 2500 })
  const sayAbout = (key: string, title: string) => {
    fieldToast.current = { key, id: say(title) }
  }

  const submit = async () => {
    if (!form || busy) return
    const found = checkAnswers(fields, values)
    if (Object.keys(found).length) {
      setErrors(found)
      const first = fields.find((f) => found[f.key])!
      sayAbout(first.key, `${pickLang(first, 'label', lang)}: ${errorText(t, found[first.key])}`)
      return
    }
    setBusy(true)
    // before any await: WeChat accepts the subscription request only within the tap (a no-op on H5)
    if (token) void askSubscribe()
    try {
      const body = { activityId, answers: cleanAnswers(fields, values), ...(promoterFor(activityId) ? { promoterCode: promoterFor(activityId) as string } : {}) }
      const env = waitlist ? await joinWaitlist(body) : await submitEnrollment(body)
      if (env.code === 200) {
        if (waitlist) {
          const entry = env.result as WaitlistEntry
          say(t('waitlist.joined', { n: entry.position ?? '—' }))
          onWaitlisted?.(entry)
        } else {
          const done = env.result as EnrollSubmitResult
          say(done.status === 'pending' ? t('enrollment.successPending') : t('enrollment.success'))
          onEnrolled(done)
        }
        return
      }
      if (env.code === 301) {
        const r = (env.result || {}) as { field?: string; reason?: FieldReason }
        const f = fields.find((x) => x.key === r.field)
        if (f) {
          const e = { reason: r.reason ?? 'type' }
          setErrors((s) => ({ ...s, [f.key]: e }))
          sayAbout(f.key, `${pickLang(f, 'label', lang)}: ${errorText(t, e)}`)
        } else say(t('request.301'))
        return
      }
      if (waitlist) {
        // 662 no list, 663 already on it, 665 seats free again, 424 / 425 like enrolling: the server's words
        say(env.message || t(`request.${env.code}`))
        onStale()
        return
      }
      if (env.code === 424) say(t('enrollment.duplicate'))
      else if (env.code === 519) say(t('enrollment.full'))
      else if (env.code === 425) {
        const reason = (env.result as { reason?: EnrollRefusal } | null)?.reason
        say(reason ? t(`enrollment.refused.${reason}`) : t('request.425'))
      } else say(t(`request.${env.code}`, { defaultValue: env.message }))
      if ([424, 519, 425].includes(env.code)) onStale()
    } catch {
      // HTTP failures: the request client already handled a 401; others leave the form as it was
    } finally {
      setBusy(false)
    }
  }

  const seats = form
    ? form.peopleCount > 0
      ? t('enrollment.seats', { enrolled: form.enrolledCount, total: form.peopleCount })
      : t('enrollment.seatsUnlimited', { enrolled: form.enrolledCount })
    : ''

  return (
    <View className={`hj-ep-mask${mobile ? ' is-mobile' : ' is-desktop'}`} data-testid='enroll-panel' data-mode={mode}>
      <View className='hj-ep'>
        <View className='hj-ep__head'>
          <View className='hj-ep__titles'>
            <Text className='hj-ep__title'>{mode === 'view' ? t('enrollment.mine') : waitlist ? t('waitlist.formTitle') : t('enrollment.title')}</Text>
            {title && <Text className='hj-ep__sub'>{title}</Text>}
          </View>
          <Text className='hj-ep__close' data-testid='enroll-close' onClick={onClose}>
            ✕
          </Text>
        </View>
        <View className='hj-ep__body'>
          {!form ? (
            <View className='hj-ep__state'>
              <Text>{loadFailed ? t('enrollment.loadFailed') : t('common.loading')}</Text>
              {loadFailed && (
                <Text className='hj-ef__link' onClick={onRetry}>
                  {t('enrollment.retry')}
                </Text>
              )}
            </View>
          ) : mode === 'view' && mine ? (
            <View data-testid='enroll-view'>
              <View className='hj-ep__status'>
                <StatusBadge status={mine.status} />
                <Text className='hj-ep__when'>{t('enrollment.submittedAt', { time: formatDateTime(mine.createdAt) })}</Text>
              </View>
              <Text className='hj-ep__section'>{t('enrollment.answers')}</Text>
              <EnrollAnswersView fields={fields} answers={mine.answers} />
              {mine.status === 'approved' && <CalendarLink activityId={activityId} />}
            </View>
          ) : (
            <View data-testid='enroll-form'>
              {notes && (
                <View className='hj-ep__notes' data-testid='enroll-notes'>
                  <Text className='hj-ep__notes-title'>{t('enrollment.notesTitle')}</Text>
                  <Text className='hj-ep__notes-text'>{notes}</Text>
                </View>
              )}
              <Text className='hj-ep__seats'>{waitlist ? t('waitlist.full') : seats}</Text>
              {!token && <Text className='hj-ep__guest'>{t('enrollment.guestNote')}</Text>}
              {fields.length ? (
                // the submit button sits in the panel's fixed foot, outside the scrolling body
                <Form onSubmit={() => void submit()}>
                  <EnrollFormFields fields={fields} values={values} errors={errors} onChange={change} canUpload={!!token} />
                </Form>
              ) : (
                <Text className='hj-ep__empty'>{t('enrollment.empty')}</Text>
              )}
            </View>
          )}
        </View>
        {form && mode === 'form' && (
          <View className='hj-ep__foot'>
            <View className={`hj-ep__submit${busy ? ' is-busy' : ''}`} data-testid='enroll-submit' onClick={submit}>
              {busy ? t('enrollment.submitting') : waitlist ? t('waitlist.submit') : t('enrollment.submit')}
            </View>
          </View>
        )}
      </View>
    </View>
  )
}
