/**
 * Renders an activity's application form from its definition: the nine field types of spec section 3
 * (single line, multi line, number, date, e-mail, single select, multi select, dropdown, attachment).
 * Controlled: `values` + `onChange(key, value)`; `errors` shows the message under its field.
 * Only Taro components (no DOM), so the same renderer runs in H5 and in the weapp. Text, e-mail, number
 * and multi-line answers are ui/field (AtInput) and ui/textarea (AtTextarea), whose titles are the labels;
 * the other types keep their label line above the control.
 * Test ids: enroll-field-<key> (data-type), enroll-input-<key>, enroll-option-<key>-<value>,
 * enroll-picker-<key>, enroll-upload-<key>, enroll-error-<key>.
 * Stays ours: the option chips (AtRadio / AtCheckbox options take only label, value, desc and disabled —
 * no per-option test id, role or aria-checked — are full-width list rows, not chips, and draw the icon font's check);
 * the date picker is Taro's Picker (taro-ui has no picker component), and so is the dropdown in the
 * mini-program; H5's dropdown is our list sheet (select-sheet.tsx).
 */
import { useState } from 'react'
import { View, Text, Picker } from '@tarojs/components'
import { Img } from '../ui/media'
import { pressable } from '../ui/pressable'
import SelectSheet from './select-sheet'
import Field from '../ui/field'
import TextArea from '../ui/textarea'
import { useTranslation } from 'react-i18next'
import { useLang } from '../../shared/hooks/use-lang'
import type { EnrollAnswerValue, EnrollAnswers, EnrollFormField } from '@contracts/enrollment'
import { pickLang, type Lang } from '../../shared/i18n'
import { chooseAndUploadAttachment, fileUrl } from '../../shared/api/enrollment'
import { defaultMaxLength, type FieldError, type FieldErrors } from '@contracts/enrollment-answers'
// this part of the texts travels with the pages that use it (mini-program: not in the main package)
import '../../shared/i18n/sections/enrollment'

export interface EnrollFormFieldsProps {
  fields: EnrollFormField[]
  values: EnrollAnswers
  errors: FieldErrors
  onChange(key: string, value: EnrollAnswerValue): void
  /** uploads need a login: visitors see a hint instead of the button */
  canUpload: boolean
}

export function errorText(t: (k: string, o?: Record<string, unknown>) => string, e: FieldError): string {
  return t(`enrollment.err.${e.reason}`, e.params ?? {})
}

