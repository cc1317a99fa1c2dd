import React from 'react'
import { Form, Input } from 'antd'
import { useTranslation } from 'react-i18next'

/**
 * New password + confirmation, with the sign-up rules of spec section 5 (required, at least 6
 * characters, confirmation equal). Used by organizer registration and password recovery.
 */
export function PasswordFields({ labelPrefix, testIdPrefix }: { labelPrefix: string; testIdPrefix: string }) {
  const { t } = useTranslation()
  return (
    <>
      <Form.Item
        name="password"
        label={t(`${labelPrefix}.password`)}
        rules={[
          { required: true, message: t('adm.validate.passwordRequired') },
          { min: 6, message: t('adm.validate.passwordMin') },
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid={`${testIdPrefix}-password`} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t(`${labelPrefix}.confirm`)}
        dependencies={['password']}
        rules={[
          { required: true, message: t('adm.validate.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_, v) =>
              !v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('adm.validate.confirmMismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid={`${testIdPrefix}-confirm`} />
      </Form.Item>
    </>
  )
}
