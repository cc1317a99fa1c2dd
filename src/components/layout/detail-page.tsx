import type { ReactNode } from 'react'
import Layout from '.'
import { DetailBody } from '../ui/detail'
import type { DetailState } from '../../shared/hooks/use-detail'

/**
 * A detail page in the frame (its item's title as the page title): loading, not found, or the item
 * rendered by `children`. `detail` is what useQueryDetail answers.
 */
export default function DetailPage<T>({ path, titleKey, detail, testid, children }: { path: string; titleKey: string; detail: DetailState<T> & { title: string }; testid: string; children: (data: T) => ReactNode }) {
  return (
    // a missing item: the title says so ("Not found - 海交"), not the page kind
    <Layout path={path} titleKey={detail.missing ? 'notFound.pageTitle' : titleKey} title={detail.missing ? undefined : detail.title}>
      <DetailBody loading={detail.loading} missing={detail.missing} testid={testid}>
        {detail.data && children(detail.data)}
      </DetailBody>
    </Layout>
  )
}
