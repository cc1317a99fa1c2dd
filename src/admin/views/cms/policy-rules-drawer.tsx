/**
 * A policy's match rules as cards (the "rule card" editor): degree, age range, overseas and return years,
 * cities, titles, platform natures, professional fields (dictionary options of /policy/match/options) and
 * the foreign-descent limit. Each card saves on its own; min age ≤ max age is checked here and on the server.
 */
import React, { useEffect, useState } from 'react'
import { Button, Card, Col, Drawer, Empty, Form, InputNumber, Popconfirm, Row, Select, Space } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { EMPTY_POLICY_RULE, type MatchOptions, type PolicyRule } from '@contracts/policy'
import { deletePolicyRule, matchOptions, policyRules, savePolicyRule } from '../../api/cms'
import type { OptionItem } from '@contracts/api'
import { feedback } from '../../core/feedback'
import { Permission, usePermission } from '../../core/permission'
import { useLoaded } from '../common/use-loaded'
import { pick } from './cms-common'

type Card = Partial<PolicyRule> & { key: string }

function RuleCard({ rule, index, policyId, options, lang, onSaved, onRemoved }: {
  rule: Card
  index: number
  policyId: number
  options: MatchOptions | null
  lang: 'zh' | 'en'
  onSaved(r: PolicyRule): void
  onRemoved(): void
}) {
  const { t } = useTranslation()
  const [form] = Form.useForm()
  const [saving, setSaving] = useState(false)
  const canEdit = usePermission('rule')
  const opts = (list: OptionItem[] | undefined) => (list ?? []).map((o) => ({ value: o.code, label: pick(lang, o.nameZh, o.nameEn) }))

  const save = async () => {
    const v = await form.validateFields()
    setSaving(true)
    try {
      const env = await savePolicyRule({ ...EMPTY_POLICY_RULE, ...v, policyId, ...(rule.id ? { id: rule.id } : {}) })
      if (env.code === 200 && env.result) {
        feedback().success(t('adm.cms.saved'))
        onSaved(env.result)
      }
    } finally {
      setSaving(false)
    }
  }
  const remove = async () => {
    if (!rule.id || (await deletePolicyRule(rule.id)).code === 200) onRemoved()
  }

  return (
    <Card
      size="small"
      style={{ marginBottom: 16 }}
      title={t('adm.cms.rule.card', { n: index + 1 })}
      data-testid={`cms-rule-card-${index}`}
      extra={
        <Permission name="rule">
          <Space>
            <Popconfirm title={t('adm.cms.deleteConfirm')} onConfirm={remove}>
              <Button size="small" danger>
                {t('adm.cms.delete')}
              </Button>
            </Popconfirm>
            <Button size="small" type="primary" loading={saving} onClick={save} data-testid={`cms-rule-save-${index}`}>
              {t('adm.cms.save')}
            </Button>
          </Space>
        </Permission>
      }
    >
      <Form form={form} layout="vertical" disabled={!canEdit} initialValues={{ ...EMPTY_POLICY_RULE, ...rule }}>
        <Row gutter={12}>
          <Col span={6}>
            <Form.Item name="degree" label={t('adm.cms.rule.degree')}>
              <Select allowClear placeholder={t('adm.cms.rule.any')} options={opts(options?.degrees)} />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="minAge" label={t('adm.cms.rule.minAge')}>
              <InputNumber min={0} max={100} precision={0} style={{ width: '100%' }} data-testid={`cms-rule-min-age-${index}`} />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item
              name="maxAge"
              label={t('adm.cms.rule.maxAge')}
              dependencies={['minAge']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, v) => {
                    const min = getFieldValue('minAge')
                    return v == null || min == null || min <= v ? Promise.resolve() : Promise.reject(new Error(t('adm.cms.rule.minMax')))
                  },
                }),
              ]}
            >
              <InputNumber min={0} max={100} precision={0} style={{ width: '100%' }} data-testid={`cms-rule-max-age-${index}`} />
            </Form.Item>
          </Col>
          <Col span={5}>
            <Form.Item name="minOverseasYears" label={t('adm.cms.rule.minOverseasYears')}>
              <InputNumber min={0} max={80} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={5}>
            <Form.Item name="maxReturnYears" label={t('adm.cms.rule.maxReturnYears')}>
              <InputNumber min={0} max={80} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          {(['cities', 'titles', 'platformNatures', 'professionalFields'] as const).map((f) => (
            <Col span={12} key={f}>
              <Form.Item name={f} label={t(`adm.cms.rule.${f}`)}>
                <Select mode="multiple" allowClear placeholder={t('adm.cms.rule.any')} optionFilterProp="label" options={opts(options?.[f])} />
              </Form.Item>
            </Col>
          ))}
          <Col span={12}>
            <Form.Item name="foreignDescent" label={t('adm.cms.rule.foreignDescent')}>
              <Select options={(['any', 'chinese_only', 'foreign_descent_allowed'] as const).map((v) => ({ value: v, label: t(`adm.cms.rule.fd.${v}`) }))} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Card>
  )
}

export function PolicyRulesDrawer({ policy, lang, onClose, onChanged }: { policy: { id: number; title: string } | null; lang: 'zh' | 'en'; onClose(): void; onChanged(): void }) {
  const { t } = useTranslation()
  const [cards, setCards] = useState<Card[]>([])
  // the rule cards' choices, once (the first time the drawer opens)
  const options = useLoaded(matchOptions, !!policy)

  const policyId = policy?.id
  useEffect(() => {
    setCards([])
    if (!policyId) return
    policyRules(policyId)
      .then((env) => env.code === 200 && Array.isArray(env.result) && setCards(env.result.map((r) => ({ ...r, key: `r${r.id}` }))))
      .catch(() => undefined)
  }, [policyId])


  return (
    <Drawer open={!!policy} width={980} title={t('adm.cms.rule.title', { title: policy?.title ?? '' })} onClose={onClose} data-testid="cms-rules-drawer"
      extra={
        <Permission name="rule">
          <Button icon={<PlusOutlined />} onClick={() => setCards((c) => [...c, { ...EMPTY_POLICY_RULE, key: `n${Date.now()}` }])} data-testid="cms-rule-add">
            {t('adm.cms.rule.add')}
          </Button>
        </Permission>
      }
    >
      {cards.length === 0 ? <Empty description={t('adm.cms.rule.none')} /> : null}
      {policy
        ? cards.map((c, i) => (
            <RuleCard
              key={c.key}
              rule={c}
              index={i}
              policyId={policy.id}
              options={options}
              lang={lang}
              onSaved={(r) => {
                setCards((list) => list.map((x) => (x.key === c.key ? { ...r, key: c.key } : x)))
                onChanged()
              }}
              onRemoved={() => {
                setCards((list) => list.filter((x) => x.key !== c.key))
                onChanged()
              }}
            />
          ))
        : null}
    </Drawer>
  )
}
