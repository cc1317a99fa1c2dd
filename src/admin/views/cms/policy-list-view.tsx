/**
 * 'cms/policy/list' (CMS › Policies): search, status and level filters, sortable columns, paging; add/edit
 * in the policy drawer, publish/unpublish (queues the subscribers' digest), delete, and the match rules
 * drawer (rule cards used by /policy/match/run).
 */
import React, { useState } from 'react'

import { useTranslation } from 'react-i18next'
import type { AdminPolicyRow } from '@contracts/admin-cms'
import { listPolicies, policies } from '../../api/cms'
import { useTableList } from '../common/use-table-list'
import { useEditing } from '../common/use-editing'
import { FilterSelect } from '../common/list-toolbar'
import { RowLink } from '../common/row-actions'
import type { ViewProps } from '../view-props'
import { CmsListCard, CmsRowActions, cmsColumns, pick } from './cms-common'
import { LEVELS, PolicyDrawer } from './policy-drawer'
import { PolicyRulesDrawer } from './policy-rules-drawer'

export default function PolicyListView({ lang }: ViewProps) {
  const { t } = useTranslation()
  const q = useTableList<AdminPolicyRow>(listPolicies)
  const { editing, edit, close, saved } = useEditing<{ id: number | null }>(q.reload)
  const [rulesOf, setRulesOf] = useState<{ id: number; title: string } | null>(null)
  const col = cmsColumns<AdminPolicyRow>(t)

  return (
    <CmsListCard
      kind="policy"
      list={q}
      onAdd={() => edit({ id: null })}
      filters={<FilterSelect list={q} name="level" all={t('adm.cms.policy.allLevels')} width={160} options={LEVELS.map((l) => ({ value: l, label: t(`adm.cms.policy.levels.${l}`) }))} />}
      columns={[
        col.id,
        { title: t('adm.cms.field.title'), render: (_, r) => pick(lang, r.titleZh, r.titleEn) },
        { title: t('adm.cms.policy.level'), dataIndex: 'level', width: 100, render: (l) => t(`adm.cms.policy.levels.${l}`) },
        { title: t('adm.cms.policy.city'), width: 110, render: (_, r) => pick(lang, r.cityZh, r.cityEn) || '—' },
        { title: t('adm.cms.rule.count'), dataIndex: 'ruleCount', width: 90 },
        col.status,
        col.publishedAt,
        {
          title: t('adm.table.actions'),
          width: 230,
          render: (_, r) => (
            <CmsRowActions prefix="cms-policy" row={r} api={policies} onEdit={() => edit({ id: r.id })} onChanged={q.reload}>
              <RowLink onClick={() => setRulesOf({ id: r.id, title: pick(lang, r.titleZh, r.titleEn) })} data-testid={`cms-policy-rules-${r.id}`}>
                {t('adm.cms.rule.open')}
              </RowLink>
            </CmsRowActions>
          ),
        },
      ]}
    >
      <PolicyDrawer id={editing?.id ?? null} open={!!editing} lang={lang} onClose={close} onSaved={saved} />
      <PolicyRulesDrawer policy={rulesOf} lang={lang} onClose={() => setRulesOf(null)} onChanged={q.reload} />
    </CmsListCard>
  )
}
