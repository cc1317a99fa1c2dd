import { loginUrlFor, parseRedirect, targetUrl } from '../core/navigation'

describe('admin login redirect (route guard)', () => {
  test('the guard puts the path and query into one JSON redirect parameter', () => {
    const url = loginUrlFor('/admin/system/user', '?page=2&keyword=a%20b')
    expect(url.startsWith('/admLogin?redirect=')).toBe(true)
    const redirect = new URLSearchParams(url.split('?')[1]).get('redirect')!
    expect(JSON.parse(redirect)).toEqual({ path: '/admin/system/user', query: { page: '2', keyword: 'a b' } })
  })

  test('the login page reads the JSON form back into the same view and query', () => {
    const search = `?${loginUrlFor('/admin/system/user', '?page=2').split('?')[1]}`
    const target = parseRedirect(search)
    expect(target).toEqual({ path: '/system/user', query: { page: '2' } })
    expect(targetUrl(target)).toBe('/system/user?page=2')
  })

  test('the plain form from the request client 401 flow works too', () => {
    const target = parseRedirect(`?redirect=${encodeURIComponent('/admin/system/role?x=1')}`)
    expect(targetUrl(target)).toBe('/system/role?x=1')
  })

  test('no redirect, foreign URLs and auth pages all lead to the admin home', () => {
    expect(parseRedirect('')).toEqual({ path: '/', query: {} })
    expect(parseRedirect(`?redirect=${encodeURIComponent('https://evil.example/x')}`).path).toBe('/')
    expect(parseRedirect(`?redirect=${encodeURIComponent('//evil.example/x')}`).path).toBe('/')
    expect(parseRedirect(`?redirect=${encodeURIComponent('/admin/admLogin')}`).path).toBe('/')
  })
})
