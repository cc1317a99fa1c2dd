/**
 * The admin's one door to the request client (src/shared/api): the area modules here are the only admin
 * files that import it (the lint refuses it elsewhere). Answers stay the API envelope, as request() gives
 * them: views read `code` (a 301 names the field) and the `request.{code}` warning has already been shown
 * unless the call is silent; network and HTTP failures reject with HttpError.
 */
import { request, type Envelope } from '../../shared/api/request'
import type { Page } from '@contracts/api'

export type { Envelope, Page }
export { HttpError, checkVersion, configureRequest, maybeRefreshToken, saveLogin } from '../../shared/api/request'

/** List filters and paging as the query of a GET (blank values are dropped by the list hook). */
export type ListQuery = Record<string, string | number | boolean>

/** One paged list endpoint: GET with the query → Page<T>. */
export type ListLoader<T> = (query: ListQuery) => Promise<Envelope<Page<T>>>

export const get = <T = unknown>(url: string, data?: object, silent?: boolean): Promise<Envelope<T>> =>
  request<T>({ url, method: 'GET', data, ...(silent ? { silent } : {}) })

export const post = <T = unknown>(url: string, data?: unknown, silent?: boolean): Promise<Envelope<T>> =>
  request<T>({ url, method: 'POST', data, ...(silent ? { silent } : {}) })

/** DELETE url?<query> (the server reads the id from the query); `body` only where the endpoint wants one. */
export const del = <T = unknown>(url: string, query: Record<string, string | number>, body?: object): Promise<Envelope<T>> =>
  request<T>({ url: `${url}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, method: 'DELETE', ...(body ? { data: body } : {}) })

/** A list endpoint as a ListLoader. */
export const lister =
  <T>(url: string): ListLoader<T> =>
  (query) =>
    get<Page<T>>(url, query)

/** An envelope call as a loader of its result (null when refused): for choices a view loads once. */
export const unwrap =
  <T>(call: () => Promise<Envelope<T>>) =>
  async (): Promise<T | null> => {
    const env = await call()
    return env.code === 200 ? env.result : null
  }
