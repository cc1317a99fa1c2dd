import ComingSoon from '../../components/coming-soon'

/** /orgProject — lands with its own issue; until then a bilingual "coming soon" inside the frame. */
export default function Page() {
  return <ComingSoon path='/orgProject' titleKey='page.orgProject' />
}
