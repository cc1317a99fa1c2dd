import { ADMIN_LOCALE_FILES, adminEn as en, adminZh as zh } from '../locales'

function keys(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  )
}

describe('admin translations', () => {
  test('zh-cn.json and en.json have the same keys', () => {
    expect(keys(zh).sort()).toEqual(keys(en).sort())
  })

  test('admin keys live under "adm" so the shallow merge into the shared i18n never hides shared keys', () => {
    expect(Object.keys(zh)).toEqual(['adm'])
    expect(Object.keys(en)).toEqual(['adm'])
  })

  test('each area file pairs with its other language and only adds keys (no area overrides another)', () => {
    ADMIN_LOCALE_FILES.zh.forEach((file, i) => {
      expect(keys(file as Record<string, unknown>).sort()).toEqual(keys(ADMIN_LOCALE_FILES.en[i] as Record<string, unknown>).sort())
    })
    const total = ADMIN_LOCALE_FILES.zh.reduce((n, f) => n + keys(f as Record<string, unknown>).length, 0)
    expect(keys(zh).length).toBe(total)
  })

  test('no empty texts', () => {
    const empty = (o: Record<string, unknown>): boolean =>
      Object.values(o).some((v) => (v && typeof v === 'object' ? empty(v as Record<string, unknown>) : !String(v).trim()))
    expect(empty(zh)).toBe(false)
    expect(empty(en)).toBe(false)
  })
})
