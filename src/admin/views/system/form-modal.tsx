/**
 * The add/edit dialog the system views (roles, menus, menu buttons, admin accounts) share: what it
 * edits and its form (useEditDialog), shown in the common form dialog around a horizontal form
 * (labels 6, fields 17) that stays mounted while closed (forceRender) so the form can be filled before
 * the first opening.
 */
import React, { useCallback, useState } from 'react'
import { Form, Input } from 'antd'
import type { FormInstance, FormRule } from 'antd'
import { useTranslation } from 'react-i18next'
import { FormModal } from '../common/form-dialogs'

export interface EditDialog<E, V> {
  /** what the dialog edits; null = closed */
  editing: E | null
  form: FormInstance<V>
  /** open on `what` with the form reset to `values` */
  open(what: E, values: Partial<V>): void
  close(): void
}

export function useEditDialog<E, V>(): EditDialog<E, V> {
  const [form] = Form.useForm<V>()
  const [editing, setEditing] = useState<E | null>(null)
  const open = useCallback(
    (what: E, values: Partial<V>) => {
      setEditing(() => what)
      form.resetFields()
      form.setFieldsValue(values as Parameters<FormInstance<V>['setFieldsValue']>[0])
    },
    [form],
  )
  const close = useCallback(() => setEditing(null), [])
  return { editing, form, open, close }
}

/** Rules of a required text field that may not be blank, with the system area's message. */
export function useRequiredText(): FormRule[] {
  const { t } = useTranslation()
  return [{ required: true, whitespace: true, message: t('adm.system.common.required') }]
}

/** The required Chinese and English text of a system record (a role's name, a menu's title), one row each. */
export function BilingualFields({ names, labels, max, testId }: { names: [string, string]; labels: [string, string]; max: [number, number]; testId: string }) {
  const required = useRequiredText()
  return (
    <>
      {(['zh', 'en'] as const).map((lang, i) => (
        <Form.Item key={lang} name={names[i]} label={labels[i]} rules={required}>
          <Input maxLength={max[i]} data-testid={`${testId}-${lang}`} />
        </Form.Item>
      ))}
    </>
  )
}

export function SystemFormModal<E, V>({
  dialog,
  title,
  onOk,
  saving,
  saveTestId,
  width,
  children,
}: {
  dialog: EditDialog<E, V>
  title: React.ReactNode
  onOk: () => void
  saving?: boolean
  saveTestId: string
  width?: number
  children: React.ReactNode
}) {
  return (
    <FormModal open={dialog.editing !== null} title={title} onCancel={dialog.close} onSave={onOk} saving={saving} saveTestId={saveTestId} width={width} forceRender>
      <Form form={dialog.form} layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 17 }}>
        {children}
      </Form>
    </FormModal>
  )
}
