/**
 * Connect items to a topic (the "connect / select items" views): per type (activities, information) a
 * searchable picker on the left and the connected list on the right, ordered with up/down; saving
 * replaces that type's items in this order (POST /topic/admin/items).
 */
import React, { useEffect, useMemo, useState } from 'react'
import { Button, Modal, Tabs } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { AdminTopicDetail, TopicItemRef } from '@contracts/admin-cms'
import { listTopicCandidates, saveTopicItems, topicDetail } from '../../api/cms'
import { feedback } from '../../core/feedback'
import { useTableList } from '../common/use-table-list'
import { ListTable } from '../common/list-table'
import { KeywordSearch } from '../common/list-toolbar'
import { OrderedList } from '../common/ordered-list'
import { StatusTag, pick } from './cms-common'

type ItemType = 'activity' | 'information'
type Candidate = TopicItemRef & { time: string | null }

function Picker({ topicId, type, initial, lang, onSaved }: { topicId: number; type: ItemType; initial: TopicItemRef[]; lang: 'zh' | 'en'; onSaved(d: AdminTopicDetail): void }) {
  const { t } = useTranslation()
  const [selected, setSelected] = useState<TopicItemRef[]>(initial)
  const [saving, setSaving] = useState(false)
  const q = useTableList<Candidate>(listTopicCandidates, { type }, 8)
  useEffect(() => setSelected(initial), [initial])
  const chosen = new Set(selected.map((s) => s.id))

  const save = async () => {
    setSaving(true)
    try {
      const env = await saveTopicItems({ id: topicId, type, itemIds: selected.map((s) => s.id) })
      if (env.code === 200 && env.result) {
        feedback().success(t('adm.cms.saved'))
        onSaved(env.result)
      }
    } finally {
      setSaving(false)
    }
  }

  return (
    <div style={{ display: 'flex', gap: 16 }}>
      <div style={{ flex: 3 }}>
        <KeywordSearch placeholder={t('adm.cms.keyword')} button={false} list={q} style={{ width: '100%', marginBottom: 8 }} testId={`cms-items-${type}-search`} />
        <ListTable<Candidate>
          list={q}
          sort={false}
          size="small"
          pagination={{ ...q.pagination, showSizeChanger: false }}
          columns={[
            { title: t('adm.cms.field.title'), render: (_, r) => pick(lang, r.titleZh, r.titleEn) },
            { title: t('adm.table.status'), width: 90, dataIndex: 'status', render: (s) => <StatusTag status={s} /> },
            {
              title: '',
              width: 60,
              render: (_, r) => (
                <Button
                  size="small"
                  icon={<PlusOutlined />}
                  disabled={chosen.has(r.id)}
                  onClick={() => setSelected((s) => [...s, { type, id: r.id, titleZh: r.titleZh, titleEn: r.titleEn, status: r.status }])}
                  data-testid={`cms-items-add-${type}-${r.id}`}
                  aria-label={t('adm.cms.items.add')}
                />
              ),
            },
          ]}
        />
      </div>
      <div style={{ flex: 2 }}>
        <OrderedList
          items={selected}
          onReorder={setSelected}
          onRemove={(item) => setSelected((s) => s.filter((x) => x.id !== item.id))}
          label={(item) => pick(lang, item.titleZh, item.titleEn)}
          header={t('adm.cms.items.selected', { n: selected.length })}
          empty={t('adm.cms.items.none')}
        />
        <Button type="primary" block style={{ marginTop: 12 }} loading={saving} onClick={save} data-testid={`cms-items-save-${type}`}>
          {t('adm.cms.items.save')}
        </Button>
      </div>
    </div>
  )
}

export function TopicItemsModal({ topicId, lang, onClose, onChanged }: { topicId: number | null; lang: 'zh' | 'en'; onClose(): void; onChanged(): void }) {
  const { t } = useTranslation()
  const [detail, setDetail] = useState<AdminTopicDetail | null>(null)
  useEffect(() => {
    setDetail(null)
    if (!topicId) return
    topicDetail(topicId)
      .then((env) => env.code === 200 && env.result && setDetail(env.result))
      .catch(() => undefined)
  }, [topicId])
  const byType = useMemo(
    () => ({ activity: (detail?.items ?? []).filter((i) => i.type === 'activity'), information: (detail?.items ?? []).filter((i) => i.type === 'information') }),
    [detail],
  )
  return (
    <Modal
      open={!!topicId}
      width={1100}
      footer={null}
      onCancel={onClose}
      title={t('adm.cms.items.title', { title: detail ? pick(lang, detail.titleZh, detail.titleEn) : '' })}
      data-testid="cms-items-modal"
    >
      {detail ? (
        <Tabs
          items={(['activity', 'information'] as const).map((type) => ({
            key: type,
            label: t(`adm.cms.items.${type}`),
            children: (
              <Picker
                topicId={detail.id}
                type={type}
                initial={byType[type]}
                lang={lang}
                onSaved={(d) => {
                  setDetail(d)
                  onChanged()
                }}
              />
            ),
          }))}
        />
      ) : null}
    </Modal>
  )
}
