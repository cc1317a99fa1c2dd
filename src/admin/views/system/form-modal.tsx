/**
 * The add/edit dialog the system views (roles, menus, menu buttons, admin accounts) share: the common
 * form dialog around a horizontal form (labels 6, fields 17) that stays mounted while closed
 * (forceRender) so `form.setFieldsValue` works before the first open.
 */
import React from 'react'
import { Form } from 'antd'
import type { FormInstance, FormRule } from 'antd'
import { useTranslation } from 'react-i18next'
import { FormModal } from '../common/form-dialogs'

/** Rules of a required text field that may not be blank, with the system area's message. */
export function useRequiredText(): FormRule[] {
  const { t } = useTranslation()
  return [{ required: true, whitespace: true, message: t('adm.system.common.required') }]
}

export function SystemFormModal<T>({
  open,
  title,
  form,
  onCancel,
  onOk,
  saving,
  saveTestId,
  width,
  children,
}: {
  open: boolean
  title: React.ReactNode
  form: FormInstance<T>
  onCancel: () => void
  onOk: () => void
  saving?: boolean
  saveTestId: string
  width?: number
  children: React.ReactNode
}) {
  return (
    <FormModal open={open} title={title} onCancel={onCancel} onSave={onOk} saving={saving} saveTestId={saveTestId} width={width} forceRender>
      <Form form={form} layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 17 }}>
        {children}
      </Form>
    </FormModal>
  )
}
