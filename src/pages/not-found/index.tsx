import NotFoundView from '../../components/layout/not-found-view'

/** /404: the not-found view in the frame (components/layout/not-found-view). */
export default function NotFoundPage() {
  return <NotFoundView />
}
