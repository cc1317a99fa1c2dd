import ComingSoon from '../../components/coming-soon'

/** /project — lands with its own issue; until then a bilingual "coming soon" inside the frame. */
export default function Page() {
  return <ComingSoon path='/project' titleKey='page.project' />
}