function todayIso(): string {
  const d = new Date()
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`
}

function AttachmentField({ f, value, onChange, canUpload }: { f: EnrollFormField; value: string; onChange(v: string | null): void; canUpload: boolean }) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [name, setName] = useState('')
  const [failed, setFailed] = useState<string | null>(null)
  if (!canUpload) return <Text className='hj-ef__hint' data-testid={`enroll-upload-${f.key}`}>{t('enrollment.uploadLogin')}</Text>
  const pick = async () => {
    if (busy) return
    setBusy(true)
    setFailed(null)
    const r = await chooseAndUploadAttachment()
    setBusy(false)
    if (r.ok) {
      setName(r.name)
      onChange(r.url)
    } else if (r.reason === 'tooLarge') setFailed(t('enrollment.err.tooLarge'))
    else if (r.reason === 'failed') setFailed(r.message || t('enrollment.uploadFailed'))
  }
  return (
    <View className='hj-ef__upload'>
      {value ? (
        <View className='hj-ef__file' data-testid={`enroll-file-${f.key}`} data-url={value}>
          <Img className='hj-ef__thumb' src={fileUrl(value)} alt='' mode='aspectFill' />
          <Text className='hj-ef__fname'>{name || value.split('/').pop()}</Text>
          <Text className='hj-ef__link' onClick={pick}>
            {t('enrollment.replace')}
          </Text>
          <Text className='hj-ef__link hj-ef__link--muted' onClick={() => onChange(null)}>
            {t('enrollment.remove')}
          </Text>
        </View>
      ) : (
        <View className={`hj-ef__btn${busy ? ' is-busy' : ''}`} data-testid={`enroll-upload-${f.key}`} onClick={pick}>
          {busy ? t('enrollment.uploading') : `＋ ${t('enrollment.upload')}`}
        </View>
      )}
      <Text className={failed ? 'hj-ef__err' : 'hj-ef__hint'}>{failed || t('enrollment.uploadHint')}</Text>
    </View>
  )
}

/** H5 dropdown: the trigger opens the list sheet; a tap on an option answers it and closes the sheet */
function SelectControl({ f, value, onChange, lang }: { f: EnrollFormField; value: string | null; onChange(v: EnrollAnswerValue): void; lang: Lang }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const options = (f.options ?? []).map((o) => ({ value: o.value, label: pickLang(o, 'label', lang) }))
  const shown = options.find((o) => o.value === value)
  return (
    <>
      <View className={`hj-ef__select${shown ? '' : ' is-empty'}`} data-testid={`enroll-picker-${f.key}`} {...pressable()} onClick={() => setOpen(true)}>
        <Text>{shown ? shown.label : pickLang(f, 'placeholder', lang) || t('enrollment.selectPlaceholder')}</Text>
        <Text className='hj-ef__caret'>▾</Text>
      </View>
      {open && (
        <SelectSheet
          fieldKey={f.key}
          title={pickLang(f, 'label', lang)}
          options={options}
          value={value}
          onPick={(v) => {
            setOpen(false)
            onChange(v)
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  )
}

/** types whose control carries the label (ui/field, ui/textarea) */
const LABELLED: ReadonlySet<EnrollFormField['type']> = new Set(['text', 'email', 'number', 'textarea'])

function Control({ f, value, onChange, canUpload, lang }: { f: EnrollFormField; value: EnrollAnswerValue | undefined; onChange(v: EnrollAnswerValue): void; canUpload: boolean; lang: Lang }) {
  const { t } = useTranslation()
  const label = pickLang(f, 'label', lang)
  const placeholder = pickLang(f, 'placeholder', lang)
  const options = f.options ?? []
  // the H5 picker's buttons and date columns follow the page language (`lang` is an H5-only prop)
  const pickerText = { textProps: { okText: t('common.confirm'), cancelText: t('common.cancel') }, ...({ lang: lang === 'en' ? 'en-US' : 'zh-CN' } as object) }
  switch (f.type) {
    case 'text':
    case 'email':
    case 'number':
      return (
        <Field
          className='hj-ef__field'
          label={label}
          required={f.required}
          type={f.type === 'number' ? 'digit' : 'text'}
          value={value === undefined || value === null ? '' : String(value)}
          placeholder={placeholder || (f.type === 'number' ? t('enrollment.numberPlaceholder') : '')}
          maxlength={f.type === 'number' ? 20 : defaultMaxLength(f)}
          onChange={onChange}
          testId={`enroll-input-${f.key}`}
        />
      )
    case 'textarea':
      return (
        <TextArea
          className='hj-ef__field'
          label={label}
          required={f.required}
          value={typeof value === 'string' ? value : ''}
          placeholder={placeholder}
          maxlength={defaultMaxLength(f)}
          onChange={onChange}
          testId={`enroll-input-${f.key}`}
        />
      )
    case 'date':
      return (
        <Picker mode='date' {...pickerText} value={typeof value === 'string' && value ? value : todayIso()} start='1900-01-01' end='2100-12-31' onChange={(e) => onChange(String(e.detail.value))}>
          <View className={`hj-ef__select${value ? '' : ' is-empty'}`} data-testid={`enroll-picker-${f.key}`}>
            <Text>{typeof value === 'string' && value ? value : placeholder || t('enrollment.datePlaceholder')}</Text>
            <Text className='hj-ef__caret'>▾</Text>
          </View>
        </Picker>
      )
    case 'select': {
      const idx = options.findIndex((o) => o.value === value)
      // H5: our list sheet (select-sheet.tsx says why); the mini-program: WeChat's picker
      if (process.env.TARO_ENV === 'h5') return <SelectControl f={f} value={idx < 0 ? null : options[idx].value} onChange={onChange} lang={lang} />
      return (
        <Picker mode='selector' {...pickerText} range={options.map((o) => pickLang(o, 'label', lang))} value={idx < 0 ? 0 : idx} onChange={(e) => onChange(options[Number(e.detail.value)]?.value ?? null)}>
          <View className={`hj-ef__select${idx < 0 ? ' is-empty' : ''}`} data-testid={`enroll-picker-${f.key}`}>
            <Text>{idx < 0 ? placeholder || t('enrollment.selectPlaceholder') : pickLang(options[idx], 'label', lang)}</Text>
            <Text className='hj-ef__caret'>▾</Text>
          </View>
        </Picker>
      )
    }
    case 'radio':
    case 'checkbox': {
      // ours, not AtRadio / AtCheckbox: their options carry no test id, role or aria-checked (see the top)
      const multi = f.type === 'checkbox'
      const picked = multi ? (Array.isArray(value) ? value : []) : typeof value === 'string' ? [value] : []
      const toggle = (v: string) => {
        if (!multi) return onChange(v)
        const next = picked.includes(v) ? picked.filter((x) => x !== v) : [...picked, v]
        onChange(options.map((o) => o.value).filter((x) => next.includes(x)))
      }
      return (
        <View className='hj-ef__options' role={multi ? 'group' : 'radiogroup'}>
          {options.map((o) => {
            const on = picked.includes(o.value)
            return (
              <View
                key={o.value}
                className={`hj-ef__option${on ? ' is-on' : ''}${multi ? ' is-multi' : ''}`}
                role={multi ? 'checkbox' : 'radio'}
                aria-checked={on}
                data-testid={`enroll-option-${f.key}-${o.value}`}
                onClick={() => toggle(o.value)}
              >
                <Text className='hj-ef__mark'>{multi ? (on ? '☑' : '☐') : on ? '◉' : '○'}</Text>
                <Text>{pickLang(o, 'label', lang)}</Text>
              </View>
            )
          })}
        </View>
      )
    }
    case 'attachment':
      return <AttachmentField f={f} value={typeof value === 'string' ? value : ''} onChange={onChange} canUpload={canUpload} />
    default:
      return null
  }
}

export default function EnrollFormFields({ fields, values, errors, onChange, canUpload }: EnrollFormFieldsProps) {
  const { t } = useTranslation()
  const lang = useLang()
  return (
    <View className='hj-ef-list'>
      {fields.map((f) => {
        const e = errors[f.key]
        return (
          <View key={f.key} className={`hj-ef${e ? ' has-error' : ''}`} data-testid={`enroll-field-${f.key}`} data-type={f.type}>
            {!LABELLED.has(f.type) && (
              <View className='hj-ef__label'>
                {f.required && <Text className='hj-ef__req'>*</Text>}
                <Text>{pickLang(f, 'label', lang)}</Text>
              </View>
            )}
            <Control f={f} value={values[f.key]} onChange={(v) => onChange(f.key, v)} canUpload={canUpload} lang={lang} />
            {e && (
              <Text className='hj-ef__err' data-testid={`enroll-error-${f.key}`}>
                {errorText(t, e)}
              </Text>
            )}
          </View>
        )
      })}
    </View>
  )
}

/** read-only answers of a submitted enrolment ("registered — click to view") */
export function EnrollAnswersView({ fields, answers }: { fields: EnrollFormField[]; answers: EnrollAnswers }) {
  const { t } = useTranslation()
  const lang = useLang()
  const show = (f: EnrollFormField): string => {
    const v = answers[f.key]
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length)) return t('enrollment.noAnswer')
    const label = (x: string) => {
      const o = (f.options ?? []).find((y) => y.value === x)
      return o ? pickLang(o, 'label', lang) : x
    }
    if (Array.isArray(v)) return v.map(label).join(lang === 'zh' ? '、' : ', ')
    if (f.type === 'radio' || f.type === 'select') return label(String(v))
    return String(v)
  }
  return (
    <View className='hj-ea' data-testid='enroll-answers'>
      {fields.map((f) => (
        <View key={f.key} className='hj-ea__row' data-testid={`enroll-answer-${f.key}`}>
          <Text className='hj-ea__k'>{pickLang(f, 'label', lang)}</Text>
          {f.type === 'attachment' && typeof answers[f.key] === 'string' && answers[f.key] ? (
            <Img className='hj-ea__img' src={fileUrl(String(answers[f.key]))} alt={pickLang(f, 'label', lang)} mode='aspectFit' />
          ) : (
            <Text className='hj-ea__v'>{show(f)}</Text>
          )}
        </View>
      ))}
    </View>
  )
}
