/**
 * The add/edit dialog and drawer of the list views: Save and Cancel, the save button's test id, and a
 * busy Save while the change is sent.
 */
import React from 'react'
import { Button, Drawer, Modal, Space, type ButtonProps, type DrawerProps, type ModalProps } from 'antd'
import { useTranslation } from 'react-i18next'

type Saving = {
  onSave(): void
  saving?: boolean
  saveTestId?: string
}

/** A dialog whose OK button saves (its text `okText`, Save by default). */
export function FormModal({ onSave, saving, saveTestId, okText, cancelText, children, ...modal }: Omit<ModalProps, 'onOk' | 'confirmLoading' | 'okButtonProps'> & Saving) {
  const { t } = useTranslation()
  return (
    <Modal
      okText={okText ?? t('adm.action.save')}
      cancelText={cancelText ?? t('adm.action.cancel')}
      {...modal}
      onOk={onSave}
      confirmLoading={saving}
      okButtonProps={saveTestId ? ({ 'data-testid': saveTestId } as ButtonProps) : undefined}
    >
      {children}
    </Modal>
  )
}

/**
 * A drawer with Cancel and Save in its header. `formId`: Save submits that form (its onFinish saves)
 * instead of calling onSave; `cancel` false: Save alone.
 */
export function FormDrawer({
  onSave,
  saving,
  saveTestId,
  formId,
  cancel = true,
  children,
  ...drawer
}: Omit<DrawerProps, 'extra'> & Partial<Saving> & { formId?: string; cancel?: boolean }) {
  const { t } = useTranslation()
  return (
    <Drawer
      {...drawer}
      extra={
        <Space>
          {cancel ? <Button onClick={(e) => drawer.onClose?.(e)}>{t('adm.action.cancel')}</Button> : null}
          <Button type="primary" loading={saving} onClick={formId ? undefined : onSave} htmlType={formId ? 'submit' : 'button'} form={formId} data-testid={saveTestId}>
            {t('adm.action.save')}
          </Button>
        </Space>
      }
    >
      {children}
    </Drawer>
  )
}
