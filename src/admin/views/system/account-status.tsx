/** An account's state in the user lists: forbidden, locked, expired — or normal. */
import React from 'react'
import { Tag } from 'antd'
import { useTranslation } from 'react-i18next'

export function StatusTags({ row }: { row: { forbidden?: unknown; locked?: unknown; expired?: unknown; expiresAt?: unknown } }) {
  const { t } = useTranslation()
  const expired = !!row.expired || (typeof row.expiresAt === 'string' && new Date(row.expiresAt).getTime() < Date.now())
  const tags: React.ReactNode[] = []
  if (row.forbidden) tags.push(<Tag color="red" key="f">{t('adm.table.forbidden')}</Tag>)
  if (row.locked) tags.push(<Tag color="orange" key="l">{t('adm.table.locked')}</Tag>)
  if (expired) tags.push(<Tag key="e">{t('adm.table.expired')}</Tag>)
  if (!tags.length) tags.push(<Tag color="green" key="n">{t('adm.table.normal')}</Tag>)
  return <>{tags}</>
}
