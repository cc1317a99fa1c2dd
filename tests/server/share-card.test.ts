/**
 * The mini-program's default share card: a PNG drawn for WeChat's 5 : 4 chat card (500 × 400), served
 * publicly at /static/share/ with a day of caching; an encoded `..` does not reach other server assets.
 */
import { describeEachDb } from './harness'

describeEachDb('share card asset', (h) => {
  test('GET /static/share/haijiao-card.png: a 500 × 400 PNG, cacheable, no login', async () => {
    const res = await h().app.inject({ method: 'GET', url: '/static/share/haijiao-card.png' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    expect(String(res.headers['cache-control'])).toContain('max-age=86400')
    const png = res.rawPayload
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([500, 400])
    expect(png.length).toBeLessThan(128 * 1024)
  })

  test('an encoded way out of the folder reaches no other file; an unknown name is no picture', async () => {
    const probes: [string, string][] = [
      ['/static/share/..%2f..%2fsrc%2fapp.ts', 'buildApp'],
      ['/static/share/..%2f..%2f..%2fpackage.json', '"name": "haijiao"'],
    ]
    for (const [url, secret] of probes) {
      const res = await h().app.inject({ method: 'GET', url })
      expect([url, res.body.includes(secret)]).toEqual([url, false])
    }
    const missing = await h().app.inject({ method: 'GET', url: '/static/share/nothing.png' })
    expect(missing.headers['content-type']).not.toBe('image/png')
  })
})
